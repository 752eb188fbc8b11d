//! Write-back: a shipped parcel becomes exactly one Shopify fulfillment (even when its job runs
//! again, or the recorded fulfillment id is lost), a multi-parcel order one fulfillment per
//! parcel, a WooCommerce order one shipment tracking item and the status `completed`.
use dropline_tests::eventually;
use serde_json::{Value, json};
use std::time::Duration;

use crate::order_support as support;

use domain::connectors::rate_limit::RateLimiter;
use domain::tracking::jobs::TrackingWriteback;
use secrecy::ExposeSecret;
use support::{Shop, customer_buys, fund, shop_with_product, tab};

async fn advance_days(sh: &Shop, days: i64) {
    let res = sh.s.app.http.post(format!("{}/_sandbox/clock/advance", sh.s.sandbox)).json(&json!({ "seconds": days * 86_400 })).send().await.unwrap();
    assert!(res.status().is_success());
}

async fn sandbox(sh: &Shop, path: &str) -> Value {
    sh.s.app.http.get(format!("{}/_sandbox/{path}", sh.s.sandbox)).send().await.unwrap().json().await.unwrap()
}

/// The shop's fulfillments of the sandbox order `order_id`.
async fn fulfillments(sh: &Shop, order_id: &Value) -> Vec<Value> {
    let shop = sandbox(sh, &format!("shopify/{}", sh.shop)).await;
    shop["fulfillments"].as_object().unwrap().values().filter(|f| f["order_id"] == *order_id).cloned().collect()
}

/// Delivers the parcel's write-back job once more and runs it.
async fn rerun(sh: &Shop, shipment_id: i64) {
    let mut tx = domain::db::begin(&sh.s.app.pool).await.unwrap();
    let payload = TrackingWriteback { shipment_id };
    domain::queue::enqueue(&mut tx, Some(sh.workplace), &payload, json!({})).await.unwrap();
    tx.commit().await.unwrap();
    sh.s.app.drain().await;
}

