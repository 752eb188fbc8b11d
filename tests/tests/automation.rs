//! Smart push: settings with the spec's defaults and checks, and the scheduled pass that pushes
//! newly imported products to the chosen stores once, only when enabled and in its window, and
//! only as far as the LISTING_PRODUCTS quota reaches.
use chrono::{Duration, Utc};
use dropline_tests::{Answer, StoreOwner as Setup, in_stock_ids, store_owner as setup, supplier_product};
use serde_json::{Value, json};

/// A call with the dashboard's `time-zone` header.
async fn call(s: &Setup, method: &str, path: &str, zone: &str, body: Option<Value>) -> Answer {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut req = s.app.http.request(method, format!("{}{path}", s.app.base)).bearer_auth(&s.token).header("time-zone", zone);
    if let Some(b) = body {
        req = req.json(&b);
    }
    let res = req.send().await.unwrap();
    Answer { http: res.status(), body: res.json().await.unwrap() }
}

const SETTINGS: &str = "/api/center/products/setting/automation-product";

async fn save(s: &Setup, body: Value) -> Answer {
    call(s, "PUT", &format!("{SETTINGS}/update"), "UTC", Some(body)).await
}

async fn import(s: &Setup, ids: &[String]) -> Vec<String> {
    let mut out = vec![];
    for id in ids {
        let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        out.push(a.data()["id"].as_str().unwrap().to_string());
    }
    out
}

/// `n` AliExpress products in stock with at most 100 variants: one LISTING_PRODUCTS unit each.
async fn small(s: &Setup, n: usize) -> Vec<String> {
    let mut out = vec![];
    for id in in_stock_ids(&s.sandbox, "aliexpress", 3 * n, 1).await {
        let p = supplier_product(&s.app.http, &s.sandbox, "aliexpress", &id).await;
        if p["variants"].as_array().unwrap().len() <= 100 && out.len() < n {
            out.push(id);
        }
    }
    assert_eq!(out.len(), n);
    out
}

/// Runs one smart push pass as the worker would, and every job it starts.
async fn smart_push_pass(s: &Setup) -> Value {
    let mut tx = domain::db::begin(&s.app.pool).await.unwrap();
    let id = domain::queue::enqueue(&mut tx, None, &domain::automation::jobs::SmartPushJob::default(), json!({})).await.unwrap();
    tx.commit().await.unwrap();
    s.app.drain().await;
    let (status, refs): (String, Value) =
        sqlx::query_as("SELECT status, refs FROM progress_items WHERE id = $1").bind(id).fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(status, "success", "{refs}");
    refs
}

