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
