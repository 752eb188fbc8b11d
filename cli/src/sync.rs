//! `dropline sync`: a workplace's supplier sync (auto update). `--now` runs one and prints what
//! changed, then follows the update pushes it started; without it, prints the settings.
use domain::automation::auto_update;
use domain::store::{progress, users, workplaces};
use sqlx::PgPool;
use std::time::{Duration, Instant};

use crate::follow;

pub async fn run(pool: &PgPool, email: &str, now: bool) -> anyhow::Result<()> {
    let user = users::by_email(pool, email).await?.ok_or_else(|| anyhow::anyhow!("no account {email}"))?;
    let workplace = workplaces::of_user(pool, user.id).await?.into_iter().next().ok_or_else(|| anyhow::anyhow!("{email} has no workplace"))?;
    let settings = auto_update::get(pool, workplace.id).await?;
    if !now {
        let last = auto_update::last_run_at(pool, workplace.id).await?;
        println!(
            "auto update {} every {} h; last sync: {}",
            if settings.is_enable { "on" } else { "off" },
            settings.interval_hours,
            last.map_or("never".into(), |t| t.to_rfc3339())
        );
        println!("{}", serde_json::to_string_pretty(&settings)?);
        return Ok(());
    }
    let id = auto_update::sync_now(pool, workplace.id, None).await?;
    println!("supplier sync of \"{}\" started (progress id {id})", workplace.name);
    let started = Instant::now();
    let job = loop {
        let item = progress::get(pool, workplace.id, id).await?.ok_or_else(|| anyhow::anyhow!("job {id} vanished"))?;
        if item.status != "processing" {
            break item;
        }
        if started.elapsed() > Duration::from_secs(120) {
            println!("the sync has not ended after 120 s: is the worker running? (follow it with `dropline status`)");
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    if job.status == "error" {
        anyhow::bail!("the sync failed: {}", job.error.unwrap_or_default());
    }
    let r = &job.refs;
    let changed = r["changed"].as_array().cloned().unwrap_or_default();
    let errors = r["errors"].as_array().cloned().unwrap_or_default();
    println!("{} products read, {} changed, {} could not be read", r["products"], changed.len(), errors.len());
    for c in &changed {
        println!("  {}: {}", c["title"].as_str().unwrap_or_default(), c["change"].as_str().unwrap_or_default());
    }
    for e in &errors {
        println!("  {}: {}", e["title"].as_str().unwrap_or_default(), e["error"].as_str().unwrap_or_default());
    }
    let pushes: Vec<i64> = r["progress_ids"].as_array().into_iter().flatten().filter_map(|v| v.as_i64()).collect();
    if pushes.is_empty() {
        return Ok(());
    }
    println!("updating {} store listings", pushes.len());
    match follow::pushes(pool, workplace.id, &pushes, Duration::from_secs(30)).await? {
        Some(items) => follow::summary(&items),
        None => println!("no progress for 30 s: is the worker running?"),
    }
    Ok(())
}