async fn targets(s: &Setup, product: &str) -> Vec<(String, String)> {
    sqlx::query_as("SELECT destination, status FROM push_targets WHERE product_id = $1::uuid ORDER BY destination")
        .bind(product)
        .fetch_all(&s.app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn settings_have_the_spec_s_defaults_and_name_every_bad_field() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "smart-settings@example.com", "smart-settings-shop", "smart-settings-woo").await;
    let a = call(&s, "GET", &format!("{SETTINGS}/get"), "Europe/Berlin", None).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let d = &a.data()["automation_product_settings"];
    assert_eq!(
        (d["is_enable"].clone(), d["time_schedule"].clone(), d["condition"]["apply_all_products"].clone()),
        (json!(true), json!("all_day"), json!(true))
    );
    assert_eq!(d["actions"], json!({}));
    assert_eq!(d["time_zone"], "Europe/Berlin", "the header's zone when none is saved");
    assert_eq!(a.data()["ai_writing_available"], false);

    let bad = save(
        &s,
        json!({ "time_schedule": "time_frame", "when": { "from": "25:00", "to": "7pm" }, "time_zone": "Mars/Base",
        "actions": { "pushed_connected_channels": { "store_ids": ["not-a-store"], "publication_ids": ["gid://elsewhere"] } } }),
    )
    .await;
    assert_eq!(bad.code(), 204, "{}", bad.body);
    for field in ["when.from", "when.to", "time_zone", "actions.pushed_connected_channels.store_ids", "actions.pushed_connected_channels.publication_ids"] {
        assert!(bad.body["errors"][field].is_array(), "{field} named: {}", bad.body);
    }
    let tone = save(&s, json!({ "actions": { "optimize_product_content": { "style": "loud", "tone": "expert", "language": "en" } } })).await;
    assert_eq!(tone.code(), 204, "an unknown style is refused: {}", tone.body);

    let body = json!({ "time_schedule": "time_frame", "when": { "from": "9:05", "to": "17:00" },
        "actions": { "optimize_product_content": { "style": "storytelling", "tone": "expert", "language": "en" },
                     "pushed_connected_channels": { "store_ids": [s.shopify, s.woo], "publish_status": "unpublish" } } });
    let a = call(&s, "PUT", &format!("{SETTINGS}/update"), "Asia/Ho_Chi_Minh", Some(body)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["when"]["from"], "09:05");
    assert_eq!(a.data()["time_zone"], "Asia/Ho_Chi_Minh");
    let a = call(&s, "GET", &format!("{SETTINGS}/get"), "UTC", None).await;
    let d = &a.data()["automation_product_settings"];
    assert_eq!(d["time_zone"], "Asia/Ho_Chi_Minh", "a saved zone wins over the header");
    assert_eq!(d["actions"]["optimize_product_content"]["style"], "storytelling", "kept, though AI writing does not exist yet");
    assert_eq!(d["actions"]["pushed_connected_channels"]["store_ids"], json!([s.shopify, s.woo]));
}

#[tokio::test]
async fn smart_push_pushes_new_imports_once_on_its_schedule() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "smart@example.com", "smart-shop", "smart-woo").await;
    let ids = in_stock_ids(&s.sandbox, "aliexpress", 3, 1).await;
    let old = import(&s, &ids[..1]).await;
    let a = save(
        &s,
        json!({ "condition": { "apply_all_products": false },
        "actions": { "pushed_connected_channels": { "store_ids": [s.shopify, s.woo], "publish_status": "publish" } } }),
    )
    .await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let new = import(&s, &ids[1..]).await;

    // The worker's scheduler enqueues one smart push per slot, whichever worker ticks.
    let now = Utc::now();
    assert!(domain::schedules::tick(&s.app.pool, &s.app.settings, now).await.unwrap() >= 1);
    domain::schedules::tick(&s.app.pool, &s.app.settings, now).await.unwrap();
    assert_eq!(s.app.count("SELECT count(*) FROM progress_items WHERE kind = 'smart_push'").await, 1);
    // This test is about smart push: the catalogue refreshes the tick also queued are not run.
    sqlx::query("DELETE FROM progress_items WHERE kind = 'catalogue_sync'").execute(&s.app.pool).await.unwrap();
    s.app.drain().await;

    for id in &new {
        let mut want = vec![(s.shopify.clone(), "success".to_string()), (s.woo.clone(), "success".to_string())];
        want.sort();
        assert_eq!(targets(&s, id).await, want, "{id} reached both stores");
        let log = s.app.get(&format!("/api/center/products/{id}/sync-log"), Some(&s.token)).await;
        assert_eq!(log.data()["items"][0]["kind"], "smart_push", "{}", log.body);
    }
    assert!(targets(&s, &old[0]).await.is_empty(), "imported before smart push was on, and not all products were asked for");
    let pushes = s.app.count("SELECT count(*) FROM progress_items WHERE kind = 'push_product'").await;
    assert_eq!(pushes, 4);

    // The next slots find nothing new: no second push, no twin in the stores.
    for later in [5, 10] {
        domain::schedules::tick(&s.app.pool, &s.app.settings, now + Duration::minutes(later)).await.unwrap();
        sqlx::query("DELETE FROM progress_items WHERE kind = 'catalogue_sync'").execute(&s.app.pool).await.unwrap();
        s.app.drain().await;
    }
    assert_eq!(s.app.count("SELECT count(*) FROM progress_items WHERE kind = 'smart_push' AND status = 'success'").await, 3);
    assert_eq!(s.app.count("SELECT count(*) FROM progress_items WHERE kind = 'push_product'").await, pushes, "nothing pushed twice");
    for id in &new {
        let handle = s.remote_key(id, &s.shopify).await;
        assert_eq!(s.shopify_products("smart-shop", &handle).await.len(), 1, "one Shopify product for {handle}");
    }
}

