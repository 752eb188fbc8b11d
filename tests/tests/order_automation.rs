//! Order automation through the API: flows are validated and kept per workplace; a store order
//! that matches an active flow is placed (and paid) once, even when the catch-up sync reads it
//! again; scheduled flows wait for their time; the store's fulfilment request runs its flows;
//! an order whose webhook was dropped arrives by the catch-up sync, once.
use dropline_tests::{StoreOwner, store_owner};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::automation_support as support;

use domain::orders::jobs::StoreOrdersSyncJob;
use support::{WOO, all_orders, detail, flow, orders, pushed_to_woo, save_card, woo_order};

fn pay_flow(use_: &str, conditions: Value) -> Value {
    json!({"name": "Pay small orders", "when": {"types": ["new_order"]}, "condition": {"query": "and", "names": conditions},
           "then": {"action": "create_and_pay", "payment_preference": {"use": use_, "method": null}}, "status": "active",
           "time_schedule": {"schedule": "immediately", "time": null}})
}

/// Runs the catch-up sync of `store` now (as the schedule would) and its jobs.
async fn catch_up(s: &StoreOwner, store: &str) {
    let store_id = Uuid::parse_str(store).unwrap();
    let wp: Uuid = sqlx::query_scalar("SELECT workplace_id FROM stores WHERE id = $1").bind(store_id).fetch_one(&s.app.pool).await.unwrap();
    let mut conn = s.app.pool.acquire().await.unwrap();
    domain::queue::enqueue(&mut conn, Some(wp), &StoreOrdersSyncJob { store_id, workplace_id: wp }, json!({})).await.unwrap();
    drop(conn);
    s.app.drain().await;
}

#[tokio::test]
async fn flows_are_validated_listed_updated_deleted_and_private() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool, "flows@example.com", "flows-shop", WOO).await;
    let bad = json!({"when": {"types": ["new_order", "sometimes"]}, "condition": {"query": "or", "names": [{"name": "order_weight", "operator": "lower_than", "value": -1}]},
                     "then": {"action": "create_and_pay", "payment_preference": {"use": "paypal"}}, "time_schedule": {"schedule": "scheduled", "time": "9am"}});
    let a = flow(&s, bad).await;
    assert_eq!(a.http.as_u16(), 422, "{}", a.body);
    let named = a.body.to_string();
    for f in ["when.types[1]", "condition.query", "condition.names[0].name", "condition.names[0].value", "then.payment_preference.use", "time_schedule.time"] {
        assert!(named.contains(f), "{f} not named: {named}");
    }

    let a = flow(&s, pay_flow("wallet", json!([{"name": "order_value", "operator": "higher_than", "value": 10}]))).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let id = a.data()["id"].as_i64().unwrap();
    assert_eq!(a.data()["then"]["payment_preference"]["use"], "wallet");
    assert_eq!(a.data()["last_activity_at"], Value::Null);

    let mut changed = pay_flow("card", json!([]));
    changed["id"] = json!(id);
    changed["status"] = json!("inactive");
    let a = s.app.call("PUT", "/api/orders/v7/automation/panel", Some(&s.token), None, Some(changed)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let list = s.app.get("/api/orders/v7/automation/panel", Some(&s.token)).await;
    let flows = list.data()["flows"].as_array().unwrap();
    assert_eq!(flows.len(), 1);
    assert_eq!((flows[0]["status"].as_str(), flows[0]["then"]["payment_preference"]["use"].as_str()), (Some("inactive"), Some("card")));

    // Another merchant neither sees nor deletes it.
    let other = s.app.signed_up("other@example.com").await;
    assert_eq!(s.app.get("/api/orders/v7/automation/panel", Some(&other)).await.data()["flows"], json!([]));
    let a = s.app.call("DELETE", &format!("/api/orders/v7/automation/panel?id={id}"), Some(&other), None, None).await;
    assert_eq!(a.http.as_u16(), 404, "{}", a.body);
    let a = s.app.call("DELETE", &format!("/api/orders/v7/automation/panel?id={id}"), Some(&s.token), None, None).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["flows"], json!([]));
}

#[tokio::test]
async fn a_matching_new_order_is_placed_and_paid_once_and_others_wait() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool, "auto@example.com", "auto-shop", WOO).await;
    let product = pushed_to_woo(&s).await;
    save_card(&s).await;
    // Orders of at most 2 items are placed and paid by card; bigger ones wait for the user.
    let a = flow(&s, pay_flow("card", json!([{"name": "order_item_count", "operator": "lower_than", "value": 3}]))).await;
    assert_eq!(a.code(), 200, "{}", a.body);

    woo_order(&s, product, 1).await;
    woo_order(&s, product, 5).await;
    let paid = orders(&s, "payment").await;
    assert_eq!(paid.len(), 1, "{paid:?}");
    assert_eq!(paid[0]["status"], "order_placed", "{}", paid[0]);
    let so = &paid[0]["source_orders"][0];
    assert_eq!(so["status"], "order_placed", "{so}");
    assert!(so["paid_at"].is_string());
    let ready = orders(&s, "placement").await;
    assert_eq!(ready.len(), 1, "the 5-item order is not automated");
    assert_eq!(ready[0]["line_items"][0]["quantity"], 5);
    let logs = detail(&s, paid[0]["id"].as_i64().unwrap()).await["logs"].clone();
    assert!(logs.as_array().unwrap().iter().any(|l| l["event"] == "automation_ran"), "{logs}");
    let flows = s.app.get("/api/orders/v7/automation/panel", Some(&s.token)).await;
    assert!(flows.data()["flows"][0]["last_activity_at"].is_string());

    // The catch-up sync reads both orders again: nothing new is stored, placed or paid.
    catch_up(&s, &s.woo).await;
    let everything = all_orders(&s).await;
    assert_eq!(everything.len(), 2, "{everything:?}");
    let paid = orders(&s, "payment").await;
    assert_eq!(paid[0]["source_orders"].as_array().unwrap().len(), 1, "placed once");
    let charges: i64 = sqlx::query_scalar("SELECT count(*) FROM wallet_transactions WHERE kind = 'card_payment'").fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(charges, 1);
}

