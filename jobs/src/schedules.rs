//! Periodic jobs. Time is cut into slots of each schedule's period; the first worker to reach a
//! slot records it (primary key) and enqueues the job in the same transaction, so several
//! workers never enqueue one slot twice and a restarted worker does not enqueue it again.
use chrono::{DateTime, TimeZone, Utc};
use serde_json::json;
use sqlx::PgPool;

use crate::config::Settings;
use crate::domain::Source;
use crate::error::Result;
use crate::tasks::catalogue_sync::{self, CatalogueSyncJob};

/// The start of the slot holding `now` for a period of `period_secs`.
pub fn slot(now: DateTime<Utc>, period_secs: u64) -> DateTime<Utc> {
    let p = period_secs.max(60) as i64;
    Utc.timestamp_opt(now.timestamp() / p * p, 0).single().unwrap_or(now)
}

/// Enqueues what is due at `now`; returns how many jobs were enqueued.
pub async fn tick(pool: &PgPool, settings: &Settings, now: DateTime<Utc>) -> Result<usize> {
    let due = slot(now, settings.catalogue.refresh_secs);
    let mut enqueued = 0;
    for source in Source::ALL {
        let name = format!("{}:{source}", catalogue_sync::KIND);
        let mut tx = pool.begin().await?;
        let fresh: bool = sqlx::query_scalar("INSERT INTO schedule_runs (name, due_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING true")
            .bind(&name)
            .bind(due)
            .fetch_optional(&mut *tx)
            .await?
            .unwrap_or(false);
        if !fresh {
            continue;
        }
        let id = crate::queue::enqueue(&mut tx, catalogue_sync::KIND, None, &CatalogueSyncJob { source }, json!({ "source": source })).await?;
        sqlx::query("UPDATE schedule_runs SET progress_id = $3 WHERE name = $1 AND due_at = $2")
            .bind(&name)
            .bind(due)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        enqueued += 1;
    }
    Ok(enqueued)
}

#[cfg(test)]
mod tests {
    #[test]
    fn slots_start_on_period_boundaries() {
        let now: chrono::DateTime<chrono::Utc> = "2026-11-23T10:17:00Z".parse().unwrap();
        assert_eq!(super::slot(now, 21_600).to_rfc3339(), "2026-11-23T06:00:00+00:00");
    }
}
