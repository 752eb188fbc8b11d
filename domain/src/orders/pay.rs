//! Paying a supplier order, exactly once: the user is charged under a reference unique to the
//! supplier order (wallet ledger `pay:so:<id>`, or the card vendor's Idempotency-Key), then
//! Dropline pays the supplier, whose order state tells whether an earlier run already did. A
//! supplier that refuses the payment gets the user's money given back through the ledger.
use serde_json::{Value, json};
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::{log, placing, status};
use crate::connectors::suppliers::orders::OrderError;
use crate::context::{PaidOrder, TaskContext};
use crate::error::{Error, Result};
use crate::orders::jobs::PlaceOrder;
use crate::queue::JobFailure;
use crate::queue::runner::Claimed;
use crate::values::Source;
use crate::wallet::charge;

/// The methods of `payment_settings` that mean the saved card; any other is the wallet.
macro_rules! card_methods {
    () => {
        "('card', 'credit_card', 'stripe')"
    };
}
pub(crate) use card_methods;

/// The method a supplier order `so` taken into `paying` is paid with: `pay_with` names it, else
/// (`auto`) the saved one, as `saved_method` reads it.
macro_rules! paying_method {
    () => {
        concat!(
            "CASE WHEN so.pay_with IN ('card', 'wallet') THEN so.pay_with
                  WHEN (SELECT method FROM payment_settings p WHERE p.workplace_id = so.workplace_id) IN ",
            $crate::orders::pay::card_methods!(),
            " THEN 'card' ELSE 'wallet' END"
        )
    };
}
pub(crate) use paying_method;

/// The saved method for `auto` (payment settings), wallet when none is saved.
pub async fn saved_method(pool: &PgPool, workplace_id: Uuid) -> Result<String> {
    let m: Option<String> = sqlx::query_scalar(concat!(
        "SELECT CASE WHEN method IN ",
        card_methods!(),
        " THEN 'card' ELSE 'wallet' END FROM payment_settings WHERE workplace_id = $1"
    ))
    .bind(workplace_id)
    .fetch_optional(pool)
    .await?;
    Ok(m.unwrap_or_else(|| "wallet".into()))
}

/// Ends a payment attempt without paying: back to waiting_payment with the reason shown.
async fn not_paid(pool: &PgPool, row: &placing::Row, reason: &str) -> Result<()> {
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query("UPDATE source_orders SET status = 'waiting_payment', pay_with = NULL, error = $2, updated_at = now() WHERE id = $1 AND status = 'paying'")
        .bind(row.id)
        .bind(reason)
        .execute(&mut *tx)
        .await?;
    log(&mut tx, row.workplace_id, row.order_id, Some(row.id), "payment_failed", json!({"reason": reason})).await?;
    status::refresh(&mut tx, row.order_id).await?;
    tx.commit().await?;
    Ok(())
}

/// After placement (and for `/orders/v5/payment`, which queues the same job): pays when the
/// user asked for it. Nothing to do for an order that waits for a manual payment or is paid.
#[instrument(skip_all, fields(source_order = id))]
pub async fn after_placement(ctx: &TaskContext, job: &Claimed, id: i64) -> Result<Value, JobFailure> {
    let Some((row, method)) = claim(&ctx.pool, id).await? else {
        let outcome = placing::load(&ctx.pool, id).await?.map_or_else(|| "gone".to_string(), |row| row.status);
        return Ok(json!({ "outcome": outcome }));
    };
    pay_claimed(ctx, job, &row, &method).await
}

/// Pays a supplier order already taken into `paying` (by `claim`, or by `orders::created` when
/// it was paid on placement) with `method`.
pub async fn pay_claimed(ctx: &TaskContext, job: &Claimed, row: &placing::Row, method: &str) -> Result<Value, JobFailure> {
    let paid = pay(ctx, job, row, method).await;
    if paid.is_err() {
        // Placement left the order's status to this step (`orders::created`): until the retry,
        // the order shows what its supplier orders are now.
        let refreshed = async {
            let mut tx = crate::db::begin(&ctx.pool).await?;
            status::refresh(&mut tx, row.order_id).await?;
            tx.commit().await.map_err(Error::from)
        };
        if let Err(e) = refreshed.await {
            tracing::warn!(error = %e, "order status not refreshed after a failed payment step");
        }
    }
    paid
}

/// A supplier order taken into `paying`, and the method it is paid with.
#[derive(sqlx::FromRow)]
struct Payable {
    #[sqlx(flatten)]
    row: placing::Row,
    payment_method: String,
}

