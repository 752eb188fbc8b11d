//! Delivers one row of `email_outbox`. The row is written with the change that caused it
//! (sign-up, reset request), so no email is lost if delivery has to wait.
use serde_json::{Value, json};

use crate::accounts::jobs::SendEmail;
use crate::context::TaskContext;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::outbox;

impl Handler<TaskContext> for SendEmail {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: SendEmail) -> Result<Value, JobFailure> {
        let Some(mail) = outbox::get(&ctx.pool, job.outbox_id).await? else {
            return Err(JobFailure::permanent("the email is no longer in the outbox"));
        };
        if mail.sent_at.is_some() {
            return Ok(json!({ "already_sent": true }));
        }
        ctx.mailer.send(&mail.to_address, &mail.subject, &mail.body).await.map_err(JobFailure::transient)?;
        outbox::mark_sent(&ctx.pool, job.outbox_id).await?;
        Ok(json!({ "outbox_id": job.outbox_id }))
    }
}
