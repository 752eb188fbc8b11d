//! Placing an AliExpress order: `ds.order.create` in the owner's own AliExpress account, under
//! its access token. Dropline charges nothing: the owner pays on AliExpress, so the supplier order
//! waits with the spec's `waiting_complete_order` warning until the status sync sees it paid.
//!
//! Exactly once without an idempotency key: AliExpress documents none for ds.order.create (a
//! repeated call is a second order), so the attempt is recorded (`submitted_at`, claimed by one
//! run only) before the call is sent. A run that finds an attempt without an order number (the
//! answer was lost: a timeout, a crash before the commit) never sends it again; it ends the
//! placement asking the owner to look for the order in the AliExpress account, where every line
//! carries Dropline's key as its `order_memo`, before placing it once more.
use serde_json::json;
use sqlx::PgPool;
use tracing::instrument;

use super::placing::{Line, Placed, Row, fail, prepare, refused};
use super::{aliexpress_account, log, status};
use crate::connectors::suppliers::Suppliers;
use crate::connectors::suppliers::orders::OrderError;
use crate::crypto::Sealer;
use crate::error::Result;

/// What a lost answer leaves the owner to check.
fn unknown_outcome(row: &Row) -> String {
    format!(
        "AliExpress did not confirm whether the order was created. Check the orders in your AliExpress account for the memo {} before placing it again.",
        row.idempotency_key
    )
}

#[instrument(skip_all, fields(source_order = row.id))]
pub async fn place(pool: &PgPool, sealer: &Sealer, suppliers: &Suppliers, row: &Row, lines: &[Line]) -> Result<Placed, OrderError> {
    let db = |e: crate::Error| OrderError::Unavailable(e.to_string());
    if row.submitted_at.is_some() {
        return fail(pool, row, "error_checkout_products", Some(unknown_outcome(row))).await.map_err(db);
    }
    let order = match prepare(pool, row, lines).await? {
        Ok((_, o)) => o,
        Err(done) => return Ok(done),
    };
    let Some(token) = aliexpress_account::access_token(pool, sealer, suppliers, row.workplace_id).await.map_err(db)? else {
        let message = "GetTokenFail: sign in to your AliExpress account to place AliExpress orders".to_string();
        return fail(pool, row, "error_get_token", Some(message)).await.map_err(db);
    };
    let request = match suppliers.aliexpress_request(&order, &row.idempotency_key).await {
        Ok(r) => r,
        Err(OrderError::Refused { code, message }) => return refused(pool, row, &code, &message).await,
        Err(e) => return Err(e),
    };
    // The claim: only the run that sets it sends the order.
    let claimed = sqlx::query("UPDATE source_orders SET submitted_at = now() WHERE id = $1 AND status = 'placing' AND submitted_at IS NULL")
        .bind(row.id)
        .execute(pool)
        .await
        .map_err(|e| db(e.into()))?
        .rows_affected();
    if claimed == 0 {
        return Ok(Placed::Nothing);
    }
    match suppliers.aliexpress_submit(&token, &request).await {
        Ok(order_no) => record(pool, suppliers, &token, row, &order_no).await.map_err(db),
        // AliExpress answered no: nothing was created, so a later placement may send it again.
        Err(OrderError::Refused { code, message }) => {
            sqlx::query("UPDATE source_orders SET submitted_at = NULL WHERE id = $1").bind(row.id).execute(pool).await.map_err(|e| db(e.into()))?;
            refused(pool, row, &code, &message).await
        }
        Err(OrderError::Unavailable(e)) => {
            tracing::warn!(error = %e, "ds.order.create's answer was lost");
            fail(pool, row, "error_checkout_products", Some(unknown_outcome(row))).await.map_err(db)
        }
    }
}

/// Keeps AliExpress's order number; the order waits for the owner to pay it on AliExpress.
async fn record(pool: &PgPool, suppliers: &Suppliers, token: &str, row: &Row, order_no: &str) -> Result<Placed> {
    // The amount AliExpress will charge the owner, when it tells (shown, never charged here).
    let total = suppliers.aliexpress_order(token, order_no).await.map(|o| o.total_cents()).unwrap_or(0);
    let mut tx = crate::db::begin(pool).await?;
    let updated = sqlx::query(
        "UPDATE source_orders SET status = 'waiting_payment', order_no = $2, total_cents = $3, product_cents = $3, shipping_cents = 0, pay_with = NULL,
                warning = 'waiting_complete_order', error_key = NULL, error = NULL, updated_at = now()
         WHERE id = $1 AND status = 'placing'",
    )
    .bind(row.id)
    .bind(order_no)
    .bind(total)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if updated == 0 {
        // Stopped meanwhile: Dropline cannot withdraw an AliExpress order; the owner can.
        sqlx::query("UPDATE source_orders SET order_no = COALESCE(order_no, $2) WHERE id = $1").bind(row.id).bind(order_no).execute(&mut *tx).await?;
        tx.commit().await?;
        tracing::info!(%order_no, "AliExpress order created after the user stopped; it stays in the owner's AliExpress account");
        return Ok(Placed::Nothing);
    }
    let detail = json!({"source": row.source, "order_no": order_no, "total": super::dollars(total), "pay_at": "aliexpress"});
    log(&mut tx, row.workplace_id, row.order_id, Some(row.id), "supplier_order_created", detail).await?;
    status::refresh(&mut tx, row.order_id).await?;
    tx.commit().await?;
    Ok(Placed::Ok)
}
