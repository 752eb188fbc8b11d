//! What the benchmarks under `bench/` share: a fresh database and the sandbox shops' buckets.
use serde_json::Value;
use sqlx::PgPool;

/// Drops and recreates the database `name` on the local server and migrates it.
pub async fn fresh_database(name: &str) -> Result<PgPool, sqlx::Error> {
    let admin = PgPool::connect("postgres://postgres@127.0.0.1:5432/postgres").await?;
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&admin).await?;
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin).await?;
    let pool = sqlx::postgres::PgPoolOptions::new().max_connections(40).connect(&format!("postgres://postgres@127.0.0.1:5432/{name}")).await?;
    jobs::db::migrate(&pool).await.map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
    Ok(pool)
}

/// Summed over the sandbox shops: THROTTLED answers, points charged, points available now.
pub async fn shopify_buckets(sandbox: &str, shops: &[String]) -> (u64, f64, f64) {
    let mut sum = (0, 0.0, 0.0);
    for shop in shops {
        let state: Value = match reqwest::get(format!("{sandbox}/_sandbox/shopify/{shop}")).await {
            Ok(r) => r.json().await.unwrap_or(Value::Null),
            Err(_) => Value::Null,
        };
        let b = &state["throttle"];
        sum.0 += b["throttled_replies"].as_u64().unwrap_or(0);
        sum.1 += b["points_charged"].as_f64().unwrap_or(0.0);
        sum.2 += b["available"].as_f64().unwrap_or(0.0);
    }
    sum
}
