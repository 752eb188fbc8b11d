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

#[tokio::test]
async fn creates_a_user_and_prints_its_workplace_status() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (ok, out) = dropline(&pool, &["user", "create", "--email", "Op@Shop.com", "--password", "op-lantern-harbour"]);
    assert!(ok, "{out}");
    let (ok, out) = dropline(&pool, &["status", "--email", "op@shop.com"]);
    assert!(ok, "{out}");
    assert!(out.contains("op@shop.com") && out.contains("verified: true") && out.contains("\"My workplace\" USD"), "{out}");

    let (ok, out) = dropline(&pool, &["user", "create", "--email", "op@shop.com", "--password", "op-lantern-harbour"]);
    assert!(!ok && out.contains("already registered"), "{out}");
    let (ok, out) = dropline(&pool, &["user", "create", "--email", "nope", "--password", "short"]);
    assert!(!ok && out.contains("Enter a valid email address"), "{out}");
}

#[tokio::test]
async fn seed_demo_is_idempotent() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (ok, out) = dropline(&pool, &["seed-demo"]);
    assert!(ok && out.contains("demo account created"), "{out}");
    let (ok, out) = dropline(&pool, &["seed-demo"]);
    assert!(ok && out.contains("already exists") && out.contains("demo@dropline.local / dropline-demo"), "{out}");
}

#[tokio::test]
async fn stores_list_prints_each_workplace_s_stores() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (ok, _) = dropline(&pool, &["user", "create", "--email", "op@shop.com", "--password", "op-lantern-harbour"]);
    assert!(ok);
    let (ok, out) = dropline(&pool, &["stores", "list", "--email", "op@shop.com"]);
    assert!(ok && out.contains("no stores"), "{out}");
    let (user, workplace): (uuid::Uuid, uuid::Uuid) = sqlx::query_as("SELECT owner_id, id FROM workplaces").fetch_one(&pool).await.unwrap();
    sqlx::query(
        "INSERT INTO stores (id, workplace_id, owner_id, platform, platform_domain, api_base, credentials, is_default)
                 VALUES ($1, $2, $3, 'shopify', 'acme.myshopify.com', 'https://acme.myshopify.com', '\\x00', true)",
    )
    .bind(uuid::Uuid::new_v4())
    .bind(workplace)
    .bind(user)
    .execute(&pool)
    .await
    .unwrap();
    let (ok, out) = dropline(&pool, &["stores", "list", "--email", "op@shop.com"]);
    assert!(ok && out.contains("acme.myshopify.com") && out.contains("default"), "{out}");
}

