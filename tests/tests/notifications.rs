//! Notifications (issue 19 item 12): each event an owner must act on, made to happen through
//! the product's own flow, shows in `core/list-notification` (and is emailed when the owner
//! chose so), can be marked read one by one or all at once, and stays in its workplace.
use dropline_tests::{Answer, TestApp, eventually, in_stock_ids, push_products, signed_up_on_sandbox, store_owner};
use serde_json::{Value, json};
use std::time::Duration;

use crate::order_support::{Shop, customer_buys, fund, placements, shop_with_product, tab};

const BOUND: Duration = Duration::from_secs(60);

/// The notifications the dashboard lists for `token`, newest first.
pub async fn listed(app: &TestApp, token: &str) -> Vec<Value> {
    let a = app.get("/api/core/list-notification", Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["items"].as_array().unwrap().clone()
}

/// The listed notifications of one type.
pub async fn of_type(app: &TestApp, token: &str, kind: &str) -> Vec<Value> {
    listed(app, token).await.into_iter().filter(|n| n["type"] == kind).collect()
}

async fn unread(app: &TestApp, token: &str) -> i64 {
    app.get("/api/core/list-notification", Some(token)).await.data()["unread"]["total"].as_i64().unwrap()
}

async fn emails(app: &TestApp, to: &str) -> Vec<Value> {
    app.get(&format!("/api/dev/outbox?to={to}"), None).await.data()["items"].as_array().unwrap().clone()
}

async fn set(app: &TestApp, token: &str, items: Value) -> Answer {
    app.call("PUT", "/api/core/settings/notification", Some(token), None, Some(json!({ "items": items }))).await
}

#[tokio::test]
async fn a_disconnected_store_notifies_and_emails_its_owner_only_who_marks_it_read() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "leaving@example.com").await;
    let a = app.post("/api/auth/platform/shopify/install", Some(&token), json!({ "shop": "gone" })).await;
    let res = dropline_tests::no_redirect().get(a.data()["url"].as_str().unwrap()).send().await.unwrap();
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    let params: serde_json::Map<String, Value> = back.query_pairs().map(|(k, v)| (k.to_string(), Value::from(v.to_string()))).collect();
    assert_eq!(app.post("/api/auth/platform/shopify/callback", Some(&token), Value::Object(params)).await.code(), 200);
    app.drain().await;
    let before = unread(&app, &token).await;

    // The merchant removes the app in Shopify; Shopify's signed webhook arrives.
    app.http.post(format!("{sandbox}/_sandbox/shopify/gone.myshopify.com/uninstall")).send().await.unwrap();
    let found = eventually("the disconnection is notified", BOUND, || async {
        app.drain().await;
        let n = of_type(&app, &token, "store_disconnected").await;
        if n.len() == 1 { Ok(n[0].clone()) } else { Err(n) }
    })
    .await;
    assert!(found["title"].as_str().unwrap().contains("gone.myshopify.com"), "{found}");
    assert_eq!(found["read"], false);
    assert_eq!(unread(&app, &token).await, before + 1);
    let mail = emails(&app, "leaving@example.com").await;
    assert!(mail.iter().any(|m| m["subject"].as_str().unwrap().contains("gone.myshopify.com was disconnected")), "emailed by default: {mail:?}");

    // Another workplace neither sees nor marks it.
    let other = app.signed_up("other@example.com").await;
    assert!(listed(&app, &other).await.is_empty());
    let id = found["id"].as_i64().unwrap();
    let theirs = app.post(&format!("/api/core/notifications/{id}/read"), Some(&other), json!({})).await;
    assert_eq!(theirs.code(), 202, "{}", theirs.body);
    app.post("/api/core/notifications/read-all", Some(&other), json!({})).await;
    assert_eq!(of_type(&app, &token, "store_disconnected").await[0]["read"], false);
    assert_eq!(app.post("/api/core/notifications/x/read", Some(&token), json!({})).await.code(), 201);

    let mine = app.post(&format!("/api/core/notifications/{id}/read"), Some(&token), json!({})).await;
    assert_eq!(mine.code(), 200, "{}", mine.body);
    assert_eq!(mine.data()["unread"]["total"], before);
    assert_eq!(of_type(&app, &token, "store_disconnected").await[0]["read"], true);
    let all = app.post("/api/core/notifications/read-all", Some(&token), json!({})).await;
    assert_eq!(all.data()["unread"]["total"], 0, "{}", all.body);
    assert!(listed(&app, &token).await.iter().all(|n| n["read"] == true));
}