/// "HH:MM" of `now` moved by `hours`, in UTC.
fn hhmm(hours: i64) -> String {
    (Utc::now() + Duration::hours(hours)).format("%H:%M").to_string()
}

#[tokio::test]
async fn smart_push_waits_while_disabled_or_outside_its_window() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "window@example.com", "window-shop", "window-woo").await;
    let stores = json!({ "pushed_connected_channels": { "store_ids": [s.woo], "publish_status": "publish" } });
    let outside = json!({ "time_schedule": "time_frame", "when": { "from": hhmm(2), "to": hhmm(3) }, "time_zone": "UTC", "actions": stores });
    assert_eq!(save(&s, outside).await.code(), 200);
    let ids = import(&s, &in_stock_ids(&s.sandbox, "aliexpress", 2, 1).await).await;
    smart_push_pass(&s).await;
    assert!(targets(&s, &ids[0]).await.is_empty(), "outside the window");

    assert_eq!(save(&s, json!({ "is_enable": false, "actions": stores })).await.code(), 200);
    smart_push_pass(&s).await;
    assert!(targets(&s, &ids[0]).await.is_empty(), "disabled");

    // A window that holds now, read in another zone: it applies.
    let inside = json!({ "time_schedule": "time_frame", "when": { "from": hhmm(-1 + 9), "to": hhmm(1 + 9) }, "time_zone": "Asia/Tokyo", "actions": stores });
    assert_eq!(save(&s, inside).await.code(), 200);
    let refs = smart_push_pass(&s).await;
    for id in &ids {
        assert_eq!(targets(&s, id).await, vec![(s.woo.clone(), "success".to_string())], "{refs}");
    }
}

#[tokio::test]
async fn smart_push_pushes_what_the_quota_allows_and_leaves_the_rest() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = setup(pool, "quota-smart@example.com", "quota-smart-shop", "quota-smart-woo").await;
    let ids = import(&s, &small(&s, 12).await).await;
    let units: i64 =
        s.app.count("SELECT sum(ceil(n / 100.0))::bigint FROM (SELECT count(*) AS n FROM product_variants WHERE enabled GROUP BY product_id) c").await;
    assert_eq!(units, 12, "small products: one unit each");
    let a = save(&s, json!({ "actions": { "pushed_connected_channels": { "store_ids": [s.shopify, s.woo] } } })).await;
    assert_eq!(a.code(), 200, "{}", a.body);

    // The free plan lists 20: 12 to the first store, 8 to the second, 4 wait.
    let refs = smart_push_pass(&s).await;
    assert_eq!(s.app.count("SELECT count(*) FROM push_targets").await, 20, "{refs}");
    assert!(refs.to_string().contains("\"quota_expired\":true") || refs.to_string().contains("\"waiting\":4"), "{refs}");
    let refs = smart_push_pass(&s).await;
    assert_eq!(s.app.count("SELECT count(*) FROM push_targets").await, 20, "nothing more fits: {refs}");
    assert!(refs.to_string().contains("\"quota_expired\":true"), "told, not retried: {refs}");
    assert_eq!(s.app.count("SELECT count(*) FROM push_targets WHERE status <> 'success'").await, 0);
    assert_eq!(ids.len(), 12);
}
