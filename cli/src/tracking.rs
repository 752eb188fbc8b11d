//! `dropline tracking sync [--now] [--email E]`: queues a `tracking_sync` job (the worker runs it)
//! for one user's workplace or for everyone, follows it with a progress bar of the parcels read
//! since it started, and prints what the suppliers and the carrier said.
use clap::Subcommand;
use domain::store::{users, workplaces};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::io::Write;
use std::time::{Duration, Instant};
use uuid::Uuid;

use crate::follow;
use domain::tracking::jobs::TrackingSync;
use domain::tracking::run;

#[derive(Subcommand)]
pub enum TrackingCommand {
    /// Tracking numbers from the suppliers' orders, then the carrier's status of the parcels due.
    Sync {
        /// Only this user's (first) workplace; without it, every workplace.
        #[arg(long)]
        email: Option<String>,
        /// Read every open parcel now, not only those due.
        #[arg(long)]
        now: bool,
    },
}

/// With no change for this long the worker is probably not running.
const STALL: Duration = Duration::from_secs(120);

pub async fn run(pool: &PgPool, command: TrackingCommand) -> anyhow::Result<()> {
    let TrackingCommand::Sync { email, now } = command;
    let workplace_id = match &email {
        Some(e) => {
            let user = users::by_email(pool, e).await?.ok_or_else(|| anyhow::anyhow!("no account {e}"))?;
            Some(workplaces::of_user(pool, user.id).await?.into_iter().next().ok_or_else(|| anyhow::anyhow!("{e} has no workplace"))?.id)
        }
        None => None,
    };
    // The parcels this run will read: the bar's whole.
    let total = run::due(pool, workplace_id, now).await?;
    let started_at = run::database_now(pool).await?;
    let mut tx = domain::db::begin(pool).await?;
    let job = TrackingSync { workplace_id, now, ..TrackingSync::default() };
    let id = domain::queue::enqueue(&mut tx, workplace_id, &job, json!({})).await?;
    tx.commit().await?;
    println!("tracking sync of {} started (progress id {id}); {total} parcels to read", email.as_deref().unwrap_or("every workplace"));
    let Some((status, refs, error)) = follow_job(pool, id, workplace_id, started_at, total).await? else {
        println!("no progress for {} s: is the worker running? (follow it with `dropline status`)", STALL.as_secs());
        return Ok(());
    };
    if status == "error" {
        anyhow::bail!("the tracking sync failed: {}", error.unwrap_or_default());
    }
    summary(&refs);
    Ok(())
}

/// Polls the job's progress row until it ends, drawing the parcels read since `started_at`.
async fn follow_job(
    pool: &PgPool,
    id: i64,
    workplace_id: Option<Uuid>,
    started_at: chrono::DateTime<chrono::Utc>,
    total: i64,
) -> anyhow::Result<Option<(String, Value, Option<String>)>> {
    let (mut last, mut last_change) = ((String::new(), -1), Instant::now());
    loop {
        let (status, refs, error) = run::job_state(pool, id).await?;
        let done = run::read_since(pool, workplace_id, started_at).await?;
        let phase = match status.as_str() {
            "queued" => "waiting for the worker",
            "processing" if done == 0 => "reading the suppliers' orders",
            "processing" => "reading the carrier",
            _ => "done",
        };
        print!("\r{} {phase:<30}", follow::bar(done, total.max(done)));
        std::io::stdout().flush().ok();
        if matches!(status.as_str(), "success" | "error") {
            println!();
            return Ok(Some((status, refs, error)));
        }
        if (status.clone(), done) != last {
            (last, last_change) = ((status, done), Instant::now());
        } else if last_change.elapsed() > STALL {
            println!();
            return Ok(None);
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

fn summary(refs: &Value) {
    let (s, c) = (&refs["suppliers"], &refs["carrier"]);
    let n = |v: &Value| v.as_i64().unwrap_or(0);
    println!("suppliers: {} supplier orders checked, {} new tracking numbers", n(&s["checked"]), n(&s["tracked"]));
    println!("carrier: {} parcels checked, {} changed status", n(&c["checked"]), n(&c["changed"]));
    let errors: Vec<&Value> = s["errors"].as_array().into_iter().flatten().chain(c["errors"].as_array().into_iter().flatten()).collect();
    println!("{} errors", errors.len());
    for e in errors.iter().take(20) {
        println!("  {}", e.as_str().unwrap_or_default());
    }
    if errors.len() > 20 {
        println!("  ... and {} more", errors.len() - 20);
    }
}
