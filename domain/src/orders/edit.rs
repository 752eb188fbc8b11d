//! Changes the user makes to orders in the order center. Each runs in one transaction, scoped
//! to the workplace, logs what it did and recomputes the order's status.
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{log, resolve, status};
use crate::catalogue::detail;
use crate::connectors::suppliers::Suppliers;
use crate::error::{Error, Fields, Result};
use crate::values::{Country, Source};

#[derive(Debug, Deserialize, ToSchema)]
pub struct Address {
    pub name: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub province_code: Option<String>,
    pub zip: Option<String>,
    pub country_code: Option<String>,
    pub phone: Option<String>,
}

fn required(f: &mut Fields, field: &str, v: &Option<String>) -> Option<String> {
    f.take(field, v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).ok_or_else(|| format!("{field} is required")))
}

/// `/orders/update-customer`: every bad field is named; nothing is saved unless all are good.
pub async fn update_customer(pool: &PgPool, workplace_id: Uuid, order_id: i64, a: &Address, email: Option<String>) -> Result<()> {
    let mut f = Fields::default();
    let name = required(&mut f, "name", &a.name);
    let address1 = required(&mut f, "address1", &a.address1);
    let city = required(&mut f, "city", &a.city);
    let zip = required(&mut f, "zip", &a.zip);
    let country = a.country_code.as_deref().map(Country::parse).unwrap_or_else(|| Err("country_code is required".into()));
    let country = f.take("country_code", country);
    if let Some(e) = email.as_deref().filter(|e| !e.is_empty()) {
        f.take("email", crate::values::Email::parse(e).map(|_| ()));
    }
    f.finish()?;
    let country = country.map(|c| c.0).unwrap_or_default();
    let address = json!({
        "name": name, "address1": address1, "address2": a.address2, "city": city, "province_code": a.province_code,
        "zip": zip, "country_code": country, "phone": a.phone,
    });
    let mut tx = crate::db::begin(pool).await?;
    let n =
        sqlx::query("UPDATE orders SET address = $3, country_code = $4, email = COALESCE($5, email), updated_at = now() WHERE id = $1 AND workplace_id = $2")
            .bind(order_id)
            .bind(workplace_id)
            .bind(&address)
            .bind(&country)
            .bind(email.filter(|e| !e.is_empty()))
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if n == 0 {
        return Err(Error::NotFound("order"));
    }
    log(&mut tx, workplace_id, order_id, None, "customer_updated", json!({"address": address})).await?;
    tx.commit().await?;
    Ok(())
}

/// Sets a line's shipping method from the supplier's options to the order's country.
pub async fn save_shipping(pool: &PgPool, suppliers: &Suppliers, workplace_id: Uuid, order_id: i64, line_id: i64, service: &str) -> Result<()> {
    let line: Option<(Option<String>, Option<String>, String)> = sqlx::query_as(
        "SELECT l.source, l.source_product_id, o.country_code FROM order_line_items l JOIN orders o ON o.id = l.order_id
         WHERE l.id = $1 AND l.order_id = $2 AND o.workplace_id = $3",
    )
    .bind(line_id)
    .bind(order_id)
    .bind(workplace_id)
    .fetch_optional(pool)
    .await?;
    let Some((Some(source), Some(product), country)) = line else { return Err(Error::NotFound("line item")) };
    let src = Source::parse(&source).map_err(|m| Error::field("source", m))?;
    let options = detail::freight(pool, suppliers, src, &product, &country).await?.unwrap_or_default();
    let Some(option) = options.iter().find(|o| o.code == service) else {
        return Err(Error::field("service_name", format!("{service} is not a shipping option to {country}")));
    };
    let info = resolve::shipping_info(&serde_json::to_value(option).map_err(anyhow::Error::from)?);
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query("UPDATE order_line_items SET shipping_info = $2 WHERE id = $1").bind(line_id).bind(&info).execute(&mut *tx).await?;
    log(&mut tx, workplace_id, order_id, None, "shipping_changed", json!({"line_item_id": line_id, "service_name": service})).await?;
    tx.commit().await?;
    Ok(())
}