async fn parcels(sh: &Shop, order_id: i64) -> Vec<Value> {
    let a = sh.s.app.get(&format!("/api/orders/v2/trackings?order_id={order_id}"), Some(&sh.s.token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["items"].as_array().unwrap().clone()
}

async fn add_parcel(sh: &Shop, order_id: i64, number: &str) -> i64 {
    let a =
        sh.s.app
            .call("PUT", &format!("/api/orders/v2/trackings/{number}"), Some(&sh.s.token), None, Some(json!({ "order_id": order_id, "carrier": "UPS" })))
            .await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_shipped_parcel_is_one_fulfillment_even_when_written_again_or_its_id_is_lost() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "writer@example.com", "writeback-shop").await;
    let bought = customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    fund(&sh, 100_000).await;
    let a = sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
    advance_days(&sh, 4).await;
    sh.s.app.post("/api/orders/v5/sync-status", Some(&sh.s.token), json!({})).await;
    sh.s.app.drain().await;

    let parcel = parcels(&sh, id).await.remove(0);
    let number = parcel["tracking_number"].as_str().unwrap().to_string();
    let sid = parcel["id"].as_i64().unwrap();
    let store = &parcel["store"];
    assert!(store["fulfillment_id"].as_str().unwrap().starts_with("gid://shopify/Fulfillment/"), "{parcel}");
    assert_eq!(store["written_status"], parcel["status"], "{parcel}");
    assert_eq!(store["pending"], false);
    assert!(store["error"].is_null());
    let order = &bought["id"];
    let made = fulfillments(&sh, order).await;
    assert_eq!(made.len(), 1, "{made:?}");
    assert_eq!(made[0]["tracking"][0]["number"], number.as_str());
    assert_eq!(made[0]["notify_customer"], true);

    // A duplicate delivery, and a run that lost the recorded id: still one fulfillment.
    rerun(&sh, sid).await;
    assert_eq!(fulfillments(&sh, order).await.len(), 1);
    sqlx::query("UPDATE shipments SET store_fulfillment_id = NULL WHERE id = $1").bind(sid).execute(&sh.s.app.pool).await.unwrap();
    rerun(&sh, sid).await;
    assert_eq!(fulfillments(&sh, order).await.len(), 1);
    let parcel = parcels(&sh, id).await.remove(0);
    assert_eq!(parcel["store"]["fulfillment_id"], store["fulfillment_id"], "the lost id is found again by the tracking number");

    // Delivered: the status change is written to the same fulfillment.
    advance_days(&sh, 60).await;
    sh.s.app.post("/api/orders/v2/trackings/track-now", Some(&sh.s.token), json!({})).await;
    sh.s.app.drain().await;
    let parcel = parcels(&sh, id).await.remove(0);
    assert_eq!(parcel["status"], "delivered");
    assert_eq!(parcel["store"]["written_status"], "delivered", "{parcel}");
    assert_eq!(fulfillments(&sh, order).await.len(), 1);
    let log = sh.s.app.get(&format!("/api/orders/v4/order_log/shipment/{sid}"), Some(&sh.s.token)).await;
    let written: Vec<&Value> = log.data()["items"].as_array().unwrap().iter().filter(|l| l["event"] == "written_to_store").collect();
    assert_eq!(written[0]["detail"]["action"], "created", "{}", log.body);
    assert!(written.iter().any(|l| l["detail"]["action"] == "found"));
}

#[tokio::test]
async fn each_parcel_of_a_two_line_order_is_its_own_fulfillment_and_a_disconnected_store_is_not_called() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "parcels@example.com", "parcels-shop").await;
    // Two lines (bought as two line items), each to travel in its own parcel.
    let body = json!({ "line_items": [{ "sku": sh.sku, "quantity": 1 }, { "sku": sh.sku, "quantity": 2 }] });
    let res = sh.s.app.http.post(format!("{}/_sandbox/shopify/{}/orders", sh.s.sandbox, sh.shop)).json(&body).send().await.unwrap();
    let bought: Value = res.json().await.unwrap();
    // The order arrives by the store's webhook (delivered in the background) and its job.
    let ready = eventually("the two-line order is in New orders", Duration::from_secs(60), || async {
        sh.s.app.drain().await;
        let ready = tab(&sh, "placement", "ready").await;
        if ready.is_empty() { Err(ready) } else { Ok(ready) }
    })
    .await;
    let id = ready[0]["id"].as_i64().unwrap();
    let lines: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM order_line_items WHERE order_id = $1 ORDER BY id").bind(id).fetch_all(&sh.s.app.pool).await.unwrap();
    assert_eq!(lines.len(), 2);
    // A parcel by hand carries every line not yet in one: the second line leaves the first
    // parcel before the second is added (as a second supplier's parcel would carry it).
    add_parcel(&sh, id, "1Z999AA10000001").await;
    sqlx::query("UPDATE order_line_items SET shipment_id = NULL WHERE id = $1").bind(lines[1]).execute(&sh.s.app.pool).await.unwrap();
    add_parcel(&sh, id, "1Z999AA10000002").await;
    sh.s.app.drain().await;

    let made = fulfillments(&sh, &bought["id"]).await;
    assert_eq!(made.len(), 2, "{made:?}");
    let mut quantities: Vec<(String, i64)> =
        made.iter().map(|f| (f["tracking"][0]["number"].as_str().unwrap().to_string(), f["lines"][0][1].as_i64().unwrap())).collect();
    quantities.sort();
    assert_eq!(quantities, vec![("1Z999AA10000001".to_string(), 1), ("1Z999AA10000002".to_string(), 2)]);
    assert!(made.iter().all(|f| f["tracking"][0]["company"] == "UPS"));
    for p in parcels(&sh, id).await {
        assert_eq!(p["store"]["pending"], false, "{p}");
    }

    // The store is disconnected: the parcel says so and the shop is not called.
    sqlx::query("UPDATE stores SET status = 'disconnected' WHERE id = $1::uuid").bind(&sh.s.shopify).execute(&sh.s.app.pool).await.unwrap();
    let sid = add_parcel(&sh, id, "1Z999AA10000003").await;
    sh.s.app.drain().await;
    let p = parcels(&sh, id).await.into_iter().find(|p| p["id"] == sid).unwrap();
    assert_eq!(p["store"]["error"], "store disconnected");
    assert_eq!(p["store"]["pending"], true);
    assert_eq!(fulfillments(&sh, &bought["id"]).await.len(), 2);
}

