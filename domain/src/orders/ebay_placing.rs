//! Placing an eBay order through eBay's Buy Order API v2 (guest checkout). eBay's v2 has no call
//! that pays: Dropline opens a checkout session for the order's eBay items
//! (`initiateGuestCheckoutSession`), keeps its id as the order number and its price as the costs,
//! and the supplier order waits with the spec's `waiting_complete_order` warning. The owner pays
//! the session in eBay's checkout, which hands back a purchase order id; `complete` checks that
//! purchase order at eBay (the same items, paid) before the order counts as placed. Dropline
//! never charges the wallet for it.
//!
//! A session buys nothing, so a retried run may open another one without buying twice: no claim
//! before the call is needed here (AliExpress's create is an order, `aliexpress_placing.rs`).
use std::collections::BTreeSet;

use serde_json::json;
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::placing::{Line, Placed, Row, prepare, refused};
use super::{log, status};
use crate::connectors::suppliers::Suppliers;
use crate::connectors::suppliers::ebay_orders::{Checkout, item_id};
use crate::connectors::suppliers::orders::OrderError;
use crate::error::{Error, Result};

/// What the owner does next after eBay's refusal, added to eBay's own words.
fn next_step(code: &str) -> &'static str {
    match code {
        "SKU_NOT_FOUND" => "eBay no longer sells this item: change this line's supplier",
        "OUT_OF_STOCK" => "wait for the eBay seller to restock, lower the quantity or change the supplier",
        "CANNOT_SHIP_TO_COUNTRY" => "the eBay seller does not ship to this address: change the supplier",
        "INVALID_REQUEST" => "correct the customer's shipping address and place the order again",
        "UNAUTHORIZED" => "Dropline's eBay application cannot buy through eBay's Order API",
        _ => "place the order again, or order it on eBay yourself and enter eBay's order number",
    }
}

/// The account owner's email: eBay's confirmation of the checkout goes to the one who pays it.
async fn owner_email(pool: &PgPool, workplace_id: Uuid) -> Result<String> {
    Ok(sqlx::query_scalar("SELECT u.email FROM workplaces w JOIN users u ON u.id = w.owner_id WHERE w.id = $1").bind(workplace_id).fetch_one(pool).await?)
}

#[instrument(skip_all, fields(source_order = row.id))]
pub async fn place(pool: &PgPool, suppliers: &Suppliers, row: &Row, lines: &[Line]) -> Result<Placed, OrderError> {
    let db = |e: crate::Error| OrderError::Unavailable(e.to_string());
    let order = match prepare(pool, row, lines).await? {
        Ok((_, o)) => o,
        Err(done) => return Ok(done),
    };
    let email = owner_email(pool, row.workplace_id).await.map_err(db)?;
    match suppliers.ebay_checkout(&order, &email).await {
        Ok(checkout) => record(pool, row, &checkout).await.map_err(db),
        Err(OrderError::Refused { code, message }) => refused(pool, row, &code, &format!("{message} ({})", next_step(&code))).await,
        Err(e) => Err(e),
    }
}

/// Keeps the session as the order number and its price as the costs; the order waits for the
/// owner to pay it at eBay.
async fn record(pool: &PgPool, row: &Row, c: &Checkout) -> Result<Placed> {
    let mut tx = crate::db::begin(pool).await?;
    let updated = sqlx::query(
        "UPDATE source_orders SET status = 'waiting_payment', order_no = $2, total_cents = $3, shipping_cents = $4, product_cents = $3::bigint - $4::bigint,
                pay_with = NULL, warning = 'waiting_complete_order', error_key = NULL, error = NULL, updated_at = now()
         WHERE id = $1 AND status = 'placing'",
    )
    .bind(row.id)
    .bind(&c.session_id)
    .bind(c.total_cents)
    .bind(c.shipping_cents)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if updated == 0 {
        // Stopped meanwhile: an unpaid session buys nothing, so there is nothing to withdraw.
        tracing::info!(session = %c.session_id, "eBay checkout opened after the user stopped; left unpaid");
        return Ok(Placed::Nothing);
    }
    let detail = json!({"source": row.source, "order_no": c.session_id, "total": super::dollars(c.total_cents), "pay_at": "ebay"});
    log(&mut tx, row.workplace_id, row.order_id, Some(row.id), "supplier_order_created", detail).await?;
    status::refresh(&mut tx, row.order_id).await?;
    tx.commit().await?;
    Ok(Placed::Ok)
}

