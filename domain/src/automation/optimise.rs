//! Smart push's "optimise product content" (spec section 3, issue 21): before a new product is
//! pushed for the first time, the workspace's model rewrites its title, description and tags in
//! the action's style, tone and language, through the same writing the editor's panel uses (one
//! AI_PRODUCT_WRITING unit per product, nothing counted when the model fails). A product is
//! written once: its sync log's `ai_writing` entry says so, or why it could not be, and later
//! passes and other destinations leave it alone. A product the model could not write is pushed
//! with the supplier's words: a listing held back for ever by a broken model helps nobody.
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::smart_push::ContentAction;
use crate::ai_writing::{self, write::WriteInput};
use crate::config::InspectSettings;
use crate::crypto::Sealer;
use crate::error::Result;
use crate::store::automation;

/// What writing needs beyond the database: the sealed key's opener and the outbound guard.
pub struct Writer<'a> {
    pub sealer: &'a Sealer,
    pub inspect: &'a InspectSettings,
}

pub const LOG_KIND: &str = "ai_writing";
const PARTS: [&str; 3] = ["title", "description_html", "tags"];

/// Writes each of `ids` not written before; how many were written now.
pub async fn before_push(pool: &PgPool, w: &Writer<'_>, workplace_id: Uuid, action: &ContentAction, ids: &[Uuid], progress_id: i64) -> Result<usize> {
    if ids.is_empty() || !ai_writing::available(pool, workplace_id).await? {
        return Ok(0);
    }
    let done: Vec<Uuid> = sqlx::query_scalar("SELECT product_id FROM sync_log WHERE workplace_id = $1 AND kind = $2 AND product_id = ANY($3)")
        .bind(workplace_id)
        .bind(LOG_KIND)
        .bind(ids)
        .fetch_all(pool)
        .await?;
    let mut written = 0;
    for id in ids.iter().filter(|id| !done.contains(id)) {
        let input = WriteInput {
            style: Some(action.style),
            tone: Some(action.tone),
            language: Some(action.language.clone()),
            fields: Some(PARTS.iter().map(|p| p.to_string()).collect()),
        };
        let detail = json!({ "style": action.style, "tone": action.tone, "language": action.language });
        let outcome = ai_writing::write::write(pool, w.sealer, w.inspect, workplace_id, *id, input).await;
        let mut tx = crate::db::begin(pool).await?;
        match outcome {
            Ok(s) => {
                if ai_writing::bulk::apply(&mut tx, workplace_id, *id, &s).await.is_ok() {
                    written += 1;
                }
                automation::log(&mut tx, workplace_id, *id, LOG_KIND, progress_id, &detail, None).await?;
            }
            Err(e) => {
                tracing::warn!(%workplace_id, product_id = %id, error = %e, "smart push: the product is pushed with its own words");
                automation::log(&mut tx, workplace_id, *id, LOG_KIND, progress_id, &detail, Some(&e.to_string())).await?;
            }
        }
        tx.commit().await?;
    }
    Ok(written)
}
