//! Processes one stored store webhook. `app/uninstalled` disconnects the store (keeping its
//! products, orders and history); order topics store the order once (`orders::ingest`); `locations/*` make the next push read
//! the shop's stock location again; `bulk_operations/finish` has the bulk push that ran the
//! operation read its results.
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::notifications;
use crate::orders;
use crate::queue::JobFailure;
use crate::queue::{Claimed, Handler};
use crate::store::stores;
use crate::stores::jobs::WebhookEvent;
use crate::stores::webhooks::{self, StoredEvent};

impl Handler<TaskContext> for WebhookEvent {
    async fn handle(ctx: &TaskContext, _: &Claimed, job: WebhookEvent) -> Result<Value, JobFailure> {
        let Some(StoredEvent { platform, topic, shop_domain, processed_at, store_id, body }) = webhooks::event(&ctx.pool, job.event_id).await? else {
            return Err(JobFailure::permanent(format!("webhook event {} is gone", job.event_id)));
        };
        if processed_at.is_some() {
            return Ok(json!({ "outcome": "already processed" }));
        }
        let mut tx = crate::db::begin(&ctx.pool).await.map_err(crate::Error::from)?;
        let outcome = match topic.as_str() {
            "app/uninstalled" => match stores::disconnect(&mut tx, &platform, &shop_domain, None).await? {
                Some(id) => {
                    notify_disconnected(&mut tx, id, &platform, &shop_domain, job.event_id).await?;
                    format!("store {id} disconnected")
                }
                None => "no connected store".to_string(),
            },
            "orders/create" | "orders/cancelled" | "orders/updated" | "order.created" | "order.updated" => {
                store_order(&mut tx, &platform, store_id, &body).await?
            }
            "app_subscriptions/update" => {
                crate::billing::shopify::on_subscription_update(&mut tx, &ctx.pool, &ctx.settings, &ctx.sealer, store_id, &body).await?
            }
            "bulk_operations/finish" => bulk_finished(&mut tx, store_id, &body).await?,
            t if t.starts_with("locations/") => match store_id {
                Some(id) => {
                    stores::forget_stock_location(&mut tx, id).await?;
                    "stock location to be read again".to_string()
                }
                None => "no store".to_string(),
            },
            _ => "stored".to_string(),
        };
        webhooks::processed(&mut tx, job.event_id, &outcome).await?;
        tx.commit().await.map_err(crate::Error::from)?;
        Ok(json!({ "outcome": outcome }))
    }
}

/// The platform removed the app: orders stop arriving and pushes fail until the owner connects
/// the store again.
async fn notify_disconnected(tx: &mut sqlx::PgConnection, store_id: uuid::Uuid, platform: &str, domain: &str, event_id: i64) -> Result<(), JobFailure> {
    let Some(workplace_id) = stores::workplace_of(&mut *tx, store_id).await? else { return Ok(()) };
    let title = format!("Your store {domain} was disconnected");
    let name = if platform == "shopify" { "Shopify" } else { "WooCommerce" };
    let body = format!("The app was removed from your {name} store: orders no longer arrive and pushes stop until you connect it again.");
    let key = format!("store-disconnected:{event_id}");
    let e = notifications::Event {
        kind: notifications::Type::StoreDisconnected,
        title: &title,
        body: &body,
        dedup_key: Some(&key),
        params: json!({ "store": domain, "platform": platform }),
    };
    notifications::record(tx, workplace_id, e).await?;
    Ok(())
}

/// A bulk operation finished: the bulk push that ran it (if Dropline's) reads it at once. The
/// body names the operation (`admin_graphql_api_id`), not its result file.
async fn bulk_finished(tx: &mut sqlx::PgConnection, store_id: Option<uuid::Uuid>, body: &str) -> Result<String, JobFailure> {
    let Some(store_id) = store_id else { return Ok("no store".into()) };
    let value: Value = serde_json::from_str(body).map_err(|e| JobFailure::permanent(format!("bulk operation body is not JSON: {e}")))?;
    let Some(operation) = value["admin_graphql_api_id"].as_str() else { return Ok("no operation".into()) };
    Ok(match crate::push::bulk::on_finished(tx, store_id, operation).await? {
        Some(bulk) => format!("bulk push {bulk} to read {operation}"),
        None => "not a bulk push of Dropline's".into(),
    })
}

/// An order topic: the order is stored (once) in the event's transaction, so a redelivered or
/// duplicated webhook and the catch-up sync never make two orders.
async fn store_order(tx: &mut sqlx::PgConnection, platform: &str, store_id: Option<uuid::Uuid>, body: &str) -> Result<String, JobFailure> {
    let Some(store_id) = store_id else { return Ok("no store".into()) };
    let workplace = stores::workplace_of(&mut *tx, store_id).await?;
    let Some(workplace_id) = workplace else { return Ok("no store".into()) };
    let mut value: Value = serde_json::from_str(body).map_err(|e| JobFailure::permanent(format!("order body is not JSON: {e}")))?;
    // PostgreSQL holds no NUL: a platform's order keeps its text without them.
    crate::values::nul::strip(&mut value);
    let parsed = match platform {
        "shopify" => orders::ingest::from_shopify(&value),
        _ => orders::ingest::from_woocommerce(&value),
    };
    let Some(order) = parsed else { return Ok("not an order".into()) };
    let stored = orders::ingest::save(tx, workplace_id, store_id, platform, &order).await?;
    if stored.new {
        orders::automation::on_new_order(tx, workplace_id, stored.order_id).await?;
    }
    Ok(format!("order {} {}", stored.order_id, if stored.new { "stored" } else { "known" }))
}
