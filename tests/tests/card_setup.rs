//! The owner saves the card supplier orders are paid with on the payment vendor's own page
//! (Checkout in setup mode), never typing a payment method id into Dropline; the vendor's webhook
//! saves it once, and a supplier order paid by card is charged with the workplace's customer.
use dropline_tests::{eventually, no_redirect};
use serde_json::{Value, json};
use std::time::Duration;

use crate::order_support as support;

use support::{customer_buys, placements, shop_with_product, tab};

async fn payments(sandbox: &str) -> Value {
    reqwest::get(format!("{sandbox}/_sandbox/payments")).await.unwrap().json().await.unwrap()
}

#[tokio::test]
async fn a_card_saved_on_the_vendors_page_pays_supplier_orders() {
    let db = domain::db::TestDatabase::new().await;
    let sh = shop_with_product(db.pool.clone(), "cardholder@example.com", "card-shop").await;
    let (app, token, sandbox) = (&sh.s.app, sh.s.token.as_str(), sh.s.sandbox.as_str());

    let a = app.post("/api/orders/v6/payments/card-setup", Some(token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let url = a.data()["url"].as_str().unwrap();
    assert!(url.starts_with(sandbox), "the card is typed on the vendor's page: {url}");
    let session = url.rsplit('/').next().unwrap();
    let page = reqwest::get(url).await.unwrap().text().await.unwrap();
    assert!(page.contains("Save card"), "{page}");
    let res = no_redirect().post(format!("{sandbox}/payments/checkout/{session}/pay")).send().await.unwrap();
    assert_eq!(res.headers()["location"].to_str().unwrap(), format!("{}/app/setting/wallet?card=saved", app.base));

    let setting = eventually("the vendor's webhook saves the card", Duration::from_secs(60), || async {
        let s = app.get("/api/orders/v6/payments/setting", Some(token)).await;
        if s.data()["card_label"] == "Visa •••• 4242" { Ok(s.data().clone()) } else { Err(s.body.clone()) }
    })
    .await;
    assert_eq!(setting["type"], "credit_card");
    let a = app.call("PUT", "/api/orders/v6/payments/setting", Some(token), None, Some(json!({ "method": "card" }))).await;
    assert_eq!(a.code(), 200, "{}", a.body);

    customer_buys(&sh, 1, None).await;
    let id = tab(&sh, "placement", "ready").await[0]["id"].as_i64().unwrap();
    let a = app.post("/api/orders/v5/create", Some(token), json!({ "order_ids": [id], "pay": "card" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    app.drain().await;
    let placed = placements(&sh).await;
    assert!(placed.iter().any(|p| p["status"] == "success"), "{placed:?}");
    let p = payments(sandbox).await;
    let customer = p["checkout_sessions"].as_array().unwrap().iter().find(|s| s["mode"] == "setup").unwrap()["customer"].clone();
    let charged = p["payment_intents"].as_array().unwrap().iter().find(|pi| pi["status"] == "succeeded").expect("a card payment");
    assert_eq!(charged["customer"], customer, "charged with the customer the card belongs to");
}
