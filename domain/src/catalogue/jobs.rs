//! The catalogue jobs' payloads: what a caller enqueues (`queue::enqueue`), tied to its kind;
//! their handlers are in `crate::tasks`.
use crate::queue::{Family, Job};
use crate::values::Source;
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize)]
pub struct CatalogueDetailJob {
    pub source: Source,
    pub ids: Vec<String>,
}

impl Job for CatalogueDetailJob {
    const KIND: &'static str = "catalogue_detail";
    const FAMILY: Family = Family::Background;
}

#[derive(Debug, Serialize, Deserialize)]
pub struct CatalogueSyncJob {
    pub source: Source,
}

impl Job for CatalogueSyncJob {
    const KIND: &'static str = "catalogue_sync";
    const FAMILY: Family = Family::Background;
}