/// The owner paid the checkout at eBay, which answered `purchase_order_id`. eBay is asked for
/// that purchase order: it must buy the same eBay items as this order's lines; once paid, the
/// supplier order is placed (its costs are eBay's total), while eBay still takes the payment it
/// stays waiting and the status sync reads it again.
pub async fn complete(pool: &PgPool, suppliers: &Suppliers, workplace_id: Uuid, source_order_id: i64, purchase_order_id: &str) -> Result<()> {
    let field = |m: String| Error::field("purchase_order_id", m);
    let purchase_order_id = purchase_order_id.trim();
    if purchase_order_id.is_empty() {
        return Err(field("purchase_order_id is required".into()));
    }
    let row: Option<(i64, String, Option<String>)> =
        sqlx::query_as("SELECT order_id, status, purchase_order_id FROM source_orders WHERE id = $1 AND workplace_id = $2 AND source = 'ebay'")
            .bind(source_order_id)
            .bind(workplace_id)
            .fetch_optional(pool)
            .await?;
    let Some((order_id, was, known)) = row else { return Err(Error::NotFound("Source order")) };
    if was == "order_placed" && known.as_deref() == Some(purchase_order_id) {
        return Ok(());
    }
    if was != "waiting_payment" {
        return Err(Error::field("source_order_id", format!("this eBay order is {was}, not waiting for its checkout")));
    }
    let po = match suppliers.ebay_purchase_order(purchase_order_id).await {
        Ok(p) => p,
        Err(OrderError::Refused { message, .. }) => return Err(field(message)),
        Err(e) => return Err(Error::Upstream(e.to_string())),
    };
    let lines: Vec<(String, String)> =
        sqlx::query_as("SELECT source_product_id, sku_id FROM order_line_items WHERE source_order_id = $1").bind(source_order_id).fetch_all(pool).await?;
    let ours: BTreeSet<String> = lines.iter().filter_map(|(p, s)| item_id(p, s)).collect();
    let theirs: BTreeSet<String> = po.item_ids.iter().cloned().collect();
    if ours != theirs {
        return Err(field(format!("eBay's purchase order {purchase_order_id} buys other items ({theirs:?}) than this order ({ours:?})")));
    }
    if po.payment == "FAILED" {
        return Err(field(format!("eBay could not take the payment for purchase order {purchase_order_id}: pay it again in eBay's checkout")));
    }
    let paid = po.payment == "PAID";
    let mut tx = crate::db::begin(pool).await?;
    let moved = sqlx::query(
        "UPDATE source_orders SET purchase_order_id = $2, updated_at = now(),
                status = CASE WHEN $3 THEN 'order_placed' ELSE status END,
                warning = CASE WHEN $3 THEN NULL ELSE warning END,
                paid_at = CASE WHEN $3 THEN now() ELSE paid_at END,
                payment_method = CASE WHEN $3 THEN 'ebay' ELSE payment_method END,
                total_cents = CASE WHEN $4 > 0 THEN $4 ELSE total_cents END
         WHERE id = $1 AND status = 'waiting_payment'",
    )
    .bind(source_order_id)
    .bind(purchase_order_id)
    .bind(paid)
    .bind(po.order.total_cents())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if moved > 0 {
        let event = if paid { "paid_at_source" } else { "ebay_checkout_completed" };
        log(&mut tx, workplace_id, order_id, Some(source_order_id), event, json!({"source": "ebay", "purchase_order_id": purchase_order_id})).await?;
        status::refresh(&mut tx, order_id).await?;
    }
    tx.commit().await?;
    Ok(())
}
