//! Tracking end to end: a paid supplier order ships on the sandbox's clock, its tracking number
//! comes from the supplier's order, the carrier API moves it through in_transit to delivered in
//! the order center, and the public page shows the journey and nothing private.
use serde_json::{Value, json};

use crate::order_support as support;

use dropline_tests::eventually;
use std::time::Duration;
use support::{Shop, customer_buys, fund, shop_with_product, tab};

/// How long a condition that depends on jobs under load may take.
const BOUND: Duration = Duration::from_secs(60);

async fn track_now(sh: &Shop) {
    let a = sh.s.app.post("/api/orders/v2/trackings/track-now", Some(&sh.s.token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
}

/// The order's parcels registered with the carrier API.
async fn registered(sh: &Shop, order_id: i64) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM shipments WHERE order_id = $1 AND registered_at IS NOT NULL")
        .bind(order_id)
        .fetch_one(&sh.s.app.pool)
        .await
        .unwrap()
}

async fn advance_days(sh: &Shop, days: i64) {
    let res = sh.s.app.http.post(format!("{}/_sandbox/clock/advance", sh.s.sandbox)).json(&json!({ "seconds": days * 86_400 })).send().await.unwrap();
    assert!(res.status().is_success());
}

/// An order placed and paid at the supplier; returns its id.
async fn placed_order(sh: &Shop) -> i64 {
    customer_buys(sh, 1, None).await;
    let id = tab(sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    fund(sh, 100_000).await;
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    assert_eq!(tab(sh, "payment", "order_placed").await.len(), 1);
    id
}

async fn detail(sh: &Shop, id: i64) -> Value {
    sh.s.app.get(&format!("/api/orders/v5/detail/{id}"), Some(&sh.s.token)).await.data().clone()
}

#[tokio::test]
async fn a_parcel_moves_from_the_supplier_through_the_carrier_to_delivered() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "tracker@example.com", "tracking-shop").await;
    let id = placed_order(&sh).await;

    // Not shipped yet: a sync finds no tracking number.
    let a = sh.s.app.post("/api/orders/v5/sync-status", Some(&sh.s.token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    assert!(detail(&sh, id).await["shipments"].as_array().unwrap().is_empty());

    advance_days(&sh, 4).await;
    sh.s.app.post("/api/orders/v5/sync-status", Some(&sh.s.token), json!({})).await;
    sh.s.app.drain().await;
    let order = detail(&sh, id).await;
    let parcel = &order["shipments"][0];
    let number = parcel["tracking_number"].as_str().unwrap().to_string();
    assert!(number.starts_with("YT"), "Dropline's catalogue ships with YunExpress: {parcel}");
    assert_eq!(order["source_orders"][0]["tracking_code"], number.as_str());
    assert_eq!(parcel["status"], "in_transit", "{order}");
    assert_eq!(order["status"], "in_transit");
    assert_eq!(tab(&sh, "shipment", "in_transit").await.len(), 1);
    let counts = sh.s.app.get("/api/orders/v5/count-order-status", Some(&sh.s.token)).await;
    assert_eq!(counts.data()["shipment"]["in_transit"], 1);
    assert_eq!(counts.data()["shipment"]["all"], 1);
    assert_eq!(counts.data()["payment"]["order_placed"], 0);

    advance_days(&sh, 60).await;
    let a = sh.s.app.post("/api/orders/v2/trackings/track-now", Some(&sh.s.token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    let order = detail(&sh, id).await;
    assert_eq!(order["status"], "delivered");
    // The supplier order and its line say so too (the parcel's status), not "order placed".
    assert_eq!(order["source_orders"][0]["shipment_status"], "delivered", "{order}");
    assert_eq!(order["line_items"][0]["source_order"]["shipment_status"], "delivered", "{order}");
    assert_eq!(tab(&sh, "shipment", "delivered").await.len(), 1);
    let sid = order["shipments"][0]["id"].as_i64().unwrap();
    let panel = sh.s.app.get(&format!("/api/orders/v5/panel/{id}/trackings/{sid}"), Some(&sh.s.token)).await;
    let events = panel.data()["events"].as_array().unwrap();
    assert_eq!(events[0]["stage"], "delivered", "newest first: {}", panel.body);
    assert!(events.iter().any(|e| e["stage"] == "in_transit"));
    let log = sh.s.app.get(&format!("/api/orders/v4/order_log/shipment/{sid}"), Some(&sh.s.token)).await;
    let changes: Vec<&Value> = log.data()["items"].as_array().unwrap().iter().filter(|l| l["event"] == "shipment_status").collect();
    assert_eq!(changes.last().unwrap()["detail"]["to"], "delivered");

    // The public page: no sign-in, the journey, nothing private.
    let public_id = order["public_id"].as_str().unwrap();
    let page = sh.s.app.get(&format!("/api/open-api/orders/tracking/{public_id}"), None).await;
    assert_eq!(page.code(), 200, "{}", page.body);
    assert_eq!(page.data()["status"], "delivered");
    assert_eq!(page.data()["parcels"][0]["tracking_number"], number.as_str());
    assert!(page.data()["parcels"][0]["events"].as_array().unwrap().len() >= 4);
    let text = page.data().to_string();
    for private in ["Sandbox Way", "Springfield", "62701", "Jane", "customer@example.com", "price", "total", "cost"] {
        assert!(!text.contains(private), "the public page shows {private}: {text}");
    }
    assert_eq!(page.data()["country_code"], "US");
    let unknown = sh.s.app.get(&format!("/api/open-api/orders/tracking/{}", uuid::Uuid::new_v4()), None).await;
    assert_eq!(unknown.code(), 202);
    let by_sequence = sh.s.app.get(&format!("/api/open-api/orders/tracking/{id}"), None).await;
    assert_ne!(by_sequence.code(), 200, "an order's sequential id does not open its page");
}

#[tokio::test]
async fn the_forced_fates_reach_their_statuses_and_another_workplace_sees_no_parcel() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "fates@example.com", "fates-shop").await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    // Numbers the sandbox carrier gives a fixed fate (sandbox README): exception, pickup, expired.
    for number in ["EXC1234567", "PICK123456", "EXP1234567"] {
        let a = sh.s.app.call("PUT", &format!("/api/orders/v2/trackings/{number}"), Some(&sh.s.token), None, Some(json!({ "order_id": id }))).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        assert_eq!(a.data()["status"], "not_found");
    }
    let bad = sh.s.app.call("PUT", "/api/orders/v2/trackings/x!", Some(&sh.s.token), None, Some(json!({ "order_id": id }))).await;
    assert_eq!(bad.code(), 204, "{}", bad.body);
    // The first read registers the numbers with the carrier API; their journeys start then. A
    // job retried under load is done by the next track-now.
    eventually("the three numbers are registered with the carrier", BOUND, || async {
        track_now(&sh).await;
        let n = registered(&sh, id).await;
        if n == 3 { Ok(()) } else { Err(n) }
    })
    .await;
    advance_days(&sh, 40).await;
    let wanted = [("EXC1234567", "exception"), ("PICK123456", "delivered"), ("EXP1234567", "expired")];
    let list = eventually("each fate reaches its status (picked up after being available for pickup)", BOUND, || async {
        track_now(&sh).await;
        let list = sh.s.app.get(&format!("/api/orders/v2/trackings?order_id={id}"), Some(&sh.s.token)).await;
        let items = list.data()["items"].as_array().unwrap().clone();
        let status = |n: &str| items.iter().find(|p| p["tracking_number"] == n).map(|p| p["status"].clone()).unwrap_or_default();
        if wanted.iter().all(|(n, st)| status(n) == *st) { Ok(list) } else { Err(list.body.to_string()) }
    })
    .await;

    let other = sh.s.app.signed_up("nosy@example.com").await;
    assert_eq!(sh.s.app.get("/api/orders/v2/trackings", Some(&other)).await.data()["total"], 0);
    let sid = list.data()["items"][0]["id"].as_i64().unwrap();
    assert_eq!(sh.s.app.get(&format!("/api/orders/v5/panel/{id}/trackings/{sid}"), Some(&other)).await.code(), 202);
    assert!(sh.s.app.get(&format!("/api/orders/v4/order_log/shipment/{sid}"), Some(&other)).await.data()["items"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn the_worker_schedule_alone_takes_a_parcel_from_the_supplier_to_the_store() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "hands-off@example.com", "hands-off-shop").await;
    let id = placed_order(&sh).await;
    advance_days(&sh, 60).await;
    // Only the worker's scheduler: no call from the user.
    let n = domain::schedules::tick(&sh.s.app.pool, &sh.s.app.settings, chrono::Utc::now()).await.unwrap();
    assert!(n >= 1);
    sh.s.app.drain().await;
    let order = detail(&sh, id).await;
    assert_eq!(order["status"], "delivered", "{order}");
    let number = order["shipments"][0]["tracking_number"].as_str().unwrap().to_string();
    let shop: Value = reqwest::get(format!("{}/_sandbox/shopify/{}", sh.s.sandbox, sh.shop)).await.unwrap().json().await.unwrap();
    let fulfillments: Vec<Value> = match &shop["fulfillments"] {
        Value::Object(m) => m.values().cloned().collect(),
        Value::Array(a) => a.clone(),
        _ => vec![],
    };
    assert_eq!(fulfillments.len(), 1, "{shop}");
    assert!(fulfillments[0].to_string().contains(&number), "the store has the tracking number: {}", fulfillments[0]);
}

#[tokio::test]
async fn track_now_reads_a_parcel_that_a_write_back_is_updating() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "held@example.com", "held-shop").await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    let a = sh.s.app.call("PUT", "/api/orders/v2/trackings/EXC7654321", Some(&sh.s.token), None, Some(json!({ "order_id": id }))).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    // A write-back's transaction holds the parcel's row while the user presses Track now.
    let mut held = domain::db::begin(&sh.s.app.pool).await.unwrap();
    sqlx::query("UPDATE shipments SET updated_at = now() WHERE order_id = $1").bind(id).execute(&mut *held).await.unwrap();
    let app = sh.s.app.post("/api/orders/v2/trackings/track-now", Some(&sh.s.token), json!({})).await;
    assert_eq!(app.code(), 200, "{}", app.body);
    let pool = sh.s.app.pool.clone();
    let release = async {
        eventually("track-now waits for the held parcel", BOUND, || async {
            let waiting: i64 = sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
                .fetch_one(&pool)
                .await
                .unwrap();
            if waiting > 0 { Ok(()) } else { Err(waiting) }
        })
        .await;
        held.commit().await.unwrap();
    };
    tokio::join!(release, sh.s.app.drain());
    assert_eq!(registered(&sh, id).await, 1, "the parcel was read, not skipped, once the write-back let go");
}
