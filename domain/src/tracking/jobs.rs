//! The tracking jobs' payloads: what a caller enqueues (`queue::enqueue`), tied to its kind;
//! their handlers are in `crate::tasks`.
use crate::queue::{Family, Job};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct TrackingSync {
    pub workplace_id: Option<Uuid>,
    pub source: Option<String>,
    pub source_order_ids: Option<Vec<i64>>,
    pub shipment_ids: Option<Vec<i64>>,
    #[serde(default)]
    pub now: bool,
}

/// The scheduled sync for everyone: a few at a time beside the other background work.
impl Job for TrackingSync {
    const KIND: &'static str = "tracking_sync";
    const FAMILY: Family = Family::Background;
}

/// The same sync asked for by an owner (Track now, Sync status, a refund sync's follow-up), who
/// watches its progress: it does not wait behind the background family's few slots, which the
/// scheduled catalogue, order and tracking syncs of every workplace may hold for minutes.
#[derive(Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TrackingSyncOnDemand(pub TrackingSync);

impl Job for TrackingSyncOnDemand {
    const KIND: &'static str = "tracking_sync_on_demand";
}

#[derive(Debug, Serialize, Deserialize)]
pub struct TrackingWriteback {
    pub shipment_id: i64,
}

impl Job for TrackingWriteback {
    const KIND: &'static str = "tracking_writeback";
    const FAMILY: Family = Family::Paced;
}
