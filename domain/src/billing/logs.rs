//! The payment logs: the plan invoices, one-off payments, refunds and disputes the vendor's
//! events reported, one row per vendor object and kind (a retried invoice updates its row).
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::Result;

pub struct Entry<'a> {
    pub vendor_id: &'a str,
    /// `subscription`, `extra`, `refund` or `dispute`.
    pub kind: &'a str,
    pub description: &'a str,
    pub cents: i64,
    pub currency: &'a str,
    pub status: &'a str,
    pub charge_id: Option<&'a str>,
}

pub async fn record(conn: &mut PgConnection, workplace_id: Uuid, e: Entry<'_>) -> Result<()> {
    sqlx::query(
        "INSERT INTO billing_payments (workplace_id, vendor_id, kind, description, amount_cents, currency, status, charge_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (workplace_id, vendor_id, kind) DO UPDATE
           SET status = $7, amount_cents = $5, charge_id = COALESCE($8, billing_payments.charge_id)",
    )
    .bind(workplace_id)
    .bind(e.vendor_id)
    .bind(e.kind)
    .bind(e.description)
    .bind(e.cents)
    .bind(e.currency.to_lowercase())
    .bind(e.status)
    .bind(e.charge_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentLog {
    pub id: i64,
    /// RFC 3339.
    pub created_at: String,
    pub description: String,
    /// Dollars; refunds and disputes are the amount taken back.
    pub amount: f64,
    pub currency: String,
    /// paid, failed, refunded, or the dispute's status.
    pub status: String,
    /// subscription, extra, refund or dispute.
    pub kind: String,
}

/// A page of the logs, newest first, and how many there are.
pub async fn list(pool: &PgPool, workplace_id: Uuid, page: i64, size: i64) -> Result<(i64, Vec<PaymentLog>)> {
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM billing_payments WHERE workplace_id = $1").bind(workplace_id).fetch_one(pool).await?;
    let rows: Vec<(i64, DateTime<Utc>, String, i64, String, String, String)> = sqlx::query_as(
        "SELECT id, created_at, description, amount_cents, currency, status, kind FROM billing_payments
         WHERE workplace_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(workplace_id)
    .bind(size)
    .bind((page - 1) * size)
    .fetch_all(pool)
    .await?;
    let items = rows
        .into_iter()
        .map(|(id, at, description, cents, currency, status, kind)| PaymentLog {
            id,
            created_at: super::view::rfc3339(at),
            description,
            amount: cents as f64 / 100.0,
            currency,
            status,
            kind,
        })
        .collect();
    Ok((total, items))
}
