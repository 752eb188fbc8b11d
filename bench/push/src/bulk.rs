//! Products per minute to one Shopify store on the Standard plan (100 points restored a second),
//! by the per-call path (productSet and publishablePublish per product, paced by the store's
//! bucket) and by the bulk path (one staged JSONL, `bulkOperationRunMutation`, no per-call
//! cost), side by side. The same number of products goes each way, to a shop of its own: the
//! per-call side in pushes of at most the bulk threshold (each a store's first push small enough
//! for single calls), the bulk side in one push over it.
use dropline_tests::{TestApp, connect_shopify};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::time::{Duration, Instant};

/// The threshold the bench runs with: the product's default (500) when `n` is above it or the
/// comparison is skipped (`n` 0), else half of `n`, so a small run still takes the bulk path
/// with a push of `n`.
pub fn threshold(n: usize, configured: usize) -> usize {
    if n == 0 || n > configured { configured } else { (n / 2).max(1) }
}

pub async fn compare(app: &TestApp, sandbox: &str, n: usize) -> anyhow::Result<()> {
    let threshold = app.settings.shopify.bulk_threshold;
    let token = app.signed_up("bench-bulk@example.com").await;
    let mut stores = vec![];
    for shop in ["percall-shop", "bulk-shop"] {
        let a = connect_shopify(app, &token, shop).await;
        stores.push(a.data()["store"]["id"].as_str().unwrap_or_default().to_string());
    }
    super::settle(&app.pool).await?;
    for shop in ["percall-shop", "bulk-shop"] {
        app.http.post(format!("{sandbox}/_sandbox/shopify/{shop}/throttle")).json(&json!({ "plan": "standard" })).send().await?;
    }
    let ids = super::catalogue(app, &token, sandbox, n).await?;
    // A product's video goes call by call on either path (staged per product): none here.
    sqlx::query("UPDATE products SET video_url = NULL WHERE id::text = ANY($1)").bind(&ids).execute(&app.pool).await?;

    let t = Instant::now();
    for chunk in ids.chunks(threshold) {
        super::push(app, &token, chunk, &[&stores[0]]).await?;
        finished(&app.pool, &stores[0], chunk.len()).await?;
    }
    let per_call = t.elapsed().as_secs_f64();
    let t = Instant::now();
    super::push(app, &token, &ids, &[&stores[1]]).await?;
    finished(&app.pool, &stores[1], ids.len()).await?;
    let bulk = t.elapsed().as_secs_f64();

    let (calls_a, ops_a) = calls(sandbox, "percall-shop").await;
    let (calls_b, ops_b) = calls(sandbox, "bulk-shop").await;
    let failed: i64 =
        sqlx::query_scalar("SELECT count(*) FROM push_targets WHERE destination = ANY($1) AND status = 'error'").bind(&stores).fetch_one(&app.pool).await?;
    let (a, b) = (n as f64 * 60.0 / per_call, n as f64 * 60.0 / bulk);
    println!(
        "bulk: {n} products to one Standard-plan Shopify store: per-call path {a:.0}/min ({per_call:.1} s, {calls_a} productSet calls, {ops_a} bulk operations), \
         bulk path {b:.0}/min ({bulk:.1} s, {calls_b} productSet calls, {ops_b} bulk operations); ratio bulk to per-call {:.1} ({failed} failed; threshold {threshold})",
        b / a
    );
    Ok(())
}

/// Waits until `n` pairs to `destination` have ended (an hour at most).
async fn finished(pool: &PgPool, destination: &str, n: usize) -> anyhow::Result<()> {
    let t = Instant::now();
    loop {
        let open: i64 =
            sqlx::query_scalar("SELECT count(*) FROM push_targets WHERE destination = $1 AND status = 'processing'").bind(destination).fetch_one(pool).await?;
        if open == 0 {
            return Ok(());
        }
        anyhow::ensure!(t.elapsed() < Duration::from_secs(3_600), "{open} of {n} pushes to {destination} still open after an hour");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The shop's productSet calls and bulk operations, as the sandbox counted them.
async fn calls(sandbox: &str, shop: &str) -> (u64, usize) {
    let state: Value = match reqwest::get(format!("{sandbox}/_sandbox/shopify/{shop}")).await {
        Ok(r) => r.json().await.unwrap_or(Value::Null),
        Err(_) => Value::Null,
    };
    (state["calls"]["product_set"].as_u64().unwrap_or(0), state["bulk"]["ops"].as_object().map_or(0, |o| o.len()))
}
