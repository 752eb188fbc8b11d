use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;

use crate::error::Result;

#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
pub struct OutboxEmail {
    #[serde(skip)]
    pub id: i64,
    #[serde(rename = "to")]
    pub to_address: String,
    pub subject: String,
    pub body: String,
    pub link: Option<String>,
    #[serde(skip)]
    pub sent_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, to_address, subject, body, link, sent_at, created_at";

pub async fn insert(conn: &mut PgConnection, to: &str, subject: &str, body: &str, link: Option<&str>) -> Result<i64> {
    Ok(sqlx::query_scalar("INSERT INTO email_outbox (to_address, subject, body, link) VALUES ($1, $2, $3, $4) RETURNING id")
        .bind(to)
        .bind(subject)
        .bind(body)
        .bind(link)
        .fetch_one(conn)
        .await?)
}

pub async fn get(pool: &PgPool, id: i64) -> Result<Option<OutboxEmail>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM email_outbox WHERE id = $1")).bind(id).fetch_optional(pool).await?)
}

pub async fn mark_sent(pool: &PgPool, id: i64) -> Result<()> {
    sqlx::query("UPDATE email_outbox SET sent_at = now() WHERE id = $1").bind(id).execute(pool).await?;
    Ok(())
}

/// Newest first; the development outbox view.
pub async fn to_address(pool: &PgPool, to: &str, limit: i64) -> Result<Vec<OutboxEmail>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT $2"))
        .bind(to)
        .bind(limit)
        .fetch_all(pool)
        .await?)
}

/// Whether `to` was sent a mail with this subject in the last `secs` seconds.
pub async fn sent_within(conn: &mut PgConnection, to: &str, subject: &str, secs: i64) -> Result<bool> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM email_outbox WHERE lower(to_address) = lower($1) AND subject = $2 AND created_at > now() - make_interval(secs => $3))",
    )
    .bind(to)
    .bind(subject)
    .bind(secs as f64)
    .fetch_one(conn)
    .await?)
}
