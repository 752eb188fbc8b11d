//! `POST auth/first-time-in-app`: the first-visit bookkeeping and a welcome notification.
use serde_json::{Value, json};

use crate::accounts::jobs::Welcome;
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::notifications;

impl Handler<TaskContext> for Welcome {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: Welcome) -> Result<Value, JobFailure> {
        let mut tx = crate::db::begin(&ctx.pool).await.map_err(crate::Error::from)?;
        crate::store::users::mark_first_visit(&mut tx, job.user_id).await?;
        // The dedup key makes a re-run (a retry, a re-delivered job) a no-op.
        let id = notifications::insert(
            &mut tx,
            job.workplace_id,
            job.user_id,
            notifications::NewNotification {
                kind: "general",
                title: "Welcome to Dropline",
                body: "Find a product, import it and push it to your store: the quick-start guide on your home page walks you through it.",
                dedup_key: Some("welcome"),
            },
        )
        .await?;
        tx.commit().await.map_err(crate::Error::from)?;
        Ok(json!({ "notification_id": id }))
    }
}