/// The email speaks the owner's language, as the dashboard does.
#[tokio::test]
async fn a_german_owner_is_emailed_in_german() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "inhaber@example.com").await;
    let lang = app.call("PUT", "/api/auth/account/set-language", Some(&token), None, Some(json!({ "language": "de" }))).await;
    assert_eq!(lang.code(), 200, "{}", lang.body);
    let a = app.post("/api/auth/platform/shopify/install", Some(&token), json!({ "shop": "laden" })).await;
    let res = dropline_tests::no_redirect().get(a.data()["url"].as_str().unwrap()).send().await.unwrap();
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    let params: serde_json::Map<String, Value> = back.query_pairs().map(|(k, v)| (k.to_string(), Value::from(v.to_string()))).collect();
    assert_eq!(app.post("/api/auth/platform/shopify/callback", Some(&token), Value::Object(params)).await.code(), 200);
    app.drain().await;

    app.http.post(format!("{sandbox}/_sandbox/shopify/laden.myshopify.com/uninstall")).send().await.unwrap();
    let mail = eventually("the disconnection is emailed", BOUND, || async {
        app.drain().await;
        let m = emails(&app, "inhaber@example.com").await;
        match m.iter().find(|m| m["subject"].as_str().unwrap().contains("laden.myshopify.com")) {
            Some(found) => Ok(found.clone()),
            None => Err(m),
        }
    })
    .await;
    assert_eq!(mail["subject"], "Dropline: Ihr Shop laden.myshopify.com wurde getrennt", "{mail}");
    let body = mail["body"].as_str().unwrap();
    assert!(body.contains("Bestellungen kommen nicht mehr an") && body.contains("Benachrichtigungseinstellungen"), "{body}");
}

#[tokio::test]
async fn settings_list_every_type_and_refuse_bad_input() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("settings@example.com").await;
    let got = app.get("/api/core/settings/notification", Some(&token)).await;
    let items = got.data()["items"].as_array().unwrap().clone();
    let types: Vec<&str> = items.iter().map(|i| i["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "placement_failed",
            "parcel_exception",
            "parcel_delivered",
            "supplier_change",
            "push_failed",
            "store_disconnected",
            "low_balance",
            "quota_nearly_used",
            "payment_failed",
            "plan_ended"
        ]
    );
    assert!(items.iter().all(|i| i["in_app"] == true), "{items:?}");
    let saved = set(&app, &token, json!([{ "type": "parcel_delivered", "in_app": false, "email": true }])).await;
    assert_eq!(saved.code(), 200, "{}", saved.body);
    let again = app.get("/api/core/settings/notification", Some(&token)).await;
    let delivered = again.data()["items"].as_array().unwrap().iter().find(|i| i["type"] == "parcel_delivered").cloned().unwrap();
    assert_eq!((delivered["in_app"].clone(), delivered["email"].clone()), (json!(false), json!(true)));
    let other = app.signed_up("settings-other@example.com").await;
    let theirs = app.get("/api/core/settings/notification", Some(&other)).await;
    assert!(theirs.data()["items"].as_array().unwrap().iter().all(|i| i["in_app"] == true), "settings are per workplace");

    let twice =
        set(&app, &token, json!([{ "type": "low_balance", "in_app": true, "email": true }, { "type": "low_balance", "in_app": false, "email": false }])).await;
    assert_eq!(twice.code(), 204, "{}", twice.body);
    assert!(twice.body["errors"]["items"].is_array(), "{}", twice.body);
    let unknown = set(&app, &token, json!([{ "type": "lottery_won", "in_app": true, "email": true }])).await;
    assert!([201, 204].contains(&unknown.code()), "{}", unknown.body);
}

/// Makes the next placement fail: the supplier sells out of the variant.
async fn sell_out(sh: &Shop, stock: i64) {
    let url = format!("{}/_sandbox/suppliers/{}/products/{}", sh.s.sandbox, sh.source, sh.source_product_id);
    sh.s.app.http.post(url).json(&json!({ "variants": [{ "sku_id": sh.sku_id, "stock": stock }] })).send().await.unwrap();
}

