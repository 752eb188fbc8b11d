//! Transactions that a cancelled caller cannot leave open.
//!
//! sqlx 0.8.6 and 0.9.0 count a PostgreSQL transaction as begun only once `BEGIN`'s answer is
//! read. A caller dropped in between (a browser that navigates away drops its request's handler;
//! a timeout drops a job) returns the connection to the pool inside a transaction nobody ends:
//! every later statement on that connection runs in it and is lost when the connection closes
//! (sqlx issues 4385 and 4393; fixed upstream after 0.9.0). In the dashboard this was a sign-in
//! whose session was never committed, so the next call answered 401.
//!
//! `begin` runs `Pool::begin` on a task of its own: if the caller goes away, the task still
//! reads `BEGIN`'s answer, and the unclaimed transaction is then dropped with its depth counted,
//! so sqlx rolls it back before the connection is used again. clippy's `disallowed-methods`
//! (clippy.toml) keeps `Pool::begin` out of the product.
use sqlx::{PgPool, Postgres, Transaction};

/// `Pool::begin`, safe to cancel.
pub async fn begin(pool: &PgPool) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    begin_on_a_task(pool, None).await
}

/// `begin` for a step a rerun redoes: PostgreSQL answers its commit before the commit reaches
/// the disk (`synchronous_commit` off for this transaction only, set in the same round trip as
/// `BEGIN`). A server crash may lose it, and only together with everything committed after it,
/// so the job that made it has not recorded its outcome either (that commit is durable and
/// flushes every earlier one) and runs again. Only for steps whose rerun finds what an earlier
/// run did outside (the supplier's order by its idempotency key, the charge by its reference).
pub async fn begin_redoable(pool: &PgPool) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    begin_on_a_task(pool, Some("BEGIN; SET LOCAL synchronous_commit TO off")).await
}

/// Begins with `statement` (plain `BEGIN` when none) on a task of its own (see above).
#[allow(clippy::disallowed_methods)]
async fn begin_on_a_task(pool: &PgPool, statement: Option<&'static str>) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    let pool = pool.clone();
    let begun = tokio::spawn(async move {
        match statement {
            None => pool.begin().await,
            Some(s) => pool.begin_with(s).await,
        }
    });
    match begun.await {
        Ok(begun) => begun,
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        // Only when the runtime is shutting down.
        Err(_) => Err(sqlx::Error::PoolClosed),
    }
}
