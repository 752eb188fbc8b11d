//! One smart push pass: for each workplace where the settings apply now, push the import-list
//! products that a chosen destination does not have yet. A product that already has a push
//! target for a destination (whatever its status) is never pushed there again by smart push,
//! so each new product reaches each destination once.
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::BTreeMap;
use uuid::Uuid;

use super::optimise::{self, Writer};
use super::smart_push::{PublishStatus, SmartPush, applies};
use crate::channels::Actor;
use crate::error::{Error, Result};
use crate::plans::quota;
use crate::push::listing::units;
use crate::push::start::LISTING_PRODUCTS;
use crate::push::{self, ChannelChoice, Destination, PushSettings};
use crate::store::automation;

/// At most this many products per destination and pass: the next pass takes the rest.
const BATCH: i64 = 500;

/// Every candidate workplace (or only `only`) at `now`; returns what each did.
/// `bulk_threshold` is `push::start`'s.
pub async fn run(pool: &PgPool, w: &Writer<'_>, only: Option<Uuid>, now: DateTime<Utc>, progress_id: i64, bulk_threshold: usize) -> Result<Value> {
    let mut report = vec![];
    for (workplace_id, row) in automation::smart_push_candidates(pool, only).await? {
        let Ok(settings) = serde_json::from_value::<SmartPush>(row.smart_push) else { continue };
        if !applies(&settings, now) {
            continue;
        }
        let one =
            super::exclusive(pool, "smart_push", workplace_id, push_new(pool, w, workplace_id, &settings, (row.smart_push_since, progress_id), bulk_threshold))
                .await;
        match one {
            Ok(Some(done)) => report.push(json!({ "workplace_id": workplace_id, "destinations": done })),
            Ok(None) => report.push(json!({ "workplace_id": workplace_id, "skipped": "another smart push of this workplace is running" })),
            // One workplace's trouble (a store gone mid-run) must not hold up the others.
            Err(e) => {
                tracing::warn!(%workplace_id, error = %e, "smart push failed");
                report.push(json!({ "workplace_id": workplace_id, "error": e.to_string() }));
            }
        }
    }
    Ok(json!({ "workplaces": report }))
}

/// The products `destination` should get: in the import list (or already pushed elsewhere by
/// smart push, so one that waited for quota still reaches every chosen store), new (or any when
/// `apply_all_products`), and never given a push target there.
async fn waiting(pool: &PgPool, workplace_id: Uuid, destination: &str, all: bool, since: DateTime<Utc>) -> Result<Vec<(Uuid, i64)>> {
    Ok(sqlx::query_as(
        "SELECT p.id, (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id AND v.enabled)
         FROM products p
         WHERE p.workplace_id = $1 AND ($3 OR p.created_at > $4)
           AND (p.stage = 'import_list'
                OR EXISTS (SELECT 1 FROM sync_log l WHERE l.workplace_id = $1 AND l.product_id = p.id AND l.kind = 'smart_push'))
           AND NOT EXISTS (SELECT 1 FROM push_targets t WHERE t.product_id = p.id AND t.destination = $2)
         ORDER BY p.created_at, p.id LIMIT $5",
    )
    .bind(workplace_id)
    .bind(destination)
    .bind(all)
    .bind(since)
    .bind(BATCH)
    .fetch_all(pool)
    .await?)
}

/// The longest prefix of `products` whose units fit what is left of LISTING_PRODUCTS, so a
/// workplace near its limit still gets what fits instead of a refused push every pass.
async fn within_quota(pool: &PgPool, workplace_id: Uuid, products: &[(Uuid, i64)]) -> Result<Vec<Uuid>> {
    let q = quota::state(pool, workplace_id, LISTING_PRODUCTS).await?;
    let mut left = if matches!(q.limit, -1 | -2) { i64::MAX } else { (q.limit - q.usage).max(0) };
    let mut out = vec![];
    for (id, variants) in products {
        let n = units(*variants as usize);
        if n > left {
            break;
        }
        left -= n;
        out.push(*id);
    }
    Ok(out)
}

async fn push_new(
    pool: &PgPool,
    w: &Writer<'_>,
    workplace_id: Uuid,
    s: &SmartPush,
    (since, progress_id): (DateTime<Utc>, i64),
    bulk_threshold: usize,
) -> Result<Vec<Value>> {
    let Some(user_id) = automation::owner(pool, workplace_id).await? else { return Ok(vec![]) };
    let who = Actor { user_id, workplace_id };
    let Some(action) = &s.actions.pushed_connected_channels else { return Ok(vec![]) };
    let known = super::destinations(pool, workplace_id).await?;
    let keys: Vec<&str> = action.store_ids.iter().map(String::as_str).collect();
    let offered = super::publications(pool, workplace_id, &keys).await?;
    let mut report = vec![];
    let mut pushed: BTreeMap<Uuid, Vec<Value>> = BTreeMap::new();
    for key in &action.store_ids {
        let Some((dest, platform)) = Destination::parse(key).and_then(|d| known.iter().find(|(k, _)| *k == d)) else {
            report.push(json!({ "destination": key, "skipped": "not connected" }));
            continue;
        };
        let products = waiting(pool, workplace_id, key, s.condition.apply_all_products, since).await?;
        if products.is_empty() {
            continue;
        }
        let ids = within_quota(pool, workplace_id, &products).await?;
        if ids.is_empty() {
            // Left for a later pass (a new plan cycle or an upgrade), not retried in a loop.
            tracing::info!(%workplace_id, destination = %key, waiting = products.len(), "smart push waits for LISTING_PRODUCTS quota");
            report.push(json!({ "destination": key, "waiting": products.len(), "quota_expired": true }));
            continue;
        }
        if let Some(content) = &s.actions.optimize_product_content {
            optimise::before_push(pool, w, workplace_id, content, &ids, progress_id).await?;
        }
        let publications = match dest {
            Destination::Store(id) => offered.iter().filter(|(s, p)| s == id && action.publication_ids.contains(p)).map(|(_, p)| p.clone()).collect(),
            Destination::Channel(_) => vec![],
        };
        // Facebook cannot take an unpublished product (spec section 4): it is always published.
        let is_publish = action.publish_status == PublishStatus::Publish || platform == "facebook";
        let settings =
            PushSettings { channels: BTreeMap::from([(key.clone(), ChannelChoice { is_publish, publications })]), push: ids.clone(), update: vec![] };
        match push::start(pool, who, settings, bulk_threshold).await {
            Ok(started) => {
                for id in &ids {
                    pushed.entry(*id).or_default().push(json!({ "destination": key, "publish": is_publish }));
                }
                report.push(json!({ "destination": key, "pushed": ids.len(), "progress_ids": started.progress_ids, "waiting": products.len() - ids.len() }));
            }
            Err(Error::QuotaExceeded { message, .. } | Error::QuotaExpired(message)) => {
                tracing::info!(%workplace_id, destination = %key, %message, "smart push waits for LISTING_PRODUCTS quota");
                report.push(json!({ "destination": key, "waiting": products.len(), "quota_expired": true }));
            }
            Err(e) => report.push(json!({ "destination": key, "error": e.to_string() })),
        }
    }
    // The product page's log tells which pushes smart push made.
    let mut tx = crate::db::begin(pool).await?;
    for (id, destinations) in &pushed {
        automation::log(&mut tx, workplace_id, *id, "smart_push", progress_id, &json!({ "destinations": destinations }), None).await?;
    }
    tx.commit().await?;
    Ok(report)
}