#[tokio::test]
async fn a_failed_placement_and_a_low_wallet_notify_as_the_owner_chose() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_product(db.pool.clone(), "placer@example.com", "placer-shop").await;
    let (app, token) = (&sh.s.app, sh.s.token.as_str());
    customer_buys(&sh, 1, None).await;
    sell_out(&sh, 0).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    app.post("/api/orders/v5/create", Some(token), json!({ "order_ids": [id] })).await;
    app.drain().await;
    assert_eq!(placements(&sh).await[0]["status"], "error");
    let failed = of_type(app, token, "placement_failed").await;
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(!failed[0]["body"].as_str().unwrap().is_empty(), "the supplier's reason: {}", failed[0]);
    assert_eq!(failed[0]["kind"], "order");
    assert!(failed[0]["params"]["order"].is_string() && failed[0]["params"]["message"].is_string(), "{}", failed[0]);
    assert!(emails(app, "placer@example.com").await.iter().all(|m| !m["subject"].as_str().unwrap().contains("could not be placed")), "not emailed by default");

    // Turned off in the dashboard, emailed instead: the next failure is only mailed.
    set(app, token, json!([{ "type": "placement_failed", "in_app": false, "email": true }])).await;
    app.post("/api/orders/v5/create", Some(token), json!({ "order_ids": [id] })).await;
    app.drain().await;
    assert_eq!(placements(&sh).await[0]["status"], "error");
    assert_eq!(of_type(app, token, "placement_failed").await.len(), 1, "the second failure is not shown");
    let mail = emails(app, "placer@example.com").await;
    assert!(mail.iter().any(|m| m["subject"].as_str().unwrap().contains("could not be placed")), "{mail:?}");

    // The wallet pays the order and is left with less than $20.
    sell_out(&sh, 100).await;
    let p = app.post("/api/orders/v4/preview", Some(token), json!({ "order_ids": [id] })).await;
    let total = (p.data()["orders"][0]["sources"][0]["total"].as_f64().unwrap() * 100.0).round() as i64;
    fund(&sh, total + 500).await;
    let a = app.post("/api/orders/v5/create", Some(token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    app.drain().await;
    assert_eq!(tab(&sh, "payment", "order_placed").await.len(), 1);
    let low = of_type(app, token, "low_balance").await;
    assert_eq!(low.len(), 1, "{low:?}");
    assert!(low[0]["title"].as_str().unwrap().contains("$5.00"), "{}", low[0]);
    assert_eq!(low[0]["params"]["balance_cents"], 500, "the dashboard formats the amount itself: {}", low[0]);
}

#[tokio::test]
async fn parcels_in_trouble_or_delivered_notify() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_product(db.pool.clone(), "parcels@example.com", "parcels-shop").await;
    let (app, token) = (&sh.s.app, sh.s.token.as_str());
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    // Numbers the sandbox carrier gives a fixed fate (sandbox README).
    for number in ["EXC7654321", "PICK654321"] {
        let a = app.call("PUT", &format!("/api/orders/v2/trackings/{number}"), Some(token), None, Some(json!({ "order_id": id }))).await;
        assert_eq!(a.code(), 200, "{}", a.body);
    }
    let track_now = || async {
        app.post("/api/orders/v2/trackings/track-now", Some(token), json!({})).await;
        app.drain().await;
    };
    eventually("both numbers are registered with the carrier", BOUND, || async {
        track_now().await;
        let n = app.count(&format!("SELECT count(*) FROM shipments WHERE order_id = {id} AND registered_at IS NOT NULL")).await;
        if n == 2 { Ok(()) } else { Err(n) }
    })
    .await;
    sh.s.app.http.post(format!("{}/_sandbox/clock/advance", sh.s.sandbox)).json(&json!({ "seconds": 40 * 86_400 })).send().await.unwrap();
    let (trouble, delivered) = eventually("the exception and the delivery are notified", BOUND, || async {
        track_now().await;
        let (t, d) = (of_type(app, token, "parcel_exception").await, of_type(app, token, "parcel_delivered").await);
        if t.len() == 1 && d.len() == 1 { Ok((t[0].clone(), d[0].clone())) } else { Err((t, d)) }
    })
    .await;
    assert!(trouble["title"].as_str().unwrap().contains("EXC7654321"), "{trouble}");
    assert!(delivered["title"].as_str().unwrap().contains("PICK654321"), "{delivered}");
    assert_eq!((trouble["params"]["number"].clone(), trouble["params"]["status"].clone()), (json!("EXC7654321"), json!("exception")));
    track_now().await;
    assert_eq!(of_type(app, token, "parcel_delivered").await.len(), 1, "told once");
}

#[tokio::test]
async fn a_push_the_store_keeps_refusing_and_a_nearly_used_quota_notify() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "pusher@example.com", "pusher-shop", "pusher-woo").await;
    let ids = in_stock_ids(&s.sandbox, "aliexpress", 2, 1).await;
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": ids[0] })).await;
    let product = a.data()["id"].as_str().unwrap().to_string();
    assert!(of_type(&s.app, &s.token, "quota_nearly_used").await.is_empty());
    // The free plan imports 50 a month: the 40th import crosses 80%.
    sqlx::query("UPDATE feature_usage SET usage = 39 WHERE feature = 'IMPORT_PRODUCT'").execute(&s.app.pool).await.unwrap();
    let b = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": ids[1] })).await;
    assert_eq!(b.code(), 200, "{}", b.body);
    let quota = of_type(&s.app, &s.token, "quota_nearly_used").await;
    assert_eq!(quota.len(), 1, "{quota:?}");
    assert!(quota[0]["title"].as_str().unwrap().contains("40 of your 50"), "{}", quota[0]);
    assert_eq!((quota[0]["params"]["usage"].clone(), quota[0]["params"]["limit"].clone()), (json!(40), json!(50)));

    let rule = json!({ "platform": "woocommerce", "error_rate": 1.0 });
    s.app.http.post(format!("{}/_sandbox/faults", s.sandbox)).json(&rule).send().await.unwrap();
    assert_eq!(push_products(&s.app, &s.token, &[&product], &[&s.woo]).await.code(), 200);
    // Retries wait out a backoff; the test lets that time pass instead of sleeping through it.
    let failed = eventually("the given-up push is notified", BOUND, || async {
        s.app.drain().await;
        sqlx::query("UPDATE progress_items SET run_after = now() WHERE status = 'queued'").execute(&s.app.pool).await.unwrap();
        let n = of_type(&s.app, &s.token, "push_failed").await;
        if n.len() == 1 { Ok(n[0].clone()) } else { Err(n) }
    })
    .await;
    assert!(failed["title"].as_str().unwrap().contains("push to"), "{failed}");
    assert_eq!(failed["kind"], "product");
}
