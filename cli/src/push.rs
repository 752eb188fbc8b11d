//! `dropline push`: pushes import-list products to stores and channels, then follows the push
//! items to the end with a progress bar.
use domain::automation;
use domain::channels::Actor;
use domain::push::{self, ChannelChoice, Destination, PushSettings};
use domain::store::{products, users, workplaces};
use sqlx::PgPool;
use std::collections::BTreeMap;
use std::time::Duration;
use uuid::Uuid;

use crate::follow;

pub struct Args {
    pub email: String,
    pub all: bool,
    pub ids: Option<std::path::PathBuf>,
    /// Comma-separated: shopify, woocommerce (every connected store of the platform), tiktok,
    /// facebook, google, or a store id.
    pub channels: String,
    pub publish: bool,
}

/// Destination keys for the `--channels` words.
async fn destinations(pool: &PgPool, workplace_id: Uuid, words: &str) -> anyhow::Result<Vec<(String, String)>> {
    let known = automation::destinations(pool, workplace_id).await?;
    let mut out: Vec<(String, String)> = vec![];
    for word in words.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let hits: Vec<&(Destination, String)> = match word {
            "shopify" | "woocommerce" => known.iter().filter(|(d, p)| matches!(d, Destination::Store(_)) && p == word).collect(),
            _ => known.iter().filter(|(d, _)| Destination::parse(word) == Some(*d)).collect(),
        };
        if hits.is_empty() {
            anyhow::bail!("{word}: no such store or channel is connected (see `dropline stores list`)");
        }
        for (d, p) in hits {
            if !out.iter().any(|(k, _)| *k == d.key()) {
                out.push((d.key(), p.clone()));
            }
        }
    }
    if out.is_empty() {
        anyhow::bail!("name at least one channel with --channels");
    }
    Ok(out)
}

fn read_ids(path: &std::path::Path) -> anyhow::Result<Vec<Uuid>> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Uuid::parse_str(l).map_err(|_| anyhow::anyhow!("{l} is not a product id")))
        .collect()
}

/// `bulk_threshold`: the configured `shopify.bulk_threshold` (`push::start`).
pub async fn run(pool: &PgPool, a: Args, bulk_threshold: usize) -> anyhow::Result<()> {
    let user = users::by_email(pool, &a.email).await?.ok_or_else(|| anyhow::anyhow!("no account {}", a.email))?;
    let workplace = workplaces::of_user(pool, user.id).await?.into_iter().next().ok_or_else(|| anyhow::anyhow!("{} has no workplace", a.email))?;
    let ids = match &a.ids {
        Some(path) => read_ids(path)?,
        None if a.all => products::import_list_ids(pool, workplace.id).await?,
        None => anyhow::bail!("choose the products with --all or --ids FILE"),
    };
    if ids.is_empty() {
        anyhow::bail!("the import list is empty: nothing to push");
    }
    let targets = destinations(pool, workplace.id, &a.channels).await?;
    // Facebook cannot take an unpublished product (spec section 4).
    let channels: BTreeMap<String, ChannelChoice> =
        targets.iter().map(|(k, p)| (k.clone(), ChannelChoice { is_publish: a.publish || p == "facebook", publications: vec![] })).collect();
    let who = Actor { user_id: user.id, workplace_id: workplace.id };
    let started = match push::start(pool, who, PushSettings { channels, push: ids, update: vec![] }, bulk_threshold).await {
        Ok(s) => s,
        Err(domain::Error::QuotaExceeded { message, data }) => {
            anyhow::bail!("{message} (limit {}, used {}, this push needs {})", data["limit"], data["usage"], data["total_push"])
        }
        Err(domain::Error::Validation { fields, .. }) => anyhow::bail!("refused: {fields:?}"),
        Err(e) => return Err(e.into()),
    };
    println!(
        "pushing {} products to {} destinations ({} listing units; {} of {} used this cycle)",
        started.request_product_push,
        targets.len(),
        started.total_push,
        started.usage,
        started.limit
    );
    for w in &started.warnings {
        println!("  note: product {} has {} variants and counts {} units", w["hash"], w["variants"], w["units"]);
    }
    match follow::pushes(pool, workplace.id, &started.progress_ids, Duration::from_secs(30)).await? {
        Some(items) => follow::summary(&items),
        None => println!("no progress for 30 s: is the worker running? (the pushes stay queued; follow them with `dropline status`)"),
    }
    Ok(())
}
