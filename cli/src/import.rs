//! `dropline import`: an import-all job followed to the end with a progress bar.
use domain::catalogue::query::{FindParams, Search};
use domain::products::{import::ImportRequest, import_all};
use domain::store::{users, workplaces};
use domain::values::{Country, Source};
use sqlx::PgPool;
use std::io::Write;
use std::time::{Duration, Instant};

pub struct Args {
    pub email: String,
    pub source: String,
    pub ids: Option<std::path::PathBuf>,
    pub query: Option<String>,
    pub limit: usize,
    pub ship_to: String,
}

/// Product ids from the file, or the catalogue cache's best sellers for the keyword.
async fn product_ids(pool: &PgPool, workplace: uuid::Uuid, a: &Args, source: Source) -> anyhow::Result<Vec<String>> {
    if let Some(path) = &a.ids {
        let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        return Ok(text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).take(a.limit).map(str::to_string).collect());
    }
    let params = FindParams {
        keyword: a.query.clone(),
        sources: Some(source.as_str().into()),
        ship_to: Some(a.ship_to.clone()),
        sort_by: Some("lastest_volume".into()),
        page_size: Some(a.limit.clamp(1, 100).to_string()),
        ..FindParams::default()
    };
    let mut search = Search::parse(&params).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut ids = vec![];
    while ids.len() < a.limit {
        let page = domain::catalogue::find(pool, workplace, &search).await?;
        if page.items.is_empty() {
            break;
        }
        ids.extend(page.items.into_iter().map(|c| c.source_product_id));
        search.page += 1;
    }
    ids.truncate(a.limit);
    Ok(ids)
}

pub async fn run(pool: &PgPool, a: Args) -> anyhow::Result<()> {
    let source = Source::parse(&a.source).map_err(anyhow::Error::msg)?;
    let ship_to = Country::parse(&a.ship_to).map_err(anyhow::Error::msg)?;
    let user = users::by_email(pool, &a.email).await?.ok_or_else(|| anyhow::anyhow!("no account {}", a.email))?;
    let workplace = workplaces::of_user(pool, user.id).await?.into_iter().next().ok_or_else(|| anyhow::anyhow!("{} has no workplace", a.email))?;
    let ids = product_ids(pool, workplace.id, &a, source).await?;
    if ids.is_empty() {
        anyhow::bail!("no products to import (is the catalogue cache filled? the worker fills it)");
    }
    let items: Vec<ImportRequest> = ids.iter().map(|id| ImportRequest { source, source_product_id: id.clone(), ship_to: ship_to.clone() }).collect();
    let (batch, total) = import_all::start(pool, workplace.id, &items).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("importing {total} {source} products into \"{}\" (tracking id {batch})", workplace.name);
    let started = Instant::now();
    let (mut last_done, mut last_change) = (-1, Instant::now());
    let status = loop {
        let s = import_all::status(pool, workplace.id, batch).await?;
        print!("\r{}", crate::follow::bar(s.done, s.total));
        std::io::stdout().flush().ok();
        if s.status == "done" {
            break s;
        }
        if s.done != last_done {
            (last_done, last_change) = (s.done, Instant::now());
        } else if last_change.elapsed() > Duration::from_secs(30) {
            println!("\nno progress for 30 s: is the worker running? (the job stays queued; follow it with `dropline status`)");
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    println!("\n{} imported, {} failed in {:.1} s", status.success.len(), status.failed.len(), started.elapsed().as_secs_f64());
    for (key, reason) in &status.failed {
        println!("  {key}: {reason}");
    }
    Ok(())
}
