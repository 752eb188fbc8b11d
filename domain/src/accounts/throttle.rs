//! Sign-in throttling that slows whoever guesses, never the account's owner: wrong passwords
//! count per (client address, email) pair, with a wait that doubles after the free tries, and
//! per address across all emails (spraying). Nothing counts per account alone, so failures from
//! elsewhere never stop the right password from the owner's address.
use sqlx::PgPool;

use crate::config::AuthSettings;
use crate::error::{Error, Result};

/// What the window holds for one sign-in attempt.
#[derive(Debug, Clone, Copy, Default)]
struct Failures {
    /// Of this address for this email, and how long ago the newest was.
    pair: i64,
    since_last_pair: f64,
    /// Of this address for any email, and how long ago the one that reached the cap was.
    address: i64,
    since_cap_reached: Option<f64>,
}

/// Seconds the attempt must wait, if any.
fn wait_secs(f: Failures, a: &AuthSettings) -> Option<u64> {
    let mut wait: f64 = 0.0;
    if f.pair >= a.login_failures_per_pair {
        let doublings = (f.pair - a.login_failures_per_pair).min(30) as u32;
        let delay = (a.login_delay_secs as f64 * 2f64.powi(doublings as i32)).min(a.login_max_delay_secs as f64);
        wait = wait.max(delay - f.since_last_pair);
    }
    if f.address >= a.login_failures_per_address
        && let Some(since) = f.since_cap_reached
    {
        wait = wait.max(a.login_window_secs as f64 - since);
    }
    (wait > 0.0).then(|| wait.ceil() as u64)
}

/// Refuses the attempt with RATE_LIMIT and the wait when this address must wait, for this email
/// or at all; checked before the password, so a waiting guesser learns nothing and costs no hash.
pub(super) async fn check(pool: &PgPool, a: &AuthSettings, email: &str, client_addr: &str) -> Result<()> {
    let (pair, since_last_pair, address, since_cap_reached): (i64, Option<f64>, i64, Option<f64>) = sqlx::query_as(
        "WITH recent AS (
             SELECT email, created_at FROM login_failures
             WHERE client_addr = $2 AND created_at > now() - make_interval(secs => $3))
         SELECT count(*) FILTER (WHERE email = lower($1)),
                EXTRACT(EPOCH FROM now() - max(created_at) FILTER (WHERE email = lower($1)))::float8,
                count(*),
                (SELECT EXTRACT(EPOCH FROM now() - created_at)::float8 FROM recent ORDER BY created_at DESC OFFSET $4 - 1 LIMIT 1)
         FROM recent",
    )
    .bind(email)
    .bind(client_addr)
    .bind(a.login_window_secs as f64)
    .bind(a.login_failures_per_address.max(1))
    .fetch_one(pool)
    .await?;
    let failures = Failures { pair, since_last_pair: since_last_pair.unwrap_or(f64::MAX), address, since_cap_reached };
    match wait_secs(failures, a) {
        None => Ok(()),
        Some(secs) => {
            tracing::warn!(client_addr, pair, address, secs, "sign-in throttled");
            Err(Error::RateLimited { message: format!("Too many failed sign-in attempts. Please try again in {}.", in_words(secs)), retry_after_secs: secs })
        }
    }
}

fn in_words(secs: u64) -> String {
    match secs {
        0..=1 => "a second".into(),
        2..=90 => format!("{secs} seconds"),
        _ => format!("{} minutes", secs.div_ceil(60)),
    }
}

/// Counts a wrong password, and forgets a few failures older than the window.
pub(super) async fn record_failure(pool: &PgPool, a: &AuthSettings, email: &str, client_addr: &str) -> Result<()> {
    sqlx::query("INSERT INTO login_failures (email, client_addr) VALUES (lower($1), $2)").bind(email).bind(client_addr).execute(pool).await?;
    sqlx::query(
        "DELETE FROM login_failures WHERE id IN (
             SELECT id FROM login_failures WHERE created_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 100)",
    )
    .bind(a.login_window_secs as f64)
    .execute(pool)
    .await?;
    Ok(())
}

/// A right password clears this pair only: the owner signing in from home must not wipe the
/// count of someone guessing from elsewhere.
pub(super) async fn clear(pool: &PgPool, email: &str, client_addr: &str) -> Result<()> {
    sqlx::query("DELETE FROM login_failures WHERE email = lower($1) AND client_addr = $2").bind(email).bind(client_addr).execute(pool).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Failures, wait_secs};
    use crate::config::{AuthSettings, TrustedProxies};

    fn settings() -> AuthSettings {
        AuthSettings {
            token_days: 180,
            login_failures_per_pair: 5,
            login_delay_secs: 30,
            login_max_delay_secs: 900,
            login_failures_per_address: 50,
            login_window_secs: 3600,
            trusted_proxies: TrustedProxies::default(),
            scope_cache_secs: 5,
        }
    }

    fn pair(n: i64, since: f64) -> Failures {
        Failures { pair: n, since_last_pair: since, address: n, since_cap_reached: None }
    }

    #[test]
    fn the_free_tries_then_a_wait_that_doubles_up_to_the_cap() {
        let a = settings();
        assert_eq!(wait_secs(pair(4, 0.0), &a), None);
        assert_eq!(wait_secs(pair(5, 0.0), &a), Some(30));
        assert_eq!(wait_secs(pair(5, 10.5), &a), Some(20));
        assert_eq!(wait_secs(pair(5, 30.0), &a), None, "the wait is over");
        assert_eq!(wait_secs(pair(6, 0.0), &a), Some(60));
        assert_eq!(wait_secs(pair(7, 0.0), &a), Some(120));
        assert_eq!(wait_secs(pair(20, 0.0), &a), Some(900));
        assert_eq!(wait_secs(pair(10_000, 0.0), &a), Some(900), "no overflow");
    }

    #[test]
    fn an_address_at_its_cap_waits_until_the_oldest_counted_failure_leaves_the_window() {
        let a = settings();
        let spraying = Failures { pair: 1, since_last_pair: 1.0, address: 50, since_cap_reached: Some(3000.0) };
        assert_eq!(wait_secs(spraying, &a), Some(600));
        let below = Failures { address: 49, ..spraying };
        assert_eq!(wait_secs(below, &a), None);
    }
}
