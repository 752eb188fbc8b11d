//! The accounts jobs' payloads: what a caller enqueues (`queue::enqueue`), tied to its kind;
//! their handlers are in `crate::tasks`.
use crate::queue::Job;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Serialize, Deserialize)]
pub struct SendEmail {
    pub outbox_id: i64,
}

impl Job for SendEmail {
    const KIND: &'static str = "send_email";
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Welcome {
    pub user_id: Uuid,
    pub workplace_id: Uuid,
}

impl Job for Welcome {
    const KIND: &'static str = "welcome";
}
