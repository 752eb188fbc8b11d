//! The one currency a page shows money in: the workspace's (spec: display currency follows the
//! workspace currency). The order list's selling prices come in each store's currency and
//! supplier costs in USD; the import list and product center hold USD. So a page carries the USD
//! rates (keyed "USD" + code, spec section 3) that bring every amount into it, and the dashboard
//! converts. Only stored rates are used (the worker refreshes them): a currency without one is
//! left out, and the dashboard then shows the amount in its own currency (and no profit).
use serde::Serialize;
use sqlx::{PgPool, Postgres, QueryBuilder};
use std::collections::BTreeMap;
use utoipa::ToSchema;

use super::view::OrderView;
use crate::error::Result;
use crate::store::exchange_rates;

#[derive(Debug, Serialize, ToSchema)]
pub struct Display {
    /// The workspace's currency.
    pub currency: String,
    /// One USD in each currency of the page and in `currency`: {"USDAUD": 1.53, "USDUSD": 1}.
    pub rates: BTreeMap<String, f64>,
}

pub async fn for_page(pool: &PgPool, currency: &str, items: &[OrderView]) -> Result<Display> {
    for_currencies(pool, currency, items.iter().map(|o| o.currency.as_str())).await
}

/// The display currency `currency` with the rates of `amounts_in`, the currencies the page's
/// amounts are in (USD needs none).
pub async fn for_currencies<'a>(pool: &PgPool, currency: &str, amounts_in: impl IntoIterator<Item = &'a str>) -> Result<Display> {
    let currency = currency.to_ascii_uppercase();
    let mut wanted: Vec<String> = amounts_in.into_iter().map(str::to_ascii_uppercase).collect();
    wanted.push(currency.clone());
    wanted.sort();
    wanted.dedup();
    wanted.retain(|c| c != "USD");
    let rates = exchange_rates::many(pool, &wanted).await?.into_iter().map(|(c, r)| (exchange_rates::pair(&c), r)).collect();
    Ok(with_usd(&currency, rates))
}

/// The display of `currency` with the stored `rates` and USD's own.
fn with_usd(currency: &str, mut rates: BTreeMap<String, f64>) -> Display {
    rates.insert("USDUSD".into(), 1.0);
    Display { currency: currency.to_ascii_uppercase(), rates }
}

/// The rates of `currency` and of the currencies a subquery names (`SELECT currency FROM page`),
/// as one JSON object column of a larger statement; `from_rates` reads it.
pub(super) fn push_rates<'a>(qb: &mut QueryBuilder<'a, Postgres>, currency: &str, currencies_of: &str) {
    qb.push(format!(
        "(SELECT json_object_agg(pair, rate)::text FROM exchange_rates WHERE pair = ANY(ARRAY(SELECT 'USD' || upper(c.currency) FROM ({currencies_of}) c)) OR pair = "
    ))
    .push_bind(exchange_rates::pair(currency))
    .push(")");
}

/// The display of a `push_rates` column.
pub(super) fn from_rates(currency: &str, json: Option<&str>) -> Result<Display> {
    let rates = match json {
        Some(j) => serde_json::from_str(j).map_err(|e| anyhow::anyhow!("exchange rates as PostgreSQL built them: {e}"))?,
        None => BTreeMap::new(),
    };
    Ok(with_usd(currency, rates))
}
