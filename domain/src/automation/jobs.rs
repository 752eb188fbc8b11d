//! The automation jobs' payloads: what a caller enqueues (`queue::enqueue`), tied to its kind;
//! their handlers are in `crate::tasks`.
use crate::queue::{Family, Job};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct SmartPushJob {
    /// One workplace; none: every workplace with smart push on.
    #[serde(default)]
    pub workplace_id: Option<Uuid>,
}

impl Job for SmartPushJob {
    const KIND: &'static str = "smart_push";
    const FAMILY: Family = Family::Background;
}

#[derive(Debug, Serialize, Deserialize)]
pub struct SupplierSyncJob {
    pub workplace_id: Uuid,
    /// Only these products; none: every pushed product.
    #[serde(default)]
    pub product_ids: Option<Vec<Uuid>>,
}

impl Job for SupplierSyncJob {
    const KIND: &'static str = "supplier_sync";
    const FAMILY: Family = Family::Background;
}