/// Orders a line from another supplier variant (it must exist at that supplier).
#[allow(clippy::too_many_arguments)] // one per field of the change-supplier call, as the API names them
pub async fn change_supplier(
    pool: &PgPool,
    suppliers: &Suppliers,
    cfg: &crate::config::CatalogueSettings,
    workplace_id: Uuid,
    order_id: i64,
    line_id: i64,
    source: &str,
    product: &str,
    sku: &str,
) -> Result<()> {
    let src = Source::parse(source).map_err(|m| Error::field("source", m))?;
    let variants = detail::all_variants(pool, suppliers, src, product, cfg.detail_fresh_secs).await.map_err(|_| Error::DataNotFound)?;
    let Some(v) = variants.iter().find(|v| v["sku_id"] == sku) else { return Err(Error::DataNotFound) };
    let cost = v["price"].as_str().map(crate::connectors::suppliers::parse_cents).or_else(|| v["price"].as_f64().map(|p| (p * 100.0).round() as i64));
    let mut tx = crate::db::begin(pool).await?;
    let country: Option<String> = sqlx::query_scalar(
        "SELECT o.country_code FROM order_line_items l JOIN orders o ON o.id = l.order_id
         LEFT JOIN source_orders so ON so.id = l.source_order_id
         WHERE l.id = $1 AND l.order_id = $2 AND o.workplace_id = $3 AND (so.id IS NULL OR so.status IN ('failed', 'cancelled'))
         FOR UPDATE OF l",
    )
    .bind(line_id)
    .bind(order_id)
    .bind(workplace_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(country) = country else { return Err(Error::NotFound("line item not yet ordered")) };
    let shipping = resolve::cached_shipping(&mut tx, src.as_str(), product, &country).await?;
    sqlx::query(
        "UPDATE order_line_items SET source = $2, source_product_id = $3, sku_id = $4, cost_cents = $5, shipping_info = $6,
                need_change_supplier = false WHERE id = $1",
    )
    .bind(line_id)
    .bind(src.as_str())
    .bind(product)
    .bind(sku)
    .bind(cost)
    .bind(shipping)
    .execute(&mut *tx)
    .await?;
    log(
        &mut tx,
        workplace_id,
        order_id,
        None,
        "supplier_changed",
        json!({"line_item_id": line_id, "source": source, "source_product_id": product, "sku_id": sku}),
    )
    .await?;
    status::refresh(&mut tx, order_id).await?;
    tx.commit().await?;
    Ok(())
}

/// Mark / archive flags on many orders.
pub async fn set_flag(pool: &PgPool, workplace_id: Uuid, ids: &[i64], flag: &str, value: bool) -> Result<u64> {
    let column = match flag {
        "marked" => "marked",
        "archived" => "archived",
        _ => return Err(Error::BadRequest(format!("unknown flag {flag}"))),
    };
    let sql = format!("UPDATE orders SET {column} = $3, updated_at = now() WHERE workplace_id = $1 AND id = ANY($2)");
    Ok(sqlx::query(&sql).bind(workplace_id).bind(ids).bind(value).execute(pool).await?.rows_affected())
}

/// update-to-fail (`fail = true`) and revert (`fail = false`, which also lets a cancelled or
/// failed supplier order be placed again).
pub async fn set_failed(pool: &PgPool, workplace_id: Uuid, ids: &[i64], fail: bool) -> Result<u64> {
    let mut tx = crate::db::begin(pool).await?;
    let sql = if fail {
        "UPDATE orders SET failed_at = now() WHERE workplace_id = $1 AND id = ANY($2) AND failed_at IS NULL AND status = 'ready' RETURNING id"
    } else {
        "UPDATE orders SET failed_at = NULL, cancel_reason = NULL WHERE workplace_id = $1 AND id = ANY($2) AND status IN ('failed', 'cancelled_source') RETURNING id"
    };
    let changed: Vec<i64> = sqlx::query_scalar(sql).bind(workplace_id).bind(ids).fetch_all(&mut *tx).await?;
    for id in &changed {
        log(&mut tx, workplace_id, *id, None, if fail { "updated_to_failed" } else { "reverted" }, json!({})).await?;
        status::refresh(&mut tx, *id).await?;
    }
    tx.commit().await?;
    Ok(changed.len() as u64)
}

/// Manual fulfil: the user ordered these lines by hand at the source; no supplier call.
pub async fn manually_fulfill(pool: &PgPool, workplace_id: Uuid, order_id: i64, source: &str, order_no: &str) -> Result<()> {
    if order_no.trim().is_empty() {
        return Err(Error::field("order_no", "order_no is required"));
    }
    let mut tx = crate::db::begin(pool).await?;
    let ids = super::place::start_one(&mut tx, workplace_id, order_id, Some(source), None).await?;
    let Some(id) = ids.first() else { return Err(Error::field("source", format!("nothing of this order is waiting for {source}"))) };
    // The queued job finds the row already placed and does nothing.
    sqlx::query("UPDATE source_orders SET status = 'order_placed', order_no = $2, paid_at = now(), payment_method = 'manual' WHERE id = $1")
        .bind(id)
        .bind(order_no.trim())
        .execute(&mut *tx)
        .await?;
    log(&mut tx, workplace_id, order_id, Some(*id), "manually_fulfilled", json!({"source": source, "order_no": order_no})).await?;
    status::refresh(&mut tx, order_id).await?;
    tx.commit().await?;
    Ok(())
}

/// The order list's columns as the user saved them (a list of the web's column settings), or none.
pub async fn columns(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<Value>> {
    let c: Option<Value> =
        sqlx::query_scalar("SELECT columns FROM order_column_settings WHERE workplace_id = $1").bind(workplace_id).fetch_optional(pool).await?;
    // `save_columns` stores nothing but a list.
    Ok(match c {
        Some(Value::Array(columns)) => columns,
        _ => vec![],
    })
}

pub async fn save_columns(pool: &PgPool, workplace_id: Uuid, columns: &Value) -> Result<()> {
    if !columns.is_array() {
        return Err(Error::field("columns", "columns must be a list"));
    }
    sqlx::query("INSERT INTO order_column_settings (workplace_id, columns) VALUES ($1, $2) ON CONFLICT (workplace_id) DO UPDATE SET columns = $2")
        .bind(workplace_id)
        .bind(columns)
        .execute(pool)
        .await?;
    Ok(())
}
