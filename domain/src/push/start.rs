//! Starting a push: the spec's rules (section 4), the LISTING_PRODUCTS quota, then one push
//! target and one job per product and destination, all in one transaction.
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::{BTreeMap, HashMap, HashSet};
use utoipa::ToSchema;
use uuid::Uuid;

use super::listing::{VARIANT_LIMIT, remote_key, units};
use super::{ChannelChoice, Destination, PushJob, PushSettings};
use crate::channels::Actor;
use crate::error::{Error, Result};
use crate::plans::quota;
use crate::queue::enqueue_many_in;

pub const LISTING_PRODUCTS: &str = "LISTING_PRODUCTS";

#[derive(Debug, Serialize, ToSchema)]
pub struct PackageIds {
    pub product_package_id: Uuid,
    pub split_product_package_ids: Vec<Uuid>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PushStarted {
    pub product_package_ids: Vec<PackageIds>,
    pub limit: i64,
    pub usage: i64,
    pub total_push: i64,
    pub request_product_push: usize,
    pub progress_ids: Vec<i64>,
    /// Products over the platforms' 100-variant limit: `{hash, variants, units}`.
    #[schema(value_type = Vec<Object>)]
    pub warnings: Vec<Value>,
}

/// The destinations the workplace can push to now, checked against the choices.
async fn destinations(pool: &PgPool, workplace_id: Uuid, choices: &BTreeMap<String, ChannelChoice>) -> Result<Vec<(Destination, ChannelChoice)>> {
    let stores: HashSet<Uuid> = sqlx::query_scalar("SELECT id FROM stores WHERE workplace_id = $1 AND status = 'connected' AND removed_at IS NULL")
        .bind(workplace_id)
        .fetch_all(pool)
        .await?
        .into_iter()
        .collect();
    let channels: HashSet<String> = sqlx::query_scalar("SELECT channel FROM channel_connections WHERE workplace_id = $1 AND status = 'connected'")
        .bind(workplace_id)
        .fetch_all(pool)
        .await?
        .into_iter()
        .collect();
    if stores.is_empty() && channels.is_empty() {
        return Err(Error::Forbidden("GoToMyChannel".into()));
    }
    let mut out = vec![];
    for (key, choice) in choices {
        let ok = match Destination::parse(key) {
            Some(d @ Destination::Store(id)) if stores.contains(&id) => Some(d),
            Some(d @ Destination::Channel(c)) if channels.contains(c.key()) => Some(d),
            _ => None,
        };
        let Some(d) = ok else {
            return Err(Error::field("channels", format!("{key} is not a store or channel connected to this workplace")));
        };
        out.push((d, choice.clone()));
    }
    Ok(out)
}

/// Starts pushing `push` (new) and `update` (overwrite) products to the chosen destinations. A
/// Shopify store receiving more than `bulk_threshold` products for the first time gets them
/// through the bulk path (`push::bulk`).
pub async fn start(pool: &PgPool, who: Actor, settings: PushSettings, bulk_threshold: usize) -> Result<PushStarted> {
    let targets = destinations(pool, who.workplace_id, &settings.channels).await?;
    if targets.is_empty() {
        return Err(Error::field("channels", "NeedToSelectAtLeastChannel"));
    }
    let update: HashSet<Uuid> = settings.update.iter().copied().collect();
    let mut wanted: Vec<Uuid> = settings.push.iter().chain(&settings.update).copied().collect();
    let mut seen = HashSet::new();
    wanted.retain(|id| seen.insert(*id));
    if wanted.is_empty() {
        return Err(Error::field("product_package_ids", "choose at least one product"));
    }
    let rows: Vec<(Uuid, String, i64)> = sqlx::query_as(
        "SELECT p.id, p.title, (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id AND v.enabled)
         FROM products p WHERE p.workplace_id = $1 AND p.id = ANY($2)",
    )
    .bind(who.workplace_id)
    .bind(&wanted)
    .fetch_all(pool)
    .await?;
    if rows.len() != wanted.len() {
        return Err(Error::field("product_package_ids", "some products are not in this workplace"));
    }
    let info: HashMap<Uuid, (String, i64)> = rows.into_iter().map(|(id, t, n)| (id, (t, n))).collect();
    let warnings: Vec<Value> = wanted
        .iter()
        .filter(|id| info[*id].1 as usize > VARIANT_LIMIT)
        .map(|id| json!({ "hash": id, "variants": info[id].1, "units": units(info[id].1 as usize) }))
        .collect();

    let mut tx = crate::db::begin(pool).await?;
    let mut payloads = vec![];
    let mut pairs = vec![];
    let mut keys = HashSet::new();
    for id in &wanted {
        for (d, _) in &targets {
            // Two spellings of one store id are one destination.
            if keys.insert((*id, d.key())) {
                payloads.push(PushJob { workplace_id: who.workplace_id, product_id: *id, destination: d.key() });
                pairs.push((*id, d));
            }
        }
    }
    let ids = enqueue_many_in(&mut tx, Some(who.workplace_id), &payloads).await?;
    let choice: HashMap<String, &ChannelChoice> = targets.iter().map(|(d, c)| (d.key(), c)).collect();
    // Quota: a product-destination pair is charged once, when its row is first written (each
    // product ceil(variants/100) units). The pair's unique index decides, under its row lock, so
    // a double click or two pushes at once charge one of them. All pairs in one statement: a
    // statement per pair made a push of thousands wait for thousands of round trips.
    let choices: Vec<&ChannelChoice> = pairs.iter().map(|(_, d)| choice[&d.key()]).collect();
    let store_ids: Vec<Option<Uuid>> = pairs
        .iter()
        .map(|(_, d)| match d {
            Destination::Store(s) => Some(*s),
            _ => None,
        })
        .collect();
    let new_pairs: Vec<(Uuid, bool, String, bool)> = sqlx::query_as(
        "INSERT INTO push_targets (product_id, workplace_id, destination, store_id, status, publish, publications, remote_key, progress_id, error)
         SELECT u.product, $1, u.destination, u.store, 'processing', u.publish, ARRAY(SELECT jsonb_array_elements_text(u.publications)), u.remote_key, u.progress, NULL
         FROM UNNEST($2::uuid[], $3::text[], $4::uuid[], $5::boolean[], $6::jsonb[], $7::text[], $8::bigint[])
              AS u(product, destination, store, publish, publications, remote_key, progress)
         ON CONFLICT (product_id, destination) DO UPDATE SET status = 'processing', publish = EXCLUDED.publish,
             publications = EXCLUDED.publications, progress_id = EXCLUDED.progress_id, error = NULL, bulk_id = NULL, updated_at = now()
         RETURNING product_id, (xmax = 0), destination, cardinality(remote_ids) = 0",
    )
    .bind(who.workplace_id)
    .bind(pairs.iter().map(|(p, _)| *p).collect::<Vec<_>>())
    .bind(pairs.iter().map(|(_, d)| d.key()).collect::<Vec<_>>())
    .bind(store_ids)
    .bind(choices.iter().map(|c| c.is_publish).collect::<Vec<_>>())
    .bind(choices.iter().map(|c| json!(c.publications)).collect::<Vec<_>>())
    // The remote key is chosen once; a later push keeps the one the destination knows.
    .bind(pairs.iter().map(|(p, _)| remote_key(&info[p].0, *p)).collect::<Vec<_>>())
    .bind(&ids)
    .fetch_all(&mut *tx)
    .await?;
    let total_push: i64 =
        new_pairs.iter().filter(|(product, new, ..)| *new && !update.contains(product)).map(|(product, ..)| units(info[product].1 as usize)).sum();
    // Products the destination has never received (no remote id yet, not an overwrite).
    let first_time: Vec<(Uuid, String)> =
        new_pairs.iter().filter(|(product, _, _, none)| *none && !update.contains(product)).map(|(product, _, d, _)| (*product, d.clone())).collect();
    super::bulk::plan(&mut tx, who.workplace_id, &first_time, bulk_threshold).await?;
    // Nothing new to list (update pushes): consume nothing, and report the quota as it stands
    // once this transaction has given its connection back.
    let charged = if total_push == 0 {
        None
    } else {
        match quota::consume(&mut tx, who.workplace_id, LISTING_PRODUCTS, total_push).await {
            Err(Error::QuotaExpired(message)) => {
                tx.rollback().await?;
                let now = quota::state(pool, who.workplace_id, LISTING_PRODUCTS).await?;
                let data = json!({ "limit": now.limit, "usage": now.usage, "total_push": total_push });
                return Err(Error::QuotaExceeded { message, data });
            }
            other => Some(other?),
        }
    };
    tx.commit().await?;
    let q = match charged {
        Some(q) => q,
        None => quota::state(pool, who.workplace_id, LISTING_PRODUCTS).await?,
    };
    Ok(PushStarted {
        product_package_ids: wanted.iter().map(|id| super::start::PackageIds { product_package_id: *id, split_product_package_ids: vec![] }).collect(),
        limit: q.limit,
        usage: q.usage,
        total_push,
        request_product_push: wanted.len(),
        progress_ids: ids,
        warnings,
    })
}
