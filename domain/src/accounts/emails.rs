//! Writes an email to the outbox and queues its delivery, in the caller's transaction.
use serde_json::json;
use sqlx::PgConnection;

use crate::accounts::jobs::SendEmail;
use crate::error::Result;
use crate::queue;
use crate::store::outbox;

const TAKEN_SUBJECT: &str = "Someone tried to create a Dropline account with your email";
/// At most one such notice an hour per address, so the sign-up form cannot flood an inbox.
const TAKEN_NOTICE_EVERY_SECS: i64 = 3600;

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

/// Registering an address that already has an account tells its owner, not the caller.
pub(super) async fn queue_taken_notice(conn: &mut PgConnection, base_url: &str, to: &str) -> Result<()> {
    if outbox::sent_within(conn, to, TAKEN_SUBJECT, TAKEN_NOTICE_EVERY_SECS).await? {
        return Ok(());
    }
    let base = base_url.trim_end_matches('/');
    let body = format!(
        "Someone, perhaps you, tried to create a Dropline account with this email address, which already has one. \
         Nothing has changed. If it was you, sign in at {base}/login, or reset your password with this link:"
    );
    queue_email(conn, to, TAKEN_SUBJECT, &body, &format!("{base}/forgot-password")).await
}
