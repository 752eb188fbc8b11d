//! Writes an email to the outbox and queues its delivery, in the caller's transaction.
use serde_json::json;
use sqlx::PgConnection;

use crate::accounts::jobs::SendEmail;
use crate::error::Result;
use crate::queue;
use crate::store::outbox;

pub(super) async fn queue_email(conn: &mut PgConnection, to: &str, subject: &str, body: &str, link: &str) -> Result<()> {
    let body = format!("{body}\n\n{link}\n");
    let outbox_id = outbox::insert(conn, to, subject, &body, Some(link)).await?;
    queue::enqueue(conn, None, &SendEmail { outbox_id }, json!({ "outbox_id": outbox_id })).await?;
    Ok(())
}

pub(super) fn verification_link(base_url: &str, user_id: uuid::Uuid, code: &str) -> String {
    format!("{}/auth/email-verification?id={user_id}&code={code}", base_url.trim_end_matches('/'))
}

pub(super) async fn queue_verification(conn: &mut PgConnection, base_url: &str, to: &str, user_id: uuid::Uuid, code: &str) -> Result<()> {
    queue_email(
        conn,
        to,
        "Confirm your Dropline email address",
        "Welcome to Dropline! Open this link to confirm your email address:",
        &verification_link(base_url, user_id, code),
    )
    .await
}
