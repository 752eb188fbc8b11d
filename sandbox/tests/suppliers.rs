use crate::common;
use common::Sandbox;
use serde_json::{Value, json};

const TOKEN: &str = "sandbox-supplier-token";

async fn get(sb: &Sandbox, path: &str) -> (u16, Value) {
    let r = sb.http.get(sb.url(path)).bearer_auth(TOKEN).send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

async fn post(sb: &Sandbox, path: &str, body: Value, key: Option<&str>) -> (u16, Value) {
    let mut r = sb.http.post(sb.url(path)).bearer_auth(TOKEN).json(&body);
    if let Some(k) = key {
        r = r.header("Idempotency-Key", k);
    }
    let r = r.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

fn ship_to(country: &str) -> Value {
    json!({"name": "Jane Doe", "address1": "1 Main St", "city": "Springfield", "zip": "62701", "country": country, "phone": "555"})
}

#[tokio::test]
async fn catalogue_search_product_reviews_freight() {
    let sb = common::start().await;
    let unauth = sb.http.get(sb.url("/suppliers/aliexpress/api/products")).send().await.unwrap();
    assert_eq!(unauth.status(), 401);
    let (_, cats) = get(&sb, "/suppliers/cj/api/categories").await;
    assert!(cats["categories"].as_array().unwrap().len() >= 8);
    let (_, all) = get(&sb, "/suppliers/aliexpress/api/products?page_size=10").await;
    assert!(all["total"].as_u64().unwrap() >= 2_800);
    let (_, filtered) = get(&sb, "/suppliers/temu/api/products?keyword=portable&category=200&min_price=5&max_price=50&sort=orders&page=1&page_size=5").await;
    for it in filtered["items"].as_array().unwrap() {
        assert!(it["title"].as_str().unwrap().to_lowercase().contains("portable"));
        assert_eq!(it["category"]["path"][0], "Electronics");
        let price: f64 = it["price"]["amount"].as_str().unwrap().parse().unwrap();
        assert!((5.0..=50.0).contains(&price));
    }
    let (_, trending) = get(&sb, "/suppliers/amazon/api/products?collection=fastest_delivery_us&page_size=3").await;
    assert!(trending["items"][0]["collections"].as_array().unwrap().contains(&json!("fastest_delivery_us")));

    // Item 7 of each source is a "big" product (>100 variants) with option images.
    let big = all["items"][7]["id"].as_str().unwrap();
    let (_, p) = get(&sb, &format!("/suppliers/aliexpress/api/products/{big}")).await;
    assert!(p["variants"].as_array().unwrap().len() > 100);
    assert!(p["options"][0]["values"][0]["image"].as_str().unwrap().ends_with(".png"));
    let (_, again) = get(&sb, &format!("/suppliers/aliexpress/api/products/{big}")).await;
    assert_eq!(p, again, "deterministic");
    let (_, reviews) = get(&sb, &format!("/suppliers/aliexpress/api/products/{big}/reviews?page=1&page_size=5")).await;
    let r0 = &reviews["items"][0];
    assert!(r0["country"].is_string() && r0["rating"].as_u64().unwrap() >= 1);
    let (_, fr) = get(&sb, &format!("/suppliers/aliexpress/api/products/{big}/freight?country=US&quantity=2")).await;
    let opt = &fr["options"][0];
    assert_eq!(opt["currency"], "USD");
    assert!(opt["delivery_time"].as_str().unwrap().ends_with(" day"));
    // Item 4 does not ship to Brazil.
    let no_br = all["items"][4]["id"].as_str().unwrap();
    let (st, e) = get(&sb, &format!("/suppliers/aliexpress/api/products/{no_br}/freight?country=BR")).await;
    assert_eq!(st, 422);
    assert_eq!(e["error"]["code"], "CANNOT_SHIP_TO_COUNTRY");
}

#[tokio::test]
async fn orders_idempotency_errors_progress_and_tracking() {
    let sb = common::start().await;
    // CJ takes orders through its API 2.0 (dialects.rs): the gateway has none of its orders.
    let (st, e) = post(&sb, "/suppliers/cj/api/orders", json!({"items": [], "ship_to": ship_to("US")}), None).await;
    assert_eq!((st, e["error"]["code"].as_str()), (404, Some("NOT_FOUND")));
    let (_, list) = get(&sb, "/suppliers/temu/api/products?page_size=20").await;
    let pid = list["items"][0]["id"].as_str().unwrap().to_string();
    let (_, p) = get(&sb, &format!("/suppliers/temu/api/products/{pid}")).await;
    let v = p["variants"].as_array().unwrap().iter().find(|v| v["stock"].as_u64().unwrap() > 3).unwrap().clone();
    let sku = v["sku_id"].as_str().unwrap();
    let item = |q: u32, price: Option<&str>| json!({"product_id": pid, "sku_id": sku, "quantity": q, "expected_price": price});

    let (st, e) =
        post(&sb, "/suppliers/temu/api/orders", json!({"items": [{"product_id": pid, "sku_id": "nope", "quantity": 1}], "ship_to": ship_to("US")}), None).await;
    assert_eq!((st, e["error"]["code"].as_str().unwrap()), (422, "SKU_NOT_FOUND"));
    let (st, e) = post(&sb, "/suppliers/temu/api/orders", json!({"items": [item(1_000_000, None)], "ship_to": ship_to("US")}), None).await;
    assert_eq!((st, e["error"]["code"].as_str().unwrap()), (409, "OUT_OF_STOCK"));
    let (st, e) = post(&sb, "/suppliers/temu/api/orders", json!({"items": [item(1, Some("0.01"))], "ship_to": ship_to("US")}), None).await;
    assert_eq!((st, e["error"]["code"].as_str().unwrap()), (409, "PRICE_CHANGED"));

    let price = v["price"].as_str().unwrap();
    let body = json!({"items": [item(2, Some(price))], "ship_to": ship_to("US")});
    let (st, o) = post(&sb, "/suppliers/temu/api/orders", body.clone(), Some("order-abc")).await;
    assert_eq!(st, 201);
    assert_eq!(o["status"], "awaiting_payment");
    let (st, same) = post(&sb, "/suppliers/temu/api/orders", body.clone(), Some("order-abc")).await;
    assert_eq!(st, 200);
    assert_eq!(same["id"], o["id"]);
    let (_, p2) = get(&sb, &format!("/suppliers/temu/api/products/{pid}")).await;
    let v2 = p2["variants"].as_array().unwrap().iter().find(|x| x["sku_id"] == sku).unwrap();
    assert_eq!(v2["stock"].as_u64().unwrap(), v["stock"].as_u64().unwrap() - 2, "stock reserved once");

    let id = o["id"].as_str().unwrap();
    let (st, e) = post(&sb, &format!("/suppliers/temu/api/orders/{id}/pay"), json!({"payment_method": "card_declined"}), None).await;
    assert_eq!((st, e["error"]["code"].as_str().unwrap()), (402, "PAYMENT_FAILED"));
    let (st, paid) = post(&sb, &format!("/suppliers/temu/api/orders/{id}/pay"), json!({}), None).await;
    assert_eq!((st, paid["status"].as_str().unwrap()), (200, "paid"));
    assert!(paid["tracking"].is_null());
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 12 * 3600})).await;
    assert_eq!(get(&sb, &format!("/suppliers/temu/api/orders/{id}")).await.1["status"], "processing");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 3 * 86400})).await;
    let (_, shipped) = get(&sb, &format!("/suppliers/temu/api/orders/{id}")).await;
    assert_eq!(shipped["status"], "shipped");
    let number = shipped["tracking"]["number"].as_str().unwrap().to_string();
    let (st, e) = post(&sb, &format!("/suppliers/temu/api/orders/{id}/cancel"), json!({}), None).await;
    assert_eq!((st, e["error"]["code"].as_str().unwrap()), (409, "INVALID_STATE"));

    // The tracking number is known to the 17TRACK emulation and agrees with the order.
    let track = |body: Value, path: &'static str| {
        let sb = &sb;
        async move { sb.http.post(sb.url(path)).header("17token", "sandbox-17track-token").json(&body).send().await.unwrap().json::<Value>().await.unwrap() }
    };
    track(json!([{"number": number}]), "/track/v2.2/register").await;
    let info = track(json!([{"number": number}]), "/track/v2.2/gettrackinfo").await;
    assert_eq!(info["data"]["accepted"][0]["track_info"]["latest_status"]["status"], "InTransit", "{info}");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 60 * 86400})).await;
    assert_eq!(get(&sb, &format!("/suppliers/temu/api/orders/{id}")).await.1["status"], "delivered");
    let info = track(json!([{"number": number}]), "/track/v2.2/gettrackinfo").await;
    assert_eq!(info["data"]["accepted"][0]["track_info"]["latest_status"]["status"], "Delivered");
    let (st, refunded) = post(&sb, &format!("/suppliers/temu/api/orders/{id}/refund"), json!({}), None).await;
    assert_eq!((st, refunded["status"].as_str().unwrap()), (200, "refunded"));
}

