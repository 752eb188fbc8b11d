//! Starting a storefront scan: the address checked, the scan row and its job in one transaction.
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::{Error, Result};
use crate::store::store_scans;
use crate::stores::jobs::StoreScanJob;

/// Validates the address, creates the scan and queues its job in one transaction.
pub async fn start(pool: &PgPool, workplace_id: Uuid, user_id: Uuid, raw_url: &str) -> Result<(Uuid, i64)> {
    let url = super::parse_user_url(raw_url).map_err(|e| Error::field("url", e.to_string()))?;
    let mut tx = crate::db::begin(pool).await?;
    let scan_id = store_scans::create(&mut tx, workplace_id, user_id, url.as_str()).await?;
    let progress_id = crate::queue::enqueue(&mut tx, Some(workplace_id), &StoreScanJob { scan_id, workplace_id }, json!({ "scan_id": scan_id })).await?;
    store_scans::set_progress(&mut tx, scan_id, progress_id).await?;
    tx.commit().await?;
    Ok((scan_id, progress_id))
}
