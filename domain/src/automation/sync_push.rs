//! Carries saved supplier changes to the stores: every destination already holding a changed
//! product gets an update push (`push::start` with `update` ids: over the destination's copy,
//! found by its remote ids, no quota), with the publish state and publications it has.
use sqlx::PgPool;
use std::collections::BTreeMap;
use uuid::Uuid;

use crate::channels::Actor;
use crate::error::Result;
use crate::push::{self, ChannelChoice, PushSettings};

/// Update pushes at once per destination: a big catalogue goes in several calls.
const CHUNK: usize = 500;

/// Starts the update pushes the workplace's pending changes need; returns their progress ids.
/// A destination that refuses (disconnected meanwhile) keeps its changes pending with the error
/// shown, and the next sync tries again.
pub async fn push_pending(pool: &PgPool, owner: Uuid, workplace_id: Uuid) -> Result<Vec<i64>> {
    let rows: Vec<(Uuid, String, bool, Vec<String>)> = sqlx::query_as(
        "SELECT product_id, destination, publish, publications FROM push_targets
         WHERE workplace_id = $1 AND sync_pending ORDER BY destination, product_id",
    )
    .bind(workplace_id)
    .fetch_all(pool)
    .await?;
    let mut groups: BTreeMap<(String, bool, Vec<String>), Vec<Uuid>> = BTreeMap::new();
    for (product, destination, publish, publications) in rows {
        groups.entry((destination, publish, publications)).or_default().push(product);
    }
    let who = Actor { user_id: owner, workplace_id };
    let mut started = vec![];
    for ((destination, is_publish, publications), products) in groups {
        for chunk in products.chunks(CHUNK) {
            let settings = PushSettings {
                channels: BTreeMap::from([(destination.clone(), ChannelChoice { is_publish, publications: publications.clone() })]),
                push: vec![],
                update: chunk.to_vec(),
            };
            // Update pushes only: nothing goes to a store for the first time, so never the bulk path.
            let (pending, error) = match push::start(pool, who, settings, usize::MAX).await {
                Ok(s) => {
                    started.extend(s.progress_ids);
                    (false, None)
                }
                Err(e) => {
                    tracing::warn!(%workplace_id, %destination, error = %e, "supplier sync could not push its changes");
                    (true, Some(format!("The change could not be pushed: {e}")))
                }
            };
            sqlx::query(
                "UPDATE push_targets SET sync_pending = $4, sync_error = COALESCE($5, sync_error)
                 WHERE workplace_id = $1 AND destination = $2 AND product_id = ANY($3)",
            )
            .bind(workplace_id)
            .bind(&destination)
            .bind(chunk)
            .bind(pending)
            .bind(error)
            .execute(pool)
            .await?;
        }
    }
    tracing::debug!(%workplace_id, pushes = started.len(), "supplier sync handed its changes to the push engine");
    Ok(started)
}
