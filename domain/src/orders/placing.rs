//! Placing one supplier order, exactly once. The idempotency key was chosen when the row was
//! written; every run (a retry, a re-delivered job, a run after a crash between the supplier's
//! answer and our commit) sends the same key, so the supplier answers with the same order. The
//! answer is recorded only while the row is still `placing`: an order the user stopped in the
//! meantime is cancelled at the supplier instead.
use serde_json::{Value, json};
use sqlx::PgPool;
use tracing::instrument;

use super::{log, resolve, status};
use crate::connectors::suppliers::Suppliers;
use crate::connectors::suppliers::orders::{NewOrder, OrderError, OrderItem, SupplierOrder, error_key, error_message};
use crate::context::{CreatedOrder, CreatedOrders, Recorded};
use crate::error::Result;
use crate::notifications;
pub use crate::store::supplier_orders::{Line, Row, load};
use crate::values::Source;

/// What a run did.
pub enum Placed {
    /// The supplier has the order; it waits for payment.
    Ok,
    /// The supplier has the order, and it was taken into `paying` with `method` (the owner asked
    /// to pay on placement): the same job pays it next, `total_cents` to supplier order `order_no`.
    Paying { method: String, order_no: String, total_cents: i64 },
    /// Nothing to do: already placed, stopped or failed.
    Nothing,
    /// The supplier refused; the row is failed (and a fallback may have been queued).
    Refused(String),
}

/// The supplier's shipping address; what is missing makes error_save_all_address before any call.
fn ship_to(a: &Value) -> Option<Value> {
    let field = |k: &str| a[k].as_str().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    Some(json!({
        "name": field("name")?, "address1": field("address1")?, "address2": field("address2"), "city": field("city")?,
        "province": field("province_code"), "zip": field("zip")?, "country": field("country_code")?, "country_name": field("country"), "phone": field("phone"),
    }))
}

/// The order to send for the row and its lines (read by `placing_loads`), or what ended it
/// first (a missing address, no lines).
pub async fn prepare(pool: &PgPool, row: &Row, lines: &[Line]) -> Result<Result<(Source, NewOrder), Placed>, OrderError> {
    let db = |e: crate::Error| OrderError::Unavailable(e.to_string());
    let Some(address) = ship_to(&row.address) else {
        return fail(pool, row, "error_save_all_address", None).await.map(Err).map_err(db);
    };
    if lines.is_empty() {
        return fail(pool, row, "not_found_order_detail", None).await.map(Err).map_err(db);
    }
    let Ok(source) = Source::parse(&row.source) else {
        return fail(pool, row, "error_get_token", Some(format!("unknown source {}", row.source))).await.map(Err).map_err(db);
    };
    Ok(Ok((
        source,
        NewOrder {
            items: lines.iter().map(|l| OrderItem { product_id: l.source_product_id.clone(), sku_id: l.sku_id.clone(), quantity: l.quantity }).collect(),
            ship_to: address,
            shipping_method: lines.iter().find_map(|l| l.shipping_info.as_ref()?["service_name"].as_str().map(str::to_string)),
        },
    )))
}

#[instrument(skip_all, fields(source_order = row.id))]
pub async fn place(pool: &PgPool, suppliers: &Suppliers, created: &CreatedOrders, row: &Row, lines: &[Line]) -> Result<Placed, OrderError> {
    let db = |e: crate::Error| OrderError::Unavailable(e.to_string());
    let (source, order) = match prepare(pool, row, lines).await? {
        Ok(o) => o,
        Err(done) => return Ok(done),
    };
    match suppliers.place_order(source, &row.idempotency_key, &order).await {
        Ok(o) => record(suppliers, created, source, row, &o).await.map_err(db),
        Err(OrderError::Refused { code, message }) => refused(pool, row, &code, &message).await,
        Err(e) => Err(e),
    }
}

/// The supplier said no: out of stock or SKU gone falls back to the next mapped supplier when
/// every line has one; otherwise the row fails with the spec's key.
pub async fn refused(pool: &PgPool, row: &Row, code: &str, message: &str) -> Result<Placed, OrderError> {
    let db = |e: crate::Error| OrderError::Unavailable(e.to_string());
    let key = error_key(code);
    if matches!(code, "SOLD_OUT" | "OUT_OF_STOCK" | "SKU_NOT_FOUND") && fallback(pool, row, key).await.map_err(db)? {
        return Ok(Placed::Refused(key.to_string()));
    }
    let placed = fail(pool, row, key, Some(format!("{}: {message}", error_message(key)))).await.map_err(db)?;
    if code == "SKU_NOT_FOUND" {
        need_change_supplier(pool, row.id).await.map_err(db)?;
    }
    Ok(placed)
}

