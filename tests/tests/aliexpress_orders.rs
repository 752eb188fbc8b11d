//! AliExpress orders go to the AliExpress Open Platform in the owner's own account: the owner
//! signs in once (OAuth), Dropline creates the order with `ds.order.create` under that account's
//! token and charges nothing, the owner pays on AliExpress, and the status sync
//! (`trade.ds.order.get`) sees it paid and shipped. AliExpress itself is asked what it holds.
use serde_json::{Value, json};

use crate::order_support as support;

use support::{Shop, balance, customer_buys, fund, placements, rerun, shop_with_source, tab};

/// What the sandbox's AliExpress recorded: the token calls and every order created.
async fn at_aliexpress(sh: &Shop) -> Value {
    sh.s.app.http.get(format!("{}/_sandbox/aliexpress", sh.s.sandbox)).send().await.unwrap().json().await.unwrap()
}

async fn sync(sh: &Shop) {
    let a = sh.s.app.post("/api/orders/v5/sync-status", Some(&sh.s.token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    sh.s.app.drain().await;
}

async fn place(sh: &Shop, id: i64) -> dropline_tests::Answer {
    sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await
}

/// Signs in to AliExpress as the owner would: Dropline's link, AliExpress's page, the callback.
async fn connect(sh: &Shop) -> Value {
    let a = sh.s.app.post("/api/suppliers/aliexpress/auth", Some(&sh.s.token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let url = a.data()["url"].as_str().unwrap().to_string();
    assert!(url.starts_with(&format!("{}/aliexpress/oauth/authorize?", sh.s.sandbox)), "{url}");
    assert!(url.contains("client_id=sandbox-ae-app-key") && url.contains("response_type=code"), "{url}");
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let res = browser.get(&url).send().await.unwrap();
    assert_eq!(res.status(), 302);
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    assert!(back.path().ends_with("/app/auth/bind/aliexpress"), "{back}");
    let q = |k: &str| back.query_pairs().find(|(n, _)| n == k).map(|(_, v)| v.into_owned()).unwrap();
    let body = json!({ "code": q("code"), "state": q("state") });
    let a = sh.s.app.post("/api/suppliers/aliexpress/callback", Some(&sh.s.token), body.clone()).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let again = sh.s.app.post("/api/suppliers/aliexpress/callback", Some(&sh.s.token), body).await;
    assert_eq!(again.http.as_u16(), 422, "a state is used once: {}", again.body);
    a.data()["account"].clone()
}

#[tokio::test]
async fn an_aliexpress_order_is_created_in_the_owners_account_and_paid_there() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_source(db.pool.clone(), "ae-buyer@example.com", "ae-orders-shop", "aliexpress").await;
    customer_buys(&sh, 2, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    fund(&sh, 100_000).await;

    // Without the owner's AliExpress account nothing is placed, and the web asks to sign in.
    let refused = place(&sh, id).await;
    assert_eq!(refused.http.as_u16(), 422, "{}", refused.body);
    assert_eq!(refused.body["errors"]["aliexpress_account"][0], "SignInToYourAliExpressAccount", "{}", refused.body);
    assert!(placements(&sh).await.is_empty());

    let account = connect(&sh).await;
    assert_eq!(account["connected"], true, "{account}");
    let seen = sh.s.app.get("/api/suppliers/aliexpress/account", Some(&sh.s.token)).await;
    assert_eq!(seen.data()["account"]["account"], account["account"]);
    let token = at_aliexpress(&sh).await["token_calls"][0]["path"].clone();
    assert_eq!(token, "/auth/token/create");
    let sealed: Vec<u8> = sqlx::query_scalar("SELECT credentials FROM aliexpress_accounts").fetch_one(&sh.s.app.pool).await.unwrap();
    assert!(!String::from_utf8_lossy(&sealed).contains("ae-at-"), "the token is sealed at rest");

    let a = place(&sh, id).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let so = a.data()["items"][0]["id"].as_i64().unwrap();
    sh.s.app.drain().await;
    let toast = placements(&sh).await;
    assert_eq!(toast[0]["warning"], "waiting_complete_order", "{toast:?}");
    assert_eq!((toast[0]["status"].as_str(), toast[0]["source_status"].as_str()), (Some("processing"), Some("waiting_payment")));
    assert!((balance(&sh).await - 1000.0).abs() < 0.001, "Dropline charged nothing: the owner pays on AliExpress");

    let created = at_aliexpress(&sh).await["created"].clone();
    assert_eq!(created.as_array().unwrap().len(), 1, "{created}");
    let request = &created[0]["request"];
    let line = &request["product_items"][0];
    assert_eq!(line["product_id"], sh.source_product_id.as_str());
    assert_eq!(line["product_count"], 2);
    assert!(line["sku_attr"].as_str().is_some_and(|a| !a.is_empty()), "{request}");
    assert_eq!(line["order_memo"], format!("dropline-so-{so}"));
    assert_eq!(request["logistics_address"]["country"], "US", "{request}");
    let order_no = created[0]["order_id"].as_str().unwrap().to_string();
    let waiting = &tab(&sh, "payment", "waiting_payment").await[0]["source_orders"][0];
    assert_eq!(waiting["order_no"], order_no.as_str());

    // A re-delivered job sends nothing: still one AliExpress order.
    rerun(&sh, so).await;
    assert_eq!(at_aliexpress(&sh).await["created"].as_array().unwrap().len(), 1);
    // The wallet cannot pay it either.
    let pay = sh.s.app.post("/api/orders/v5/payment", Some(&sh.s.token), json!({ "source_order_ids": [so], "method": "wallet" })).await;
    assert!((balance(&sh).await - 1000.0).abs() < 0.001, "{}", pay.body);

    // Not paid yet: the sync leaves it waiting. The access token, a day from lapsing, is renewed
    // with the refresh token first. Then the owner pays on AliExpress.
    sqlx::query("UPDATE aliexpress_accounts SET access_expires_at = now() + interval '1 hour'").execute(&sh.s.app.pool).await.unwrap();
    sync(&sh).await;
    assert_eq!(tab(&sh, "payment", "waiting_payment").await.len(), 1);
    let calls = at_aliexpress(&sh).await["token_calls"].clone();
    assert_eq!(calls[1]["path"], "/auth/token/refresh", "{calls}");
    let renewed: bool =
        sqlx::query_scalar("SELECT access_expires_at > now() + interval '29 days' FROM aliexpress_accounts").fetch_one(&sh.s.app.pool).await.unwrap();
    assert!(renewed);
    let paid = sh.s.app.http.post(format!("{}/_sandbox/aliexpress/orders/{order_no}/pay", sh.s.sandbox)).send().await.unwrap();
    assert!(paid.status().is_success());
    sync(&sh).await;
    let placed = tab(&sh, "payment", "order_placed").await;
    assert_eq!(placed.len(), 1, "paid at AliExpress moves it on");
    assert!(placed[0]["source_orders"][0]["warning"].is_null(), "{:?}", placed[0]);

    let advance = json!({ "seconds": 4 * 86_400 });
    sh.s.app.http.post(format!("{}/_sandbox/clock/advance", sh.s.sandbox)).json(&advance).send().await.unwrap();
    sync(&sh).await;
    let order = sh.s.app.get(&format!("/api/orders/v5/detail/{id}"), Some(&sh.s.token)).await.data().clone();
    let number = order["shipments"][0]["tracking_number"].as_str().unwrap_or_default();
    assert!(number.starts_with("LP"), "AliExpress's logistics number reached the order: {order}");
    assert!((balance(&sh).await - 1000.0).abs() < 0.001);

    let gone = sh.s.app.post("/api/suppliers/aliexpress/disconnect", Some(&sh.s.token), json!({})).await;
    assert_eq!(gone.data()["account"]["connected"], false);
}

#[tokio::test]
async fn a_lost_answer_is_never_sent_twice_and_refusals_keep_their_codes() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_source(db.pool.clone(), "ae-lost@example.com", "ae-lost-shop", "aliexpress").await;
    connect(&sh).await;
    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    let a = place(&sh, id).await;
    let so = a.data()["items"][0]["id"].as_i64().unwrap();
    // A run sent ds.order.create and died before recording the answer.
    sqlx::query("UPDATE source_orders SET submitted_at = now() WHERE id = $1").bind(so).execute(&sh.s.app.pool).await.unwrap();
    sh.s.app.drain().await;
    assert!(at_aliexpress(&sh).await["created"].as_array().unwrap().is_empty(), "never sent a second time");
    let toast = placements(&sh).await;
    assert_eq!(toast[0]["status"], "error", "{toast:?}");
    assert!(toast[0]["message"].as_str().unwrap().contains(&format!("dropline-so-{so}")), "the owner learns what to look for: {toast:?}");

    // AliExpress's own refusal: the SKU is out of stock there.
    let url = format!("{}/_sandbox/suppliers/aliexpress/products/{}", sh.s.sandbox, sh.source_product_id);
    sh.s.app.http.post(url).json(&json!({ "variants": [{ "sku_id": sh.sku_id, "stock": 0 }] })).send().await.unwrap();
    assert_eq!(place(&sh, id).await.code(), 200);
    sh.s.app.drain().await;
    let toast = placements(&sh).await;
    assert_eq!(toast[0]["error_key"], "product_out_of_stock", "{toast:?}");
    assert!(toast[0]["message"].as_str().unwrap().contains("INVENTORY_HOLD_ERROR"), "{toast:?}");
    assert!(at_aliexpress(&sh).await["created"].as_array().unwrap().is_empty());

    // Placing its failed lines again after disconnecting asks for the account first.
    sh.s.app.post("/api/suppliers/aliexpress/disconnect", Some(&sh.s.token), json!({})).await;
    let again = place(&sh, id).await;
    assert_eq!(again.body["errors"]["aliexpress_account"][0], "SignInToYourAliExpressAccount", "{}", again.body);
}

/// Another workplace can neither finish this owner's AliExpress sign-in nor read or disconnect
/// its account.
#[tokio::test]
async fn an_aliexpress_sign_in_stays_in_its_workplace() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_source(db.pool.clone(), "ae-ann@example.com", "ae-ann-shop", "aliexpress").await;
    let app = &sh.s.app;
    let bob = app.signed_up("ae-bob@example.com").await;
    let ann_me = app.get("/api/auth/account", Some(&sh.s.token)).await;
    let ann_wp = ann_me.data()["workplaces"][0]["id"].as_str().unwrap().to_string();

    // Ann's link, followed by Ann's browser; Bob posts what came back.
    let a = app.post("/api/suppliers/aliexpress/auth", Some(&sh.s.token), json!({})).await;
    let url = a.data()["url"].as_str().unwrap().to_string();
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let res = browser.get(&url).send().await.unwrap();
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    let q = |k: &str| back.query_pairs().find(|(n, _)| n == k).map(|(_, v)| v.into_owned()).unwrap();
    let body = json!({ "code": q("code"), "state": q("state") });
    let stolen = app.post("/api/suppliers/aliexpress/callback", Some(&bob), body.clone()).await;
    assert_eq!(stolen.http.as_u16(), 422, "{}", stolen.body);
    assert!(stolen.body["errors"]["state"].is_array(), "{}", stolen.body);
    assert_eq!(app.get("/api/suppliers/aliexpress/account", Some(&bob)).await.data()["account"]["connected"], false);

    // Bob naming Ann's workplace reads and disconnects nothing.
    let mine = app.post("/api/suppliers/aliexpress/callback", Some(&sh.s.token), body).await;
    assert_eq!(mine.data()["account"]["connected"], true, "{}", mine.body);
    let read = app.call("GET", "/api/suppliers/aliexpress/account", Some(&bob), Some(&ann_wp), None).await;
    assert_eq!(read.code(), 202, "{}", read.body);
    let cut = app.call("POST", "/api/suppliers/aliexpress/disconnect", Some(&bob), Some(&ann_wp), Some(json!({}))).await;
    assert_eq!(cut.code(), 202, "{}", cut.body);
    let ann = app.get("/api/suppliers/aliexpress/account", Some(&sh.s.token)).await;
    assert_eq!(ann.data()["account"]["connected"], true, "Ann's account is still connected: {}", ann.body);
}
