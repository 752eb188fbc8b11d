//! The `dropline` binary against a fresh database.
use sqlx::PgPool;
use std::process::Command;

fn dropline(pool: &PgPool, args: &[&str]) -> (bool, String) {
    let db = pool.connect_options().get_database().unwrap().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_dropline"))
        .args(args)
        .env("DROPLINE_ENV", "test")
        .env("DROPLINE_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../config"))
        .env("DROPLINE__DATABASE__URL", format!("postgres://postgres@127.0.0.1:5432/{db}"))
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[sqlx::test(migrator = "jobs::db::MIGRATOR")]
async fn creates_a_user_and_prints_its_workplace_status(pool: PgPool) {
    let (ok, out) = dropline(&pool, &["user", "create", "--email", "Op@Shop.com", "--password", "long-enough"]);
    assert!(ok, "{out}");
    let (ok, out) = dropline(&pool, &["status", "--email", "op@shop.com"]);
    assert!(ok, "{out}");
    assert!(out.contains("op@shop.com") && out.contains("verified: true") && out.contains("\"My workplace\" USD"), "{out}");

    let (ok, out) = dropline(&pool, &["user", "create", "--email", "op@shop.com", "--password", "long-enough"]);
    assert!(!ok && out.contains("already registered"), "{out}");
    let (ok, out) = dropline(&pool, &["user", "create", "--email", "nope", "--password", "short"]);
    assert!(!ok && out.contains("Enter a valid email address"), "{out}");
}

#[sqlx::test(migrator = "jobs::db::MIGRATOR")]
async fn seed_demo_is_idempotent(pool: PgPool) {
    let (ok, out) = dropline(&pool, &["seed-demo"]);
    assert!(ok && out.contains("demo account created"), "{out}");
    let (ok, out) = dropline(&pool, &["seed-demo"]);
    assert!(ok && out.contains("already exists") && out.contains("demo@dropline.local / dropline-demo"), "{out}");
}

#[sqlx::test(migrator = "jobs::db::MIGRATOR")]
async fn stores_list_prints_each_workplace_s_stores(pool: PgPool) {
    let (ok, _) = dropline(&pool, &["user", "create", "--email", "op@shop.com", "--password", "long-enough"]);
    assert!(ok);
    let (ok, out) = dropline(&pool, &["stores", "list", "--email", "op@shop.com"]);
    assert!(ok && out.contains("no stores"), "{out}");
    let (user, workplace): (uuid::Uuid, uuid::Uuid) =
        sqlx::query_as("SELECT owner_id, id FROM workplaces").fetch_one(&pool).await.unwrap();
    sqlx::query("INSERT INTO stores (id, workplace_id, owner_id, platform, platform_domain, api_base, credentials, is_default)
                 VALUES ($1, $2, $3, 'shopify', 'acme.myshopify.com', 'https://acme.myshopify.com', '\\x00', true)")
        .bind(uuid::Uuid::new_v4()).bind(workplace).bind(user).execute(&pool).await.unwrap();
    let (ok, out) = dropline(&pool, &["stores", "list", "--email", "op@shop.com"]);
    assert!(ok && out.contains("acme.myshopify.com") && out.contains("default"), "{out}");
}

/// Caches a supplier product as a fresh detail read, so importing it calls no supplier.
async fn cache_product(pool: &PgPool, id: &str, stock: i64) {
    let detail = serde_json::json!({"title": format!("Lamp {id}"), "description": "", "category": {"id": 1, "name": "Home"},
        "images": [], "options": [], "variants": [{"sku_id": format!("{id}-1"), "options": {}, "price": "4.00", "compare_at_price": "9.00", "stock": stock, "image": null}]});
    sqlx::query("INSERT INTO supplier_products (source, source_product_id, title, price_cents, price_max_cents, detail, detail_fetched_at)
                 VALUES ('cj', $1, 'Lamp', 400, 400, $2, now())")
        .bind(id).bind(detail).execute(pool).await.unwrap();
    sqlx::query("INSERT INTO supplier_freight (source, source_product_id, country, cost_cents, min_days, max_days) VALUES ('cj', $1, 'US', 150, 5, 9)")
        .bind(id).execute(pool).await.unwrap();
}

#[sqlx::test(migrator = "jobs::db::MIGRATOR")]
async fn import_follows_the_job_to_a_summary(pool: PgPool) {
    let (ok, _) = dropline(&pool, &["user", "create", "--email", "op@shop.com", "--password", "long-enough"]);
    assert!(ok);
    cache_product(&pool, "in-stock", 7).await;
    cache_product(&pool, "sold-out", 0).await;
    let file = std::env::temp_dir().join(format!("dropline-ids-{}", uuid::Uuid::new_v4()));
    std::fs::write(&file, "in-stock\n# a comment\nsold-out\n").unwrap();
    let db = pool.connect_options().get_database().unwrap().to_string();
    let child = Command::new(env!("CARGO_BIN_EXE_dropline"))
        .args(["import", "--email", "op@shop.com", "--source", "cj", "--ids", file.to_str().unwrap()])
        .env("DROPLINE_ENV", "test")
        .env("DROPLINE_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../config"))
        .env("DROPLINE__DATABASE__URL", format!("postgres://postgres@127.0.0.1:5432/{db}"))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // This test plays the worker: it runs the queued jobs while the command follows them.
    let mut settings = jobs::config::Settings::load_env("test").unwrap();
    settings.database.url = format!("postgres://postgres@127.0.0.1:5432/{db}").into();
    let ctx = jobs::tasks::TaskContext::new(pool.clone(), std::sync::Arc::new(settings)).unwrap();
    let runner = jobs::queue::Runner::new(ctx);
    let waiting = tokio::task::spawn_blocking(move || child.wait_with_output());
    while !waiting.is_finished() {
        runner.drain().await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let out = waiting.await.unwrap().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("2/2") && text.contains("1 imported, 1 failed") && text.contains("cj:sold-out: This product is out of stock"), "{text}");
    let price: i64 = sqlx::query_scalar("SELECT price_cents FROM product_variants").fetch_one(&pool).await.unwrap();
    assert_eq!(price, 800, "priced by the default rule");
}
