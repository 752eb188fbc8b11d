//! Automation: smart push (new imports pushed to chosen stores on a schedule) and supplier
//! sync (auto update: supplier price and stock carried to every store holding the product).
//! Settings live in `automation_settings`, one row per workplace; no row means the defaults.
//! Both act only through `push::start`, so they inherit its rules, quota and exactly-once push.
pub mod auto_update;
pub mod jobs;
pub mod optimise;
pub mod smart_push;
pub mod smart_push_run;
pub mod supplier_sync;
pub mod sync_diff;
pub mod sync_push;
pub mod window;

use sqlx::PgPool;
use uuid::Uuid;

use crate::channels::Channel;
use crate::error::Result;
use crate::push::Destination;

/// Where the workplace can push now, each with its platform (`shopify`, `woocommerce`, or the
/// channel key).
pub async fn destinations(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<(Destination, String)>> {
    let stores: Vec<(Uuid, String)> =
        sqlx::query_as("SELECT id, platform FROM stores WHERE workplace_id = $1 AND status = 'connected' AND removed_at IS NULL ORDER BY created_at")
            .bind(workplace_id)
            .fetch_all(pool)
            .await?;
    let channels: Vec<String> = sqlx::query_scalar("SELECT channel FROM channel_connections WHERE workplace_id = $1 AND status = 'connected' ORDER BY channel")
        .bind(workplace_id)
        .fetch_all(pool)
        .await?;
    let mut out: Vec<(Destination, String)> = stores.into_iter().map(|(id, p)| (Destination::Store(id), p)).collect();
    out.extend(channels.into_iter().filter_map(|c| Channel::parse(&c).map(|ch| (Destination::Channel(ch), c))));
    Ok(out)
}

/// The Shopify publications (store id, publication gid) of the given destination keys' stores.
pub async fn publications(pool: &PgPool, workplace_id: Uuid, keys: &[&str]) -> Result<Vec<(Uuid, String)>> {
    let ids: Vec<Uuid> = keys
        .iter()
        .filter_map(|k| match Destination::parse(k) {
            Some(Destination::Store(id)) => Some(id),
            _ => None,
        })
        .collect();
    Ok(sqlx::query_as(
        "SELECT s.id, p->>'id' FROM stores s, jsonb_array_elements(s.publications) p
         WHERE s.workplace_id = $1 AND s.id = ANY($2) AND s.platform = 'shopify' AND p->>'id' IS NOT NULL",
    )
    .bind(workplace_id)
    .bind(&ids)
    .fetch_all(pool)
    .await?)
}

/// Runs `f` while holding a per-workplace lock for `scope`, so two runs (two slots of a slow
/// schedule, a manual run beside a scheduled one) never act on one workplace at once; `None`
/// when another run holds it. A transaction-level lock: it ends with the transaction, even when
/// `f` panics and the transaction is dropped.
pub(crate) async fn exclusive<T>(pool: &PgPool, scope: &str, workplace_id: Uuid, f: impl std::future::Future<Output = Result<T>>) -> Result<Option<T>> {
    let mut tx = crate::db::begin(pool).await?;
    let got: bool = sqlx::query_scalar("SELECT pg_try_advisory_xact_lock(hashtext($1), hashtext($2))")
        .bind(scope)
        .bind(workplace_id.to_string())
        .fetch_one(&mut *tx)
        .await?;
    if !got {
        return Ok(None);
    }
    let out = f.await;
    tx.commit().await?;
    out.map(Some)
}
