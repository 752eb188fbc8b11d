//! Writing many products at once (the AI enhancer and product copy pages): one `AiWriteJob` per
//! product, each a progress item the page follows. A job writes the product's title, description
//! and tags and saves them; its unit of quota, the saved words and the sync log's `ai_writing`
//! entry are one transaction, and that entry (keyed by the job's progress id) makes a re-run of
//! a job that already saved a no-op: one unit per product written, never two, none when the model
//! failed.
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::write::{self, Suggestion, WriteInput};
use crate::automation::smart_push::{ContentStyle, Tone};
use crate::config::InspectSettings;
use crate::crypto::Sealer;
use crate::error::{Error, Result};
use crate::plans::quota;
use crate::queue::{Job, enqueue_many_with_refs_in};
use crate::store::{automation, products};

/// The most products one request writes: a page of the import list or product center.
pub const MAX_PRODUCTS: usize = 100;
/// The parts a bulk job writes (SEO text has no field on the product yet).
const PARTS: [&str; 3] = ["title", "description_html", "tags"];
pub const LOG_KIND: &str = crate::automation::optimise::LOG_KIND;

#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkWriteInput {
    pub product_ids: Vec<Uuid>,
    /// The saved default when absent.
    #[serde(default)]
    pub style: Option<ContentStyle>,
    #[serde(default)]
    pub tone: Option<Tone>,
    #[serde(default)]
    pub language: Option<String>,
}

/// The progress items, one per product, in the order asked.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkStarted {
    pub ids: Vec<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AiWriteJob {
    pub workplace_id: Uuid,
    pub product_id: Uuid,
    pub style: ContentStyle,
    pub tone: Tone,
    pub language: String,
}

impl Job for AiWriteJob {
    const KIND: &'static str = "ai_write";
}

/// Checks everything the owner can be told at once (set up, products theirs, quota left), then
/// queues one job per product.
pub async fn start(pool: &PgPool, workplace_id: Uuid, i: BulkWriteInput) -> Result<BulkStarted> {
    let settings = super::get(pool, workplace_id).await?;
    if !settings.configured {
        return Err(Error::BadRequest("Set up AI writing first: Settings > Integrations > AI writing".into()));
    }
    let mut ids = i.product_ids.clone();
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(*id));
    if ids.is_empty() {
        return Err(Error::field("product_ids", "choose at least one product"));
    }
    if ids.len() > MAX_PRODUCTS {
        return Err(Error::field("product_ids", format!("write at most {MAX_PRODUCTS} products at once")));
    }
    let input = WriteInput { style: i.style, tone: i.tone, language: i.language, fields: None };
    let ask = write::ask(&input, &settings)?;
    let found: i64 =
        sqlx::query_scalar("SELECT count(*) FROM products WHERE workplace_id = $1 AND id = ANY($2)").bind(workplace_id).bind(&ids).fetch_one(pool).await?;
    if found as usize != ids.len() {
        return Err(Error::field("product_ids", "some products are not in this workspace"));
    }
    write::check_quota(pool, workplace_id).await?;
    let jobs: Vec<AiWriteJob> =
        ids.iter().map(|id| AiWriteJob { workplace_id, product_id: *id, style: ask.style, tone: ask.tone, language: ask.language.clone() }).collect();
    let refs = ids.iter().map(|id| json!({ "product_id": id })).collect();
    let mut tx = crate::db::begin(pool).await?;
    let ids = enqueue_many_with_refs_in(&mut tx, Some(workplace_id), &jobs, refs).await?;
    tx.commit().await?;
    Ok(BulkStarted { ids })
}

/// Writes and saves one product for job `progress_id`; what the progress item keeps as result.
pub async fn run(pool: &PgPool, sealer: &Sealer, inspect: &InspectSettings, progress_id: i64, job: &AiWriteJob) -> Result<Value> {
    let done: Option<Value> = sqlx::query_scalar("SELECT detail FROM sync_log WHERE product_id = $1 AND kind = $2 AND progress_id = $3")
        .bind(job.product_id)
        .bind(LOG_KIND)
        .bind(progress_id)
        .fetch_optional(pool)
        .await?;
    if let Some(detail) = done {
        return Ok(detail);
    }
    let (client, defaults) = super::client(pool, sealer, inspect, job.workplace_id).await?;
    let input = WriteInput {
        style: Some(job.style),
        tone: Some(job.tone),
        language: Some(job.language.clone()),
        fields: Some(PARTS.iter().map(|p| p.to_string()).collect()),
    };
    let ask = write::ask(&input, &defaults)?;
    let product = write::product(pool, job.workplace_id, job.product_id).await?;
    let feature = write::check_quota(pool, job.workplace_id).await?;
    let s = write::run(&client, &product, &ask, |_, _| {}, false).await?;

    let mut tx = crate::db::begin(pool).await?;
    let q = quota::consume(&mut tx, job.workplace_id, feature, 1).await?;
    let title = apply(&mut tx, job.workplace_id, job.product_id, &s).await?;
    let detail = json!({ "style": job.style, "tone": job.tone, "language": job.language, "title": title, "quota": q });
    automation::log(&mut tx, job.workplace_id, job.product_id, LOG_KIND, progress_id, &detail, None).await?;
    tx.commit().await?;
    Ok(detail)
}

/// Saves the written parts over the product's; the title the product now has.
pub async fn apply(tx: &mut sqlx::PgConnection, workplace_id: Uuid, id: Uuid, s: &Suggestion) -> Result<String> {
    let (title, description) = (s.title.as_deref().unwrap_or_default(), s.description_html.as_deref().unwrap_or_default());
    let tags = s.tags.as_deref().unwrap_or_default();
    products::set_words(tx, workplace_id, id, title, description, tags).await?.ok_or(Error::NotFound("product"))
}