/// Caches a supplier product as a fresh detail read, so importing it calls no supplier.
async fn cache_product(pool: &PgPool, id: &str, stock: i64) {
    let detail = serde_json::json!({"title": format!("Lamp {id}"), "description": "", "category": {"id": 1, "name": "Home"},
        "images": [], "options": [], "variants": [{"sku_id": format!("{id}-1"), "options": {}, "price": "4.00", "compare_at_price": "9.00", "stock": stock, "image": null}]});
    sqlx::query(
        "INSERT INTO supplier_products (source, source_product_id, title, price_cents, price_max_cents, detail, detail_fetched_at)
                 VALUES ('cj', $1, 'Lamp', 400, 400, $2, now())",
    )
    .bind(id)
    .bind(detail)
    .execute(pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO supplier_freight (source, source_product_id, country, cost_cents, min_days, max_days) VALUES ('cj', $1, 'US', 150, 5, 9)")
        .bind(id)
        .execute(pool)
        .await
        .unwrap();
}

#[tokio::test]
async fn import_follows_the_job_to_a_summary() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (ok, _) = dropline(&pool, &["user", "create", "--email", "op@shop.com", "--password", "op-lantern-harbour"]);
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
    let mut settings = domain::config::Settings::load_env("test").unwrap();
    settings.database.url = format!("postgres://postgres@127.0.0.1:5432/{db}").into();
    let runner = domain::tasks::runner(pool.clone(), std::sync::Arc::new(settings)).unwrap();
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

/// Runs `dropline args` while this test plays the worker with `settings` (pointed at the
/// sandbox), until the command ends; returns its output.
async fn with_worker(pool: &PgPool, settings: &domain::config::Settings, args: &[&str]) -> String {
    let db = pool.connect_options().get_database().unwrap().to_string();
    let child = Command::new(env!("CARGO_BIN_EXE_dropline"))
        .args(args)
        .env("DROPLINE_ENV", "test")
        .env("DROPLINE_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../config"))
        .env("DROPLINE__DATABASE__URL", format!("postgres://postgres@127.0.0.1:5432/{db}"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let runner = domain::tasks::runner(pool.clone(), std::sync::Arc::new(settings.clone())).unwrap();
    let waiting = tokio::task::spawn_blocking(move || child.wait_with_output());
    while !waiting.is_finished() {
        runner.drain().await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let out = waiting.await.unwrap().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    text
}

#[tokio::test]
async fn push_and_sync_follow_their_jobs_to_a_summary() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (addr, _) = sandbox::spawn(sandbox::Config { addr: "127.0.0.1:0".parse().unwrap(), ..Default::default() }).await.unwrap();
    let sandbox = format!("http://{addr}");
    let db = pool.connect_options().get_database().unwrap().to_string();
    let mut settings = domain::config::Settings::load_env("test").unwrap();
    settings.database.url = format!("postgres://postgres@127.0.0.1:5432/{db}").into();
    settings.redis.namespace = format!("dropline-cli-{}", uuid::Uuid::new_v4());
    settings.suppliers.api_url_template = format!("{sandbox}/suppliers/{{source}}/api");
    settings.suppliers.cj.api_url = format!("{sandbox}/cj/api2.0/v1");
    let (ok, _) = dropline(&pool, &["user", "create", "--email", "op@shop.com", "--password", "op-lantern-harbour"]);
    assert!(ok);
    let (user_id, workplace_id): (uuid::Uuid, uuid::Uuid) = sqlx::query_as("SELECT owner_id, id FROM workplaces").fetch_one(&pool).await.unwrap();

    // A CJ product with stock in the import list, and a WooCommerce store.
    let http = reqwest::Client::new();
    let api = format!("{sandbox}/suppliers/cj/api/products");
    let page: serde_json::Value = http.get(format!("{api}?page_size=20")).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
    let mut chosen = None;
    for id in page["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap().to_string()) {
        let p: serde_json::Value = http.get(format!("{api}/{id}")).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
        if let Some(v) = p["variants"].as_array().unwrap().iter().find(|v| v["stock"].as_i64().unwrap() > 0) {
            chosen = Some((id, v["sku_id"].as_str().unwrap().to_string()));
            break;
        }
    }
    let (product, sku) = chosen.expect("an in-stock CJ product");
    let suppliers = domain::connectors::suppliers::Suppliers::new(&settings.suppliers);
    let request = domain::products::import::ImportRequest {
        source: domain::values::Source::parse("cj").unwrap(),
        source_product_id: product.clone(),
        ship_to: domain::values::Country::parse("US").unwrap(),
    };
    domain::products::import::import_one(&pool, &suppliers, &settings.catalogue, workplace_id, &request, None).await.unwrap();
    let keys: serde_json::Value =
        http.post(format!("{sandbox}/_sandbox/woo/cli-woo/keys")).json(&serde_json::json!({})).send().await.unwrap().json().await.unwrap();
    let sealer = domain::crypto::Sealer::from_base64(&settings.secrets.encryption_key).unwrap();
    let who = domain::stores::install::Installer { user_id, workplace_id };
    let (key, secret) = (keys["consumer_key"].as_str().unwrap(), keys["consumer_secret"].as_str().unwrap());
    domain::stores::install::woo_link(&pool, &settings, &sealer, who, &format!("{sandbox}/woo/cli-woo"), key, secret).await.unwrap();

    let (ok, out) = dropline(&pool, &["push", "--email", "op@shop.com", "--all", "--channels", "shopify"]);
    assert!(!ok && out.contains("shopify: no such store or channel is connected"), "{out}");
    let out = with_worker(&pool, &settings, &["push", "--email", "op@shop.com", "--all", "--channels", "woocommerce", "--unpublish"]).await;
    assert!(out.contains("pushing 1 products to 1 destinations") && out.contains("1/1") && out.contains("1 pushed, 0 failed"), "{out}");

    // The supplier raises the price: sync --now tells what changed and updates the store.
    let cost: i64 = sqlx::query_scalar("SELECT cost_cents FROM product_variants WHERE sku_id = $1").bind(&sku).fetch_one(&pool).await.unwrap();
    let new = cost + 100;
    let body = serde_json::json!({ "variants": [{ "sku_id": sku, "price": format!("{}.{:02}", new / 100, new % 100) }] });
    http.post(format!("{sandbox}/_sandbox/suppliers/cj/products/{product}")).json(&body).send().await.unwrap().error_for_status().unwrap();
    let out = with_worker(&pool, &settings, &["sync", "--email", "op@shop.com", "--now"]).await;
    let price = |c: i64| format!("{}.{:02}", c / 100, c % 100);
    assert!(out.contains("1 products read, 1 changed") && out.contains(&format!("price {} → {}", price(cost * 2), price(new * 2))), "{out}");
    assert!(out.contains("updating 1 store listings") && out.contains("1 pushed, 0 failed"), "{out}");
    let (ok, out) = dropline(&pool, &["sync", "--email", "op@shop.com"]);
    assert!(ok && out.contains("auto update on every 24 h; last sync: 20"), "{out}");
}

#[tokio::test]
async fn plan_set_puts_a_users_workspaces_on_a_plan_and_names_a_wrong_one() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (ok, out) = dropline(&pool, &["user", "create", "--email", "self@host.example", "--password", "op-lantern-harbour"]);
    assert!(ok, "{out}");
    let (ok, out) = dropline(&pool, &["plan", "list"]);
    assert!(ok && out.contains("UNLIMITED") && out.contains("(unlisted)") && out.contains("PRO_DROPLINE_AO_TIER_1"), "{out}");

    let (ok, out) = dropline(&pool, &["plan", "set", "--email", "self@host.example", "--plan", "unlimited"]);
    assert!(ok && out.contains("now on plan UNLIMITED"), "{out}");
    let key: String = sqlx::query_scalar("SELECT plan_key FROM workplaces").fetch_one(&pool).await.unwrap();
    assert_eq!(key, "UNLIMITED");
    let (ok, out) = dropline(&pool, &["plan", "set", "--email", "self@host.example", "--plan", "UNLIMITED"]);
    assert!(ok && out.contains("already on plan UNLIMITED"), "{out}");

    let (ok, out) = dropline(&pool, &["plan", "set", "--email", "self@host.example", "--plan", "gold"]);
    assert!(!ok && out.contains("no plan gold"), "{out}");
    let (ok, out) = dropline(&pool, &["plan", "set", "--email", "nobody@host.example", "--plan", "free"]);
    assert!(!ok && out.contains("no account nobody@host.example"), "{out}");
    let other = uuid::Uuid::new_v4().to_string();
    let (ok, out) = dropline(&pool, &["plan", "set", "--email", "self@host.example", "--plan", "free", "--workplace", &other]);
    assert!(!ok && out.contains("has no workspace"), "{out}");
    let key: String = sqlx::query_scalar("SELECT plan_key FROM workplaces").fetch_one(&pool).await.unwrap();
    assert_eq!(key, "UNLIMITED", "a refused command changes nothing");
}
