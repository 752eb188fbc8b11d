use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Result;

pub async fn insert(conn: &mut PgConnection, token_hash: &str, user_id: Uuid, expires_at: DateTime<Utc>) -> Result<()> {
    sqlx::query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)")
        .bind(token_hash)
        .bind(user_id)
        .bind(expires_at)
        .execute(conn)
        .await?;
    Ok(())
}

/// The user of a live (unexpired, unrevoked) session.
pub async fn user_of(pool: &PgPool, token_hash: &str) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("SELECT user_id FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()")
        .bind(token_hash)
        .fetch_optional(pool)
        .await?)
}

pub async fn revoke(pool: &PgPool, token_hash: &str) -> Result<()> {
    sqlx::query("UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL").bind(token_hash).execute(pool).await?;
    Ok(())
}

/// Signs the user out everywhere (after a password reset).
pub async fn revoke_all(conn: &mut PgConnection, user_id: Uuid) -> Result<()> {
    sqlx::query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL").bind(user_id).execute(conn).await?;
    Ok(())
}

/// A new reset link; the user's older unused links stop working (only the newest one does).
pub async fn insert_reset(conn: &mut PgConnection, token_hash: &str, user_id: Uuid, expires_at: DateTime<Utc>) -> Result<()> {
    sqlx::query("UPDATE password_resets SET expires_at = now() WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)")
        .bind(token_hash)
        .bind(user_id)
        .bind(expires_at)
        .execute(conn)
        .await?;
    Ok(())
}

/// Uses a reset token once, and ends the user's other links with it; returns its user if it
/// was valid.
pub async fn take_reset(conn: &mut PgConnection, token_hash: &str) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar(
        "WITH taken AS (
             UPDATE password_resets SET used_at = now()
             WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id
         ), others AS (
             UPDATE password_resets p SET expires_at = now() FROM taken
             WHERE p.user_id = taken.user_id AND p.token_hash <> $1 AND p.used_at IS NULL AND p.expires_at > now()
         )
         SELECT user_id FROM taken",
    )
    .bind(token_hash)
    .fetch_optional(conn)
    .await?)
}