/// Records the supplier's order (`orders::created`, many per transaction). If the row is no
/// longer `placing` (the user stopped it), the supplier order is cancelled so nothing the user
/// gave up on is shipped or charged.
async fn record(suppliers: &Suppliers, created: &CreatedOrders, source: Source, row: &Row, o: &SupplierOrder) -> Result<Placed> {
    // Lost in a server crash, the rerun asks the supplier again under the same idempotency key
    // and records the same order (test `orders::a_lost_supplier_answer_and_a_rerun_job...`).
    let c = CreatedOrder {
        source_order_id: row.id,
        order_id: row.order_id,
        order_no: o.id.clone(),
        total_cents: o.total_cents(),
        shipping_cents: o.shipping_cents(),
        detail: json!({"source": row.source, "order_no": o.id, "total": super::dollars(o.total_cents())}),
    };
    match created.call(c).await.map_err(|e| crate::Error::Internal(anyhow::anyhow!(e)))? {
        Recorded::Waiting => return Ok(Placed::Ok),
        Recorded::Paying(method) => return Ok(Placed::Paying { method, order_no: o.id.clone(), total_cents: o.total_cents() }),
        Recorded::Stopped => {}
    }
    let cancelled = suppliers.cancel_order(source, &o.id).await;
    tracing::info!(order_no = %o.id, ok = cancelled.is_ok(), "placed after the user stopped: cancelled at the supplier");
    Ok(Placed::Nothing)
}

/// Ends the placement in error with the spec's key.
pub async fn fail(pool: &PgPool, row: &Row, key: &str, message: Option<String>) -> Result<Placed> {
    let mut tx = crate::db::begin(pool).await?;
    let message = message.unwrap_or_else(|| error_message(key).to_string());
    let n = sqlx::query("UPDATE source_orders SET status = 'failed', error_key = $2, error = $3, updated_at = now() WHERE id = $1 AND status = 'placing'")
        .bind(row.id)
        .bind(key)
        .bind(&message)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if n > 0 {
        log(&mut tx, row.workplace_id, row.order_id, Some(row.id), "placement_failed", json!({"error_key": key, "message": message})).await?;
        status::refresh(&mut tx, row.order_id).await?;
        notify_failed(&mut tx, row, &message).await?;
    }
    tx.commit().await?;
    Ok(if n > 0 { Placed::Refused(key.to_string()) } else { Placed::Nothing })
}

/// The owner has to act on a failed placement (pay, change supplier, fix the address).
async fn notify_failed(tx: &mut sqlx::PgConnection, row: &Row, message: &str) -> Result<()> {
    let name: String = sqlx::query_scalar("SELECT name FROM orders WHERE id = $1").bind(row.order_id).fetch_one(&mut *tx).await?;
    let title = format!("Order {name}: the {} order could not be placed", row.source);
    let key = format!("placement-failed:{}", row.id);
    let params = json!({ "order": name, "source": row.source, "message": message });
    let e = notifications::Event { kind: notifications::Type::PlacementFailed, title: &title, body: message, dedup_key: Some(&key), params };
    notifications::record(tx, row.workplace_id, e).await?;
    Ok(())
}

/// Out of stock or SKU gone: when every line of the failed order has a next mapped supplier,
/// the lines switch to it and a new placement is queued (same payment choice).
async fn fallback(pool: &PgPool, row: &Row, key: &str) -> Result<bool> {
    let mut tx = crate::db::begin(pool).await?;
    let lines: Vec<(i64, Option<String>, String, String, String)> =
        sqlx::query_as("SELECT id, store_variant_remote_id, source, source_product_id, sku_id FROM order_line_items WHERE source_order_id = $1 FOR UPDATE")
            .bind(row.id)
            .fetch_all(&mut *tx)
            .await?;
    let mut switches = vec![];
    for (id, remote, source, product, sku) in &lines {
        let Some(remote) = remote else { return Ok(false) };
        match resolve::next_supplier(&mut tx, row.workplace_id, row.store_id, remote, &row.country_code, (source, product, sku)).await? {
            Some(next) => switches.push((*id, next)),
            None => return Ok(false),
        }
    }
    let n = sqlx::query("UPDATE source_orders SET status = 'failed', error_key = $2, error = $3, updated_at = now() WHERE id = $1 AND status = 'placing'")
        .bind(row.id)
        .bind(key)
        .bind(error_message(key))
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if n == 0 {
        return Ok(false);
    }
    for (id, next) in &switches {
        let shipping = resolve::cached_shipping(&mut tx, &next.source, &next.source_product_id, &row.country_code).await?;
        sqlx::query("UPDATE order_line_items SET source = $2, source_product_id = $3, sku_id = $4, cost_cents = $5, shipping_info = $6 WHERE id = $1")
            .bind(id)
            .bind(&next.source)
            .bind(&next.source_product_id)
            .bind(&next.sku_id)
            .bind(next.cost_cents)
            .bind(shipping)
            .execute(&mut *tx)
            .await?;
    }
    log(
        &mut tx,
        row.workplace_id,
        row.order_id,
        Some(row.id),
        "supplier_fallback",
        json!({"error_key": key, "to": switches.iter().map(|(_, s)| &s.source).collect::<Vec<_>>()}),
    )
    .await?;
    status::refresh(&mut tx, row.order_id).await?;
    let pay = row.pay_with.as_deref().and_then(|p| serde_json::from_value(json!(p)).ok());
    super::place::start_one(&mut tx, row.workplace_id, row.order_id, None, pay).await?;
    tx.commit().await?;
    Ok(true)
}

/// The supplier no longer has the SKU and no other supplier is mapped (NEED_CHANGE_SUPPLIER):
/// the lines are left out of placement until the user changes their supplier.
async fn need_change_supplier(pool: &PgPool, source_order_id: i64) -> Result<()> {
    sqlx::query("UPDATE order_line_items SET need_change_supplier = true WHERE source_order_id = $1").bind(source_order_id).execute(pool).await?;
    Ok(())
}
