//! Web vitals the dashboard reports (spec: `POST /log/events` with LCP, CLS, INP, browser,
//! network and page path, sent when a page load misses a threshold). Kept per workplace so slow
//! pages can be found; a workplace keeps at most `KEEP` reports, the oldest go first.
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{Fields, Result};

/// The spec's thresholds: a load over any of them is reported.
pub const LCP_MS: f64 = 2500.0;
pub const CLS: f64 = 0.1;
pub const INP_MS: f64 = 200.0;
/// Reports kept per workplace (a browser stuck on a slow network must not fill the table).
const KEEP: i64 = 500;

/// One page load's vitals, as the browser measured them (a metric it had no value for is absent).
#[derive(Debug, Deserialize, ToSchema)]
pub struct VitalsReport {
    /// The page's path, e.g. `/app/orders`.
    pub path: String,
    /// Largest contentful paint, milliseconds.
    pub lcp: Option<f64>,
    /// Cumulative layout shift (unitless).
    pub cls: Option<f64>,
    /// Interaction to next paint, milliseconds.
    pub inp: Option<f64>,
    #[serde(default)]
    pub browser: String,
    /// The connection's effective type (`4g`, `3g`...), when the browser tells it.
    #[serde(default)]
    pub network: String,
}

fn metric(v: Option<f64>, max: f64) -> Result<Option<f64>, String> {
    match v {
        Some(x) if !x.is_finite() || !(0.0..=max).contains(&x) => Err(format!("must be a number from 0 to {max}")),
        other => Ok(other),
    }
}

/// Checks and keeps a report: whether it missed a threshold (one that did not is not kept).
pub async fn record(pool: &PgPool, workplace_id: Uuid, user_id: Uuid, r: &VitalsReport) -> Result<bool> {
    let mut f = Fields::default();
    let path_ok = r.path.starts_with('/') && r.path.len() <= 512 && !r.path.chars().any(char::is_control);
    f.take("path", if path_ok { Ok(()) } else { Err("must be the page's path, starting with /, at most 512 characters".into()) });
    let lcp = f.take("lcp", metric(r.lcp, 600_000.0)).flatten();
    let cls = f.take("cls", metric(r.cls, 100.0)).flatten();
    let inp = f.take("inp", metric(r.inp, 600_000.0)).flatten();
    let short = |s: &str| s.chars().take(200).collect::<String>();
    f.finish()?;
    let missed = lcp.is_some_and(|v| v > LCP_MS) || cls.is_some_and(|v| v > CLS) || inp.is_some_and(|v| v > INP_MS);
    if !missed {
        return Ok(false);
    }
    let mut tx = crate::db::begin(pool).await?;
    sqlx::query("INSERT INTO web_vitals (workplace_id, user_id, path, lcp_ms, cls, inp_ms, browser, network) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(workplace_id)
        .bind(user_id)
        .bind(&r.path)
        .bind(lcp)
        .bind(cls)
        .bind(inp)
        .bind(short(&r.browser))
        .bind(short(&r.network))
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "DELETE FROM web_vitals WHERE workplace_id = $1 AND id < (
             SELECT id FROM web_vitals WHERE workplace_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)",
    )
    .bind(workplace_id)
    .bind(KEEP - 1)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}
