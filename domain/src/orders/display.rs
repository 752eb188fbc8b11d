//! The one currency the order list shows selling price, costs and profit in: the workspace's.
//! Selling prices come in each store's currency and supplier costs in USD, so the page carries
//! the USD rates (keyed "USD" + code, spec section 3) that bring every amount into it; the
//! dashboard converts and subtracts. Only stored rates are used (the worker refreshes them): a
//! currency without one is left out, and the dashboard then shows no profit for that order.
use serde::Serialize;
use sqlx::PgPool;
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
    let currency = currency.to_ascii_uppercase();
    let mut wanted: Vec<String> = items.iter().map(|o| o.currency.to_ascii_uppercase()).collect();
    wanted.push(currency.clone());
    wanted.sort();
    wanted.dedup();
    wanted.retain(|c| c != "USD");
    let mut rates: BTreeMap<String, f64> = exchange_rates::many(pool, &wanted).await?.into_iter().map(|(c, r)| (exchange_rates::pair(&c), r)).collect();
    rates.insert("USDUSD".into(), 1.0);
    Ok(Display { currency, rates })
}
