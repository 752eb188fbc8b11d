//! A write is never lost to a caller that went away while its transaction was beginning (a
//! browser navigating away drops the request's handler mid-`BEGIN`): the connection goes back to
//! the pool with no transaction open, so the next statements on it are committed. Before
//! `domain::db::begin`, a sign-in after such a drop answered 200 and its session was never
//! committed.
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use std::future::Future;
use std::task::Poll;
use std::time::Duration;

/// Starts a transaction and drops it after `polls` polls, pausing between them so that `BEGIN`
/// is answered by the server while nobody reads the answer.
async fn begin_then_go_away(pool: &PgPool, polls: usize) {
    let mut begun = Box::pin(domain::db::begin(pool));
    for _ in 0..polls {
        let ready = std::future::poll_fn(|cx| Poll::Ready(begun.as_mut().poll(cx).is_ready())).await;
        if ready {
            return;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

#[tokio::test]
async fn a_transaction_dropped_while_it_begins_leaves_the_next_writes_committed() {
    let db = domain::db::TestDatabase::new().await;
    sqlx::query("CREATE TABLE probe (n int)").execute(&db.pool).await.unwrap();
    // One connection, so each write below runs on the connection the dropped caller had.
    let one = PgPoolOptions::new().max_connections(1).connect_with((*db.pool.connect_options()).clone()).await.unwrap();
    for polls in 1..=5 {
        begin_then_go_away(&one, polls).await;
        sqlx::query("INSERT INTO probe VALUES ($1)").bind(polls as i32).execute(&one).await.unwrap();
        let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM probe WHERE n = $1").bind(polls as i32).fetch_one(&db.pool).await.unwrap();
        assert_eq!(seen, 1, "a write after a transaction dropped at poll {polls} is committed and seen from another connection");
    }
}
