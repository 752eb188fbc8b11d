//! `dropline orders place --ready`: places every ready order of a user's workplace (one
//! supplier order per order and source, by the worker's `place_order` jobs), follows them with
//! a progress bar until none is processing, and prints what was placed, paid and failed.
use domain::orders::list;
use domain::orders::place::{self, PayWith, PlacementItem};
use domain::store::{users, workplaces};
use sqlx::PgPool;
use std::collections::BTreeMap;
use std::time::Duration;

use crate::follow;

pub struct Args {
    pub email: String,
    pub source: Option<String>,
    pub pay: Option<PayWith>,
}

pub fn parse_pay(s: &str) -> Result<PayWith, String> {
    match s {
        "wallet" => Ok(PayWith::Wallet),
        "card" => Ok(PayWith::Card),
        "auto" => Ok(PayWith::Auto),
        other => Err(format!("{other}: pay with wallet, card or auto")),
    }
}

pub async fn place_ready(pool: &PgPool, args: Args) -> anyhow::Result<()> {
    let user = users::by_email(pool, &args.email).await?.ok_or_else(|| anyhow::anyhow!("no account {}", args.email))?;
    let workplace = workplaces::of_user(pool, user.id).await?.into_iter().next().ok_or_else(|| anyhow::anyhow!("{} has no workplace", args.email))?;
    if let Some(s) = &args.source {
        anyhow::ensure!(domain::orders::ORDER_SOURCES.contains(&s.as_str()), "{s}: the source is one of {}", domain::orders::ORDER_SOURCES.join(", "));
    }
    let ready = list::ready_ids(pool, workplace.id).await?;
    if ready.is_empty() {
        println!("no ready orders in \"{}\"", workplace.name);
        return Ok(());
    }
    // The plan rule the API applies to the user applies to the operator acting for them.
    anyhow::ensure!(
        ready.len() == 1 || place::bulk_allowed(pool, workplace.id).await?,
        "the plan of \"{}\" does not allow bulk order placement",
        workplace.name
    );
    let started = place::start(pool, workplace.id, &ready, args.source.as_deref(), args.pay).await?;
    let ids: Vec<i64> = started.iter().map(|i| i.id).collect();
    println!("{} ready orders: {} supplier orders started", ready.len(), ids.len());
    if ids.is_empty() {
        return Ok(());
    }
    let Some(items) = follow_items(pool, workplace.id, &ids, Duration::from_secs(60)).await? else {
        println!("no progress for 60 s: is the worker running? (follow it with `dropline status`)");
        return Ok(());
    };
    summary(&items);
    Ok(())
}

/// Polls the supplier orders until none is processing, or `None` when nothing moved for `stall`.
async fn follow_items(pool: &PgPool, workplace_id: uuid::Uuid, ids: &[i64], stall: Duration) -> anyhow::Result<Option<Vec<PlacementItem>>> {
    let read = || async move { Ok(place::items(pool, workplace_id, Some(ids)).await?) };
    follow::until_done(read, |i: &PlacementItem| i.status != "processing", None, stall).await
}

/// Placed (the supplier has the order), paid, and failures counted by error key.
fn summary(items: &[PlacementItem]) {
    let placed = items.iter().filter(|i| matches!(i.source_status.as_str(), "waiting_payment" | "order_placed")).count();
    let paid = items.iter().filter(|i| i.source_status == "order_placed").count();
    let mut failed: BTreeMap<&str, usize> = BTreeMap::new();
    for i in items.iter().filter(|i| i.status == "error") {
        *failed.entry(i.error_key.as_deref().unwrap_or("unknown")).or_default() += 1;
    }
    println!("{placed} placed, {paid} paid, {} failed", failed.values().sum::<usize>());
    for (key, n) in &failed {
        println!("  {key}: {n} ({})", domain::connectors::suppliers::orders::error_message(key));
    }
    let unpaid: Vec<&PlacementItem> = items.iter().filter(|i| i.source_status == "waiting_payment" && i.message.is_some()).collect();
    for i in unpaid {
        println!("  {} waits for payment: {}", i.order_name, i.message.as_deref().unwrap_or_default());
    }
}
