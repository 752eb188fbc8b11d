//! The products jobs' payloads: what a caller enqueues (`queue::enqueue`), tied to its kind;
//! their handlers are in `crate::tasks`.
use crate::queue::Job;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Serialize, Deserialize)]
pub struct ImportProductJob {
    pub batch_id: Uuid,
    pub position: i32,
    pub workplace_id: Uuid,
}

impl Job for ImportProductJob {
    const KIND: &'static str = "import_product";
}

#[derive(Debug, Serialize, Deserialize)]
pub struct SplitProductJob {
    pub workplace_id: Uuid,
    pub product_id: Uuid,
    pub option: String,
}

impl Job for SplitProductJob {
    const KIND: &'static str = "split_product";
}
