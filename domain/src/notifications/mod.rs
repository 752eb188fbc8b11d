//! Notifications of the events an owner must act on (issue 19 item 12). `record` is the one way
//! an event notifies: it finds the workplace's owner, applies their setting for the event's
//! type (shown in the dashboard, emailed) and writes both in the caller's transaction, so an
//! event that rolls back notifies nobody and a re-run with the same dedup key notifies once.
mod email;
pub mod settings;

use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::accounts::jobs::SendEmail;
use crate::error::Result;
use crate::queue;
use crate::store::notifications::{self as rows, NewNotification};
use crate::store::outbox;

/// The events that notify, each with its own setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = NotificationType)]
pub enum Type {
    PlacementFailed,
    ParcelException,
    ParcelDelivered,
    SupplierChange,
    PushFailed,
    StoreDisconnected,
    LowBalance,
    QuotaNearlyUsed,
    /// A plan renewal was refused; the plan is kept during the grace period.
    PaymentFailed,
    /// The paid plan ended (unpaid after the grace period, or a disputed payment).
    PlanEnded,
}

impl Type {
    pub const ALL: [Type; 10] = [
        Type::PlacementFailed,
        Type::ParcelException,
        Type::ParcelDelivered,
        Type::SupplierChange,
        Type::PushFailed,
        Type::StoreDisconnected,
        Type::LowBalance,
        Type::QuotaNearlyUsed,
        Type::PaymentFailed,
        Type::PlanEnded,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Type::PlacementFailed => "placement_failed",
            Type::ParcelException => "parcel_exception",
            Type::ParcelDelivered => "parcel_delivered",
            Type::SupplierChange => "supplier_change",
            Type::PushFailed => "push_failed",
            Type::StoreDisconnected => "store_disconnected",
            Type::LowBalance => "low_balance",
            Type::QuotaNearlyUsed => "quota_nearly_used",
            Type::PaymentFailed => "payment_failed",
            Type::PlanEnded => "plan_ended",
        }
    }

    pub fn parse(s: &str) -> Option<Type> {
        Type::ALL.into_iter().find(|t| t.as_str() == s)
    }

    /// The unread-count group the spec's bell counts (total, product, supplier, order).
    fn group(self) -> &'static str {
        match self {
            Type::PlacementFailed | Type::ParcelException | Type::ParcelDelivered => "order",
            Type::SupplierChange => "supplier",
            Type::PushFailed => "product",
            Type::StoreDisconnected | Type::LowBalance | Type::QuotaNearlyUsed | Type::PaymentFailed | Type::PlanEnded => "general",
        }
    }

    /// Shown in the dashboard unless turned off; emailed only when the owner asks, except what
    /// stops orders or the store from working at all.
    pub fn default_email(self) -> bool {
        matches!(self, Type::StoreDisconnected | Type::LowBalance | Type::PaymentFailed | Type::PlanEnded)
    }
}

/// One event to tell the owner about.
pub struct Event<'a> {
    pub kind: Type,
    pub title: &'a str,
    pub body: &'a str,
    /// The same key notifies once (a re-run job, a repeated webhook).
    pub dedup_key: Option<&'a str>,
    /// The values of the text, for the dashboard's own wording per language.
    pub params: serde_json::Value,
}

/// Notifies the workplace's owner of `e` in the caller's transaction. Returns the notification's
/// id (none for a workplace that is gone).
pub async fn record(conn: &mut PgConnection, workplace_id: Uuid, e: Event<'_>) -> Result<Option<i64>> {
    let owner: Option<(Uuid, String, String)> =
        sqlx::query_as("SELECT u.id, u.email, u.language FROM workplaces w JOIN users u ON u.id = w.owner_id WHERE w.id = $1")
            .bind(workplace_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((owner, email, language)) = owner else { return Ok(None) };
    let choice = settings::one(&mut *conn, workplace_id, owner, e.kind).await?;
    let n = NewNotification { kind: e.kind.group(), title: e.title, body: e.body, dedup_key: e.dedup_key };
    let inserted = rows::insert_typed(&mut *conn, workplace_id, owner, n, Some(e.kind.as_str()), &e.params, choice.in_app).await?;
    if inserted.new && choice.email {
        let mail = email::compose(&language, e.kind, &e.params, e.title, e.body);
        let outbox_id = outbox::insert(&mut *conn, &email, &mail.subject, &mail.body, None).await?;
        queue::enqueue(&mut *conn, None, &SendEmail { outbox_id }, json!({ "outbox_id": outbox_id })).await?;
    }
    Ok(Some(inserted.id))
}

/// `record` on a connection of its own, for callers that hold no transaction.
pub async fn record_now(pool: &sqlx::PgPool, workplace_id: Uuid, e: Event<'_>) -> Result<Option<i64>> {
    let mut conn = pool.acquire().await?;
    record(&mut conn, workplace_id, e).await
}
