//! One product to one destination. Exactly once: the run leases the pair, pushes what the
//! destination lacks (found again by Dropline's key), and records the remote ids with the
//! final status in one transaction; a re-delivered or re-run job finds the pair done.
use serde_json::{Value, json};

use crate::context::TaskContext;
use crate::notifications;
use crate::push::PushJob;
use crate::push::destination;
use crate::push::listing::PushError;
use crate::queue::Handler;
use crate::queue::JobFailure;
use crate::queue::runner::{AbortOnDrop, Claimed};
use crate::store::push_leases::{Finish, Lease, LeaseAsk};
use crate::store::push_targets;

impl Handler<TaskContext> for PushJob {
    async fn handle(ctx: &TaskContext, job: &Claimed, p: PushJob) -> Result<Value, JobFailure> {
        // As long as the queue's own lease: when the queue takes a crashed worker's job back, the
        // pair is free again for the next run.
        let lease = ctx.settings.queue.lease_secs as f64;
        let ask = LeaseAsk { workplace_id: p.workplace_id, product_id: p.product_id, destination: p.destination.clone(), progress_id: job.id };
        let t = match ctx.push_leases.call(ask).await.map_err(JobFailure::transient)? {
            Lease::Held(t) => *t,
            Lease::Superseded => return Ok(json!({ "superseded": true })),
            Lease::Busy => return Err(JobFailure::transient("another run of this push is in progress")),
            Lease::Ended(status) => return Ok(json!({ "already": status })),
            // The store's bulk push (`push::bulk`) sends this product with the others and ends
            // the pair; its progress item shows that push's outcome.
            Lease::InBulk(bulk) => return Ok(json!({ "bulk": bulk })),
        };
        let Some(found) = ctx.push_products.call((p.workplace_id, p.product_id)).await.map_err(JobFailure::transient)? else {
            finish(ctx, &t, Some("The product was deleted"), &t.remote_ids).await?;
            return Err(JobFailure::permanent("the product was deleted"));
        };
        let (product, variants) = &*found;
        let pushed = renewing(ctx, &t, lease, destination::push(ctx, &t, product, variants)).await;
        match pushed {
            Ok(ids) => {
                finish(ctx, &t, None, &ids).await?;
                Ok(json!({ "product_id": p.product_id, "destination": p.destination, "remote_ids": ids }))
            }
            Err(e @ (PushError::Rejected(_) | PushError::Revoked(_))) => give_up(ctx, job, &t, &product.title, &e).await,
            // Not a failure: the store takes new variants again tomorrow.
            Err(e @ PushError::DailyLimit(wait)) => {
                push_targets::release(&ctx.pool, &t).await?;
                Err(JobFailure::wait_for(e.to_string(), wait))
            }
            Err(e) if job.attempts >= job.max_attempts => give_up(ctx, job, &t, &product.title, &e).await,
            Err(e) => {
                push_targets::release(&ctx.pool, &t).await?;
                Err(match e {
                    // The store said how long its limit needs: the retry waits exactly that.
                    PushError::Throttled(wait) => JobFailure::retry_in(e.to_string(), wait),
                    _ => JobFailure::transient(e.to_string()),
                })
            }
        }
    }
}

/// Ends the pair's run with the process's other ends (`push::runs`).
async fn finish(ctx: &TaskContext, t: &push_targets::Target, error: Option<&str>, ids: &[String]) -> Result<(), JobFailure> {
    ctx.push_ends.call(Finish::of(t, error, ids)).await.map_err(JobFailure::transient)
}

/// Keeps the pair's lease while the push runs; a dead worker stops renewing and the pair
/// frees itself one lease later. Its own task, so a renewal waiting for a connection never
/// stops the push from releasing the one it holds.
async fn renewing<T>(ctx: &TaskContext, t: &push_targets::Target, lease: f64, work: impl std::future::Future<Output = T>) -> T {
    let (pool, target) = (ctx.pool.clone(), t.clone());
    let _renew = AbortOnDrop(tokio::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs_f64((lease / 3.0).max(0.5))).await;
            if let Err(e) = push_targets::renew(&pool, &target, lease).await {
                tracing::warn!(error = %e, "push lease renewal failed");
            }
        }
    }));
    work.await
}

/// The error goes on the product (spec: per-product failures are attached as error text), and
/// the owner is told, since nothing retries it.
async fn give_up(ctx: &TaskContext, job: &Claimed, t: &push_targets::Target, title: &str, e: &PushError) -> Result<Value, JobFailure> {
    let ids = push_targets::remote_ids(&ctx.pool, t).await?;
    finish(ctx, t, Some(&e.to_string()), &ids).await?;
    let destination = where_to(ctx, t).await?;
    let heading = format!("{title}: the push to {destination} failed");
    let key = format!("push-failed:{}:{}:{}", t.product_id, t.destination, job.id);
    let params = json!({ "product": title, "destination": destination, "error": e.to_string() });
    let event = notifications::Event { kind: notifications::Type::PushFailed, title: &heading, body: &e.to_string(), dedup_key: Some(&key), params };
    notifications::record_now(&ctx.pool, t.workplace_id, event).await?;
    Err(JobFailure::permanent(e.to_string()))
}

/// The store's name for a store destination, else the channel's name.
async fn where_to(ctx: &TaskContext, t: &push_targets::Target) -> crate::Result<String> {
    let Some(store_id) = t.store_id else { return Ok(t.destination.clone()) };
    Ok(crate::store::stores::display_name(&ctx.pool, store_id).await?.unwrap_or_else(|| t.destination.clone()))
}
