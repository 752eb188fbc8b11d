//! USD exchange rates, keyed "USD" + currency code (spec section 3).
use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::error::Result;

pub fn pair(currency: &str) -> String {
    format!("USD{}", currency.to_ascii_uppercase())
}

/// Stores every quote in one statement.
pub async fn save(pool: &PgPool, pairs: &[(String, f64)], quoted_at: DateTime<Utc>) -> Result<u64> {
    let (keys, rates): (Vec<String>, Vec<f64>) = pairs.iter().cloned().unzip();
    let done = sqlx::query(
        "INSERT INTO exchange_rates (pair, rate, quoted_at, updated_at) SELECT p, r, $3, now() FROM UNNEST($1::text[], $2::float8[]) AS t(p, r)
         ON CONFLICT (pair) DO UPDATE SET rate = EXCLUDED.rate, quoted_at = EXCLUDED.quoted_at, updated_at = now()",
    )
    .bind(&keys)
    .bind(&rates)
    .bind(quoted_at)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// The rate of one USD in `currency` and when it was stored.
pub async fn get(pool: &PgPool, currency: &str) -> Result<Option<(f64, DateTime<Utc>)>> {
    Ok(sqlx::query_as("SELECT rate, updated_at FROM exchange_rates WHERE pair = $1").bind(pair(currency)).fetch_optional(pool).await?)
}

/// The rates of several currencies at once (missing ones are left out).
pub async fn many(pool: &PgPool, currencies: &[String]) -> Result<Vec<(String, f64)>> {
    let pairs: Vec<String> = currencies.iter().map(|c| pair(c)).collect();
    let rows: Vec<(String, f64)> = sqlx::query_as("SELECT pair, rate FROM exchange_rates WHERE pair = ANY($1)").bind(&pairs).fetch_all(pool).await?;
    Ok(rows.into_iter().map(|(p, r)| (p[3..].to_string(), r)).collect())
}