#[tokio::test]
async fn a_scheduled_flow_places_at_its_time_and_a_fulfilment_request_runs_its_flow() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool, "later@example.com", "later-shop", WOO).await;
    let product = pushed_to_woo(&s).await;
    let mut later = pay_flow("auto", json!([]));
    later["then"]["action"] = json!("create_and_send_confirmation");
    later["time_schedule"] = json!({"schedule": "scheduled", "time": "03:30"});
    assert_eq!(flow(&s, later).await.code(), 200);

    woo_order(&s, product, 1).await;
    assert_eq!(orders(&s, "placement").await.len(), 1, "waits for 03:30");

    // The worker's schedule at the next 03:30 (UTC) queues the flow's slot.
    let now = chrono::Utc::now();
    let at = (now + chrono::Duration::days(1)).date_naive().and_hms_opt(3, 31, 0).unwrap().and_utc();
    let mut settings = s.app.settings.clone();
    settings.catalogue.refresh_secs = 86_400 * 365;
    domain::schedules::tick(&s.app.pool, &settings, at).await.unwrap();
    let queued: i64 =
        sqlx::query_scalar("SELECT count(*) FROM progress_items WHERE kind = 'order_automation' AND status = 'queued'").fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(queued, 1);
    domain::schedules::tick(&s.app.pool, &settings, at + chrono::Duration::minutes(1)).await.unwrap();
    // Only the jobs this test is about run (the tick also queued catalogue and store syncs).
    sqlx::query("DELETE FROM progress_items WHERE status = 'queued' AND kind NOT IN ('order_automation', 'place_order')").execute(&s.app.pool).await.unwrap();
    s.app.drain().await;
    let waiting = orders(&s, "payment").await;
    assert_eq!(waiting.len(), 1, "placed once at 03:30");
    assert_eq!(waiting[0]["status"], "waiting_payment", "the confirmation action leaves payment to the user");

    // A request_fulfillment flow runs when the store asks, once.
    let mut on_request = pay_flow("auto", json!([{"name": "order_value", "operator": "higher_than", "value": 0}]));
    on_request["when"]["types"] = json!(["request_fulfillment"]);
    on_request["then"]["action"] = json!("create_and_send_confirmation");
    assert_eq!(flow(&s, on_request).await.code(), 200);
    // The scheduled flow takes every new order; switch it off so the new order stays ready.
    let flows = s.app.get("/api/orders/v7/automation/panel", Some(&s.token)).await.data()["flows"].clone();
    let mut first = flows[0].clone();
    first["status"] = json!("inactive");
    assert_eq!(s.app.call("PUT", "/api/orders/v7/automation/panel", Some(&s.token), None, Some(first)).await.code(), 200);
    woo_order(&s, product, 2).await;
    let ready = orders(&s, "placement").await;
    assert_eq!(ready.len(), 1);
    let id = ready[0]["id"].as_i64().unwrap();
    let a = s.app.post(&format!("/api/orders/{id}/request-fulfillment"), Some(&s.token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["outcome"], "started", "{}", a.body);
    let again = s.app.post(&format!("/api/orders/{id}/request-fulfillment"), Some(&s.token), json!({})).await;
    assert_eq!(again.data()["outcome"], "already");
    s.app.drain().await;
    assert_eq!(orders(&s, "payment").await.len(), 2);
    let missing = s.app.post("/api/orders/999999/request-fulfillment", Some(&s.token), json!({})).await;
    assert_eq!(missing.http.as_u16(), 404);
}

#[tokio::test]
async fn an_order_whose_webhook_was_dropped_arrives_by_the_catch_up_sync_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = store_owner(pool, "catchup@example.com", "catchup-shop", WOO).await;
    let fault = json!({"platform": "shopify", "drop_webhooks": true});
    s.app.http.post(format!("{}/_sandbox/faults", s.sandbox)).json(&fault).send().await.unwrap();
    let res = s
        .app
        .http
        .post(format!("{}/_sandbox/shopify/catchup-shop.myshopify.com/orders", s.sandbox))
        .json(&json!({"email": "buyer@example.com"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let bought: Value = res.json().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    s.app.drain().await;
    assert!(all_orders(&s).await.is_empty(), "the webhook was dropped");

    catch_up(&s, &s.shopify).await;
    catch_up(&s, &s.shopify).await;
    let found = all_orders(&s).await;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["platform_order_id"], bought["id"].to_string());
    assert_eq!(found[0]["name"], bought["name"]);
    assert_eq!(found[0]["email"], "buyer@example.com");
    assert_eq!(found[0]["line_items"].as_array().unwrap().len(), bought["line_items"].as_array().unwrap().len());
    assert_eq!(found[0]["total"].as_f64().unwrap(), bought["total_price"].as_str().unwrap().parse::<f64>().unwrap());
}