#[tokio::test]
async fn sold_out_and_cannot_ship() {
    let sb = common::start().await;
    let (_, list) = get(&sb, "/suppliers/temu/api/products?page_size=10").await;
    let no_br = list["items"][4]["id"].as_str().unwrap().to_string();
    let (_, p) = get(&sb, &format!("/suppliers/temu/api/products/{no_br}")).await;
    let v = p["variants"].as_array().unwrap().iter().find(|v| v["stock"].as_u64().unwrap() > 0).unwrap();
    let (st, e) = post(
        &sb,
        "/suppliers/temu/api/orders",
        json!({"items": [{"product_id": no_br, "sku_id": v["sku_id"], "quantity": 1}], "ship_to": ship_to("BR")}),
        None,
    )
    .await;
    assert_eq!((st, e["error"]["code"].as_str().unwrap()), (422, "CANNOT_SHIP_TO_COUNTRY"));
    // Find a variant with no stock (about 6% of variants) among the first products.
    let mut found = None;
    for it in list["items"].as_array().unwrap() {
        let id = it["id"].as_str().unwrap();
        let (_, p) = get(&sb, &format!("/suppliers/temu/api/products/{id}")).await;
        if let Some(v) = p["variants"].as_array().unwrap().iter().find(|v| v["stock"] == 0) {
            found = Some((id.to_string(), v["sku_id"].as_str().unwrap().to_string()));
            break;
        }
    }
    let (id, sku) = found.expect("a sold-out variant in the first page");
    let (st, e) =
        post(&sb, "/suppliers/temu/api/orders", json!({"items": [{"product_id": id, "sku_id": sku, "quantity": 1}], "ship_to": ship_to("US")}), None).await;
    assert_eq!((st, e["error"]["code"].as_str().unwrap()), (409, "SOLD_OUT"));
}