#[tokio::test]
async fn a_woocommerce_order_gets_one_tracking_item_and_is_completed() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "woowriter@example.com", "woo-writer").await;
    sh.s.pushed_everything_to(&sh.s.woo).await;
    let res = sh.s.app.http.post(format!("{}/_sandbox/woo/woo-writer-woo/orders", sh.s.sandbox)).json(&json!({})).send().await.unwrap();
    let bought: Value = res.json().await.unwrap();
    let woo_id = bought["id"].to_string();
    let id: i64 = eventually("the WooCommerce order arrives", Duration::from_secs(60), || async {
        sh.s.app.drain().await;
        let id: Option<i64> = sqlx::query_scalar("SELECT id FROM orders WHERE platform = 'woocommerce' AND platform_order_id = $1")
            .bind(&woo_id)
            .fetch_optional(&sh.s.app.pool)
            .await
            .unwrap();
        id.ok_or("not yet")
    })
    .await;
    let sid = add_parcel(&sh, id, "1Z999AA10000009").await;
    sh.s.app.drain().await;
    rerun(&sh, sid).await;
    sqlx::query("UPDATE shipments SET store_fulfillment_id = NULL WHERE id = $1").bind(sid).execute(&sh.s.app.pool).await.unwrap();
    rerun(&sh, sid).await;

    let store = sandbox(&sh, "woo/woo-writer-woo").await;
    let items = store["trackings"][&woo_id].as_array().unwrap();
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(items[0]["tracking_number"], "1Z999AA10000009");
    assert_eq!(items[0]["tracking_provider"], "ups");
    assert_eq!(store["orders"][&woo_id]["status"], "completed");
    let p = parcels(&sh, id).await.remove(0);
    assert_eq!(p["store"]["fulfillment_id"], items[0]["tracking_id"]);
    assert_eq!(p["store"]["pending"], false, "{p}");
    assert!(p["store"]["written_status"].is_string());
}

#[tokio::test]
async fn a_rate_limited_or_unreachable_shop_is_written_once_when_it_answers() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "outage@example.com", "outage-shop").await;
    let bought = customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    let faults = format!("{}/_sandbox/faults", sh.s.sandbox);
    // Down: the job is retried later, nothing is shown as refused.
    sh.s.app.http.post(&faults).json(&json!({ "platform": "shopify", "route_prefix": "/admin/api", "error_rate": 1.0 })).send().await.unwrap();
    let sid = add_parcel(&sh, id, "1Z999AA10000005").await;
    sh.s.app.drain().await;
    let p = parcels(&sh, id).await.remove(0);
    assert_eq!(p["store"]["pending"], true, "{p}");
    assert!(p["store"]["error"].is_null(), "{p}");
    let (status, attempts): (String, i32) =
        sqlx::query_as("SELECT status, attempts FROM progress_items WHERE kind = 'tracking_writeback' ORDER BY id DESC LIMIT 1")
            .fetch_one(&sh.s.app.pool)
            .await
            .unwrap();
    assert_eq!((status.as_str(), attempts), ("queued", 1), "an outage is retried");
    // Back, but rate limiting: the client waits and the parcel is written once.
    sh.s.app.http.delete(&faults).send().await.unwrap();
    sh.s.app.http.post(&faults).json(&json!({ "platform": "shopify", "route_prefix": "/admin/api", "burst_429": 2 })).send().await.unwrap();
    rerun(&sh, sid).await;
    let made = fulfillments(&sh, &bought["id"]).await;
    assert_eq!(made.len(), 1, "{made:?}");
    let p = parcels(&sh, id).await.remove(0);
    assert_eq!(p["store"]["pending"], false, "{p}");
}

/// A write-back that would wait for its store's bucket longer than half its run limit gives its
/// worker slot back rather than be cut off holding the order: nothing is sent, and the job comes
/// back later with its attempt given back and nothing shown as an error.
#[tokio::test]
async fn a_write_back_behind_a_long_queue_for_its_store_comes_back_later() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    // The shared bucket's key is the shop's domain, common to every run on this Redis: a shop of its own.
    let name = format!("patient-{}", uuid::Uuid::new_v4().simple());
    let sh = shop_with_product(pool, "patient@example.com", &name).await;
    let bought = customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    sh.s.app.drain().await;
    // The store's bucket is held for ten minutes, as a long queue of other write-backs would hold it.
    let limiter = RateLimiter::new(sh.s.app.settings.redis.url.expose_secret(), &sh.s.app.settings.redis.namespace);
    limiter.pause(&sh.shop, Duration::from_secs(600)).await;
    add_parcel(&sh, id, "1Z999AA10000007").await;
    sh.s.app.drain().await;
    let (status, attempts, error): (String, i32, Option<String>) =
        sqlx::query_as("SELECT status, attempts, error FROM progress_items WHERE kind = 'tracking_writeback' ORDER BY id DESC LIMIT 1")
            .fetch_one(&sh.s.app.pool)
            .await
            .unwrap();
    assert_eq!((status.as_str(), attempts), ("queued", 0), "deferred, not failed");
    assert_eq!(error.as_deref(), Some("waiting for the store's rate limit"));
    assert!(fulfillments(&sh, &bought["id"]).await.is_empty());
    let p = parcels(&sh, id).await.remove(0);
    assert_eq!(p["store"]["pending"], true, "{p}");
    assert!(p["store"]["error"].is_null(), "{p}");
}
