//! A NUL character, which PostgreSQL text cannot hold, is refused with 422 naming the field in
//! what a user sends (body, query), never a server error; in an order a store sends, it is taken
//! out and the order is stored and shown.
use dropline_tests::{StoreOwner, TestApp, store_owner};
use serde_json::{Value, json};

fn refused_naming(a: &dropline_tests::Answer, field: &str) {
    assert_eq!(a.code(), 204, "{}", a.body);
    assert!(a.body["errors"][field][0].as_str().unwrap_or_default().contains("NUL"), "{field}: {}", a.body);
}

#[tokio::test]
async fn a_nul_in_what_a_user_sends_is_refused_naming_the_field() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let signup = json!({ "email": "nul\u{0}@shop.com", "password": "password123", "first_name": "Nu", "last_name": "L" });
    refused_naming(&app.post("/api/auth/register", None, signup).await, "email");
    refused_naming(&app.post("/api/auth/login", None, json!({ "email": "a@b.c", "password": "pass\u{0}word" })).await, "password");
    refused_naming(&app.post("/api/auth/forgot-password", None, json!({ "email": "\u{0}" })).await, "email");
    let token = app.signed_up("clean@shop.com").await;
    refused_naming(&app.get("/api/center/products/import/listing?keyword=lamp%00", Some(&token)).await, "keyword");
    assert_eq!(app.get("/api/center/products/import/listing?keyword=lamp", Some(&token)).await.code(), 200);
}

async fn orders(s: &StoreOwner) -> Vec<Value> {
    let a = s.app.get("/api/orders/v5/list?tab=placement&status=all", Some(&s.token)).await;
    a.data()["items"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn an_order_whose_address_holds_a_nul_is_stored_without_it() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "nulorder@example.com", "nul-shop", "nul-woo").await;
    let address = json!({ "first_name": "Jane", "last_name": "Doe", "address1": "1 Main\u{0} St", "city": "Springfield", "zip": "62701",
        "country_code": "US", "province_code": "IL", "phone": "5550100" });
    // A product the sandbox shop was seeded with.
    let shop: Value = reqwest::get(format!("{}/_sandbox/shopify/nul-shop", s.sandbox)).await.unwrap().json().await.unwrap();
    let seeded = shop["products"].as_object().unwrap().values().next().unwrap().clone();
    let sku = seeded["variants"][0]["sku"].clone();
    let body = json!({ "line_items": [{ "sku": sku, "quantity": 1 }], "shipping_address": address });
    let res = s.app.http.post(format!("{}/_sandbox/shopify/nul-shop.myshopify.com/orders", s.sandbox)).json(&body).send().await.unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    dropline_tests::eventually("the order arrives", std::time::Duration::from_secs(60), || async {
        s.app.drain().await;
        let found = orders(&s).await;
        if found.is_empty() { Err(found) } else { Ok(()) }
    })
    .await;
    let order = &orders(&s).await[0];
    assert_eq!(order["address"]["address1"], "1 Main St", "{order}");
}
