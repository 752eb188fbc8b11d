//! Following jobs from the terminal: a textual progress bar, and items polled until every one
//! is final.
use domain::push::progress;
use sqlx::PgPool;
use std::io::Write;
use std::time::{Duration, Instant};
use uuid::Uuid;

pub fn bar(done: i64, total: i64) -> String {
    let width = 30;
    let filled = if total > 0 { (done.min(total) * width / total) as usize } else { 0 };
    format!("[{}{}] {done}/{total}", "#".repeat(filled), "-".repeat(width as usize - filled))
}

/// The push items of `ids` once all are success or error, or `None` when nothing moved for
/// `stall` (no worker running: the jobs stay queued).
pub async fn pushes(pool: &PgPool, workplace_id: Uuid, ids: &[i64], stall: Duration) -> anyhow::Result<Option<Vec<progress::ProgressItem>>> {
    // Items a newer push took over leave this list: what is left counts as the whole.
    let read = || async move { Ok(progress::items(pool, workplace_id, Some(ids)).await?) };
    until_done(read, |i: &progress::ProgressItem| i.status != "processing", Some(ids.len() as i64), stall).await
}

/// Polls `read` with a bar until every item `is_done`, or `None` when nothing moved for `stall`.
pub async fn until_done<T, F, Fut>(mut read: F, is_done: impl Fn(&T) -> bool, total: Option<i64>, stall: Duration) -> anyhow::Result<Option<Vec<T>>>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<Vec<T>>>,
{
    let (mut last_done, mut last_change) = (-1, Instant::now());
    loop {
        let items = read().await?;
        let done = items.iter().filter(|i| is_done(i)).count() as i64;
        print!("\r{}", bar(done, total.unwrap_or(items.len() as i64)));
        std::io::stdout().flush().ok();
        if done == items.len() as i64 {
            println!();
            return Ok(Some(items));
        }
        if done != last_done {
            (last_done, last_change) = (done, Instant::now());
        } else if last_change.elapsed() > stall {
            println!();
            return Ok(None);
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// One line per failed item, and the totals.
pub fn summary(items: &[progress::ProgressItem]) {
    let ok = items.iter().filter(|i| i.status == "success").count();
    println!("{ok} pushed, {} failed", items.len() - ok);
    for i in items.iter().filter(|i| i.status == "error") {
        println!("  {} → {}: {}", i.title, i.channel_label, i.error.as_deref().unwrap_or("failed"));
    }
}