/// Takes a supplier order the user asked to pay (`waiting_payment`, or `paying` again after a
/// crash) into `paying` with its method, and reads it, in one statement: `pay_with` names the
/// method, else the saved one (`saved_method`'s rule). `None` when it is not to be paid now.
async fn claim(pool: &PgPool, id: i64) -> Result<Option<(placing::Row, String)>> {
    let payable: Option<Payable> = sqlx::query_as(concat!(
        "UPDATE source_orders so SET status = 'paying', updated_at = now(), payment_method = ",
        paying_method!(),
        " FROM orders o
         WHERE so.id = $1 AND o.id = so.order_id AND so.status IN ('waiting_payment', 'paying') AND so.pay_with IS NOT NULL
         RETURNING ",
        crate::store::supplier_orders::columns!(),
        ", so.payment_method"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(payable.map(|p| (p.row, p.payment_method)))
}

async fn pay(ctx: &TaskContext, job: &Claimed, row: &placing::Row, method: &str) -> Result<Value, JobFailure> {
    let id = row.id;
    let charged = match method {
        "card" => charge::card_charge(&ctx.pool, &ctx.payments, row.workplace_id, id, row.total_cents).await,
        // Grouped with the process's other wallet payments: one wallet lock for many.
        _ => ctx.wallet_debits.call((row.workplace_id, id, row.total_cents)).await.map_err(|e| Error::Internal(anyhow::anyhow!(e)))?,
    };
    match charged {
        Ok(_) => {}
        Err(e @ (Error::Validation { .. } | Error::BadRequest(_))) => {
            not_paid(&ctx.pool, row, &e.to_string()).await?;
            return Ok(json!({ "outcome": "not paid", "error": e.to_string() }));
        }
        Err(e) => return Err(e.into()),
    }
    let source = Source::parse(&row.source).map_err(JobFailure::permanent)?;
    let order_no = row.order_no.clone().unwrap_or_default();
    let paid = match ctx.suppliers.pay_order(source, &order_no).await {
        Ok(_) => true,
        // An earlier run paid it and died before recording that.
        Err(OrderError::Refused { code, .. }) if code == "INVALID_STATE" => {
            ctx.suppliers.get_order(source, &order_no).await.map(|o| o.is_paid()).unwrap_or(false)
        }
        Err(OrderError::Refused { .. }) => false,
        Err(e) if job.attempts < job.max_attempts => return Err(JobFailure::transient(e.to_string())),
        Err(_) => false,
    };
    if !paid {
        charge::reverse_order_payment(&ctx.pool, row.workplace_id, id).await?;
        not_paid(&ctx.pool, row, "PaymentFailedAtSupplier").await?;
        return Ok(json!({ "outcome": "supplier refused payment; charge reversed" }));
    }
    let detail = json!({"method": method, "total": super::dollars(row.total_cents)});
    let paid = PaidOrder { source_order_id: id, workplace_id: row.workplace_id, order_id: row.order_id, detail };
    ctx.paid_orders.call(paid).await.map_err(JobFailure::transient)?;
    Ok(json!({ "outcome": "paid", "method": method }))
}

/// `/orders/v5/payment`: pays the workplace's waiting supplier orders with `method`. With the
/// wallet, a total above the balance is refused up front and nothing is charged. AliExpress and
/// eBay orders are not among them: the owner pays those in the AliExpress account or at eBay.
pub async fn request(pool: &PgPool, workplace_id: Uuid, ids: &[i64], method: &str) -> Result<Vec<i64>> {
    if !matches!(method, "wallet" | "card") {
        return Err(Error::field("method", "method must be wallet or card"));
    }
    let mut tx = crate::db::begin(pool).await?;
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT id, order_id, total_cents FROM source_orders WHERE workplace_id = $1 AND id = ANY($2) AND status = 'waiting_payment' AND source NOT IN ('aliexpress', 'ebay') FOR UPDATE",
    )
    .bind(workplace_id)
    .bind(ids)
    .fetch_all(&mut *tx)
    .await?;
    if method == "wallet" {
        let total: i64 = rows.iter().map(|r| r.2).sum();
        let balance: Option<i64> = sqlx::query_scalar("SELECT balance_topup_cents + balance_bonus_cents FROM wallets WHERE workplace_id = $1")
            .bind(workplace_id)
            .fetch_optional(&mut *tx)
            .await?;
        if total > balance.unwrap_or(0) {
            return Err(Error::field("balance", "InsufficientBalance"));
        }
    }
    for (id, _, _) in &rows {
        sqlx::query("UPDATE source_orders SET pay_with = $2, error = NULL WHERE id = $1").bind(id).bind(method).execute(&mut *tx).await?;
        let job = crate::queue::enqueue(&mut tx, Some(workplace_id), &PlaceOrder { source_order_id: *id }, json!({ "source_order_id": id })).await?;
        sqlx::query("UPDATE source_orders SET progress_id = $2, toast_dismissed = false WHERE id = $1").bind(id).bind(job).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(rows.iter().map(|r| r.0).collect())
}

/// The workplace's supplier orders waiting for payment.
pub async fn waiting_ids(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM source_orders WHERE workplace_id = $1 AND status = 'waiting_payment' AND source NOT IN ('aliexpress', 'ebay') ORDER BY id",
    )
    .bind(workplace_id)
    .fetch_all(pool)
    .await?)
}
