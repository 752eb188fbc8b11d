use crate::common;
use common::{Receiver, Sandbox, hmac_b64, param};
use serde_json::{Value, json};

pub(crate) struct Woo<'a> {
    pub(crate) sb: &'a Sandbox,
    pub(crate) store: &'a str,
    pub(crate) ck: String,
    pub(crate) cs: String,
}

impl Woo<'_> {
    fn url(&self, path: &str) -> String {
        self.sb.url(&format!("/woo/{}/wp-json/wc/v3{path}", self.store))
    }
    pub(crate) async fn send(&self, m: reqwest::Method, path: &str, body: Option<Value>) -> reqwest::Response {
        let mut r = self.sb.http.request(m, self.url(path)).header("x-forwarded-proto", "https").basic_auth(&self.ck, Some(&self.cs));
        if let Some(b) = body {
            r = r.json(&b);
        }
        r.send().await.unwrap()
    }
}

/// Keys via the real wc-auth flow: the callback receives them as JSON.
pub(crate) async fn keys_via_wc_auth(sb: &Sandbox, store: &str) -> (String, String) {
    let rx = Receiver::start(0).await;
    let r = sb
        .http
        .get(sb.url(&format!(
            "/woo/{store}/wc-auth/v1/authorize?app_name=Dropline&scope=read_write&user_id=42&return_url=http%3A%2F%2Flocalhost%3A3000%2Fdone&callback_url={}",
            urlencode(&rx.url("/woo/keys"))
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 302);
    let loc = r.headers()["location"].to_str().unwrap().to_string();
    assert_eq!(param(&loc, "success").unwrap(), "1");
    assert_eq!(param(&loc, "user_id").unwrap(), "42");
    let hit = &rx.wait_for(1).await[0];
    let keys: Value = serde_json::from_slice(&hit.body).unwrap();
    assert_eq!(keys["key_permissions"], "read_write");
    assert_eq!(keys["user_id"], "42");
    assert!(keys["consumer_key"].as_str().unwrap().starts_with("ck_"));
    (keys["consumer_key"].as_str().unwrap().into(), keys["consumer_secret"].as_str().unwrap().into())
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::test]
async fn auth_errors_look_like_woo() {
    let sb = common::start().await;
    let r = sb.http.get(sb.url("/woo/s1/wp-json/wc/v3/products")).send().await.unwrap();
    assert_eq!(r.status(), 401);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "woocommerce_rest_cannot_view");
    let https = |path: &str| sb.http.get(sb.url(path)).header("x-forwarded-proto", "https");
    let r = https("/woo/s1/wp-json/wc/v3/products?consumer_key=ck_x&consumer_secret=cs_y").send().await.unwrap();
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "woocommerce_rest_authentication_error");
    // Read-only keys cannot write.
    let k = sb.post_json("/_sandbox/woo/s1/keys", json!({"permissions": "read"})).await;
    let (ck, cs) = (k["consumer_key"].as_str().unwrap(), k["consumer_secret"].as_str().unwrap());
    let keys_in_query = format!("/woo/s1/wp-json/wc/v3/products?consumer_key={ck}&consumer_secret={cs}");
    assert_eq!(https(&keys_in_query).send().await.unwrap().status(), 200);
    // Over plain HTTP WooCommerce reads no keys in clear: only OAuth 1.0a.
    let clear = sb.http.get(sb.url(&keys_in_query)).send().await.unwrap();
    assert_eq!(clear.status(), 401);
    let clear = sb.http.get(sb.url("/woo/s1/wp-json/wc/v3/products")).basic_auth(ck, Some(cs)).send().await.unwrap();
    assert_eq!(clear.json::<Value>().await.unwrap()["code"], "woocommerce_rest_cannot_view");
    let no = sb
        .http
        .post(sb.url("/woo/s1/wp-json/wc/v3/products"))
        .header("x-forwarded-proto", "https")
        .basic_auth(ck, Some(cs))
        .json(&json!({"name": "x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(no.status(), 401);
}

#[tokio::test]
async fn products_variations_and_pagination() {
    let sb = common::start().await;
    let (ck, cs) = keys_via_wc_auth(&sb, "shop1").await;
    let woo = Woo { sb: &sb, store: "shop1", ck, cs };
    let r = woo
        .send(
            reqwest::Method::POST,
            "/products",
            Some(json!({"name": "Yoga Mat", "type": "variable", "sku": "YM-1", "regular_price": "25.00",
        "attributes": [{"name": "Color", "options": ["Blue", "Green"], "variation": true, "visible": true}]})),
        )
        .await;
    assert_eq!(r.status(), 201);
    let p: Value = r.json().await.unwrap();
    let pid = p["id"].as_u64().unwrap();
    assert_eq!(p["price"], "25.00");
    assert_eq!(p["slug"], "yoga-mat");
    let dup = woo.send(reqwest::Method::POST, "/products", Some(json!({"name": "Other", "sku": "YM-1"}))).await;
    assert_eq!(dup.status(), 400);
    assert_eq!(dup.json::<Value>().await.unwrap()["code"], "product_invalid_sku");

    let batch: Value = woo
        .send(
            reqwest::Method::POST,
            &format!("/products/{pid}/variations/batch"),
            Some(json!({"create": [
        {"sku": "YM-1-BL", "regular_price": "25.00", "attributes": [{"name": "Color", "option": "Blue"}]},
        {"sku": "YM-1-GR", "regular_price": 27, "sale_price": "20.00", "attributes": [{"name": "Color", "option": "Green"}]},
        {"sku": "YM-1-BL", "regular_price": "1.00"}]})),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(batch["create"][0]["sku"], "YM-1-BL");
    assert_eq!(batch["create"][1]["price"], "20.00");
    assert_eq!(batch["create"][1]["regular_price"], "27");
    assert_eq!(batch["create"][2]["error"]["code"], "product_invalid_sku");
    let green = batch["create"][1]["id"].as_u64().unwrap();
    let upd: Value = woo
        .send(
            reqwest::Method::POST,
            &format!("/products/{pid}/variations/batch"),
            Some(json!({"update": [{"id": green, "stock_quantity": 0, "manage_stock": true}]})),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(upd["update"][0]["stock_status"], "outofstock");
    let vars: Value = woo.send(reqwest::Method::GET, &format!("/products/{pid}/variations"), None).await.json().await.unwrap();
    assert_eq!(vars.as_array().unwrap().len(), 2);
    let p: Value = woo.send(reqwest::Method::GET, &format!("/products/{pid}"), None).await.json().await.unwrap();
    assert_eq!(p["variations"].as_array().unwrap().len(), 2);

    for i in 0..12 {
        woo.send(reqwest::Method::POST, "/products", Some(json!({"name": format!("P{i}"), "sku": format!("P-{i}")}))).await;
    }
    let too_many = woo.send(reqwest::Method::GET, "/products?per_page=101", None).await;
    assert_eq!(too_many.status(), 400, "WooCommerce refuses per_page over 100 rather than capping it");
    assert_eq!(too_many.json::<Value>().await.unwrap()["code"], "rest_invalid_param");
    let r = woo.send(reqwest::Method::GET, "/products?per_page=5&page=3", None).await;
    assert_eq!(r.headers()["x-wp-total"], "13");
    assert_eq!(r.headers()["x-wp-totalpages"], "3");
    assert_eq!(r.json::<Value>().await.unwrap().as_array().unwrap().len(), 3);
    let by_sku: Value = woo.send(reqwest::Method::GET, "/products?sku=P-7", None).await.json().await.unwrap();
    assert_eq!(by_sku[0]["name"], "P7");
    let upd: Value = woo.send(reqwest::Method::PUT, &format!("/products/{pid}"), Some(json!({"name": "Yoga Mat Pro"}))).await.json().await.unwrap();
    assert_eq!(upd["name"], "Yoga Mat Pro");
    let del = woo.send(reqwest::Method::DELETE, &format!("/products/{pid}?force=true"), None).await;
    assert_eq!(del.status(), 200);
    assert_eq!(woo.send(reqwest::Method::GET, &format!("/products/{pid}"), None).await.status(), 404);
}

#[tokio::test]
async fn orders_notes_tracking_and_signed_webhooks() {
    let sb = common::start().await;
    let k = sb.post_json("/_sandbox/woo/shop2/keys", json!({})).await;
    let woo = Woo { sb: &sb, store: "shop2", ck: k["consumer_key"].as_str().unwrap().into(), cs: k["consumer_secret"].as_str().unwrap().into() };
    let rx = Receiver::start(0).await;
    let hook: Value = woo
        .send(reqwest::Method::POST, "/webhooks", Some(json!({"name": "orders", "topic": "order.created", "delivery_url": rx.url("/wc"), "secret": "s3cret"})))
        .await
        .json()
        .await
        .unwrap();
    woo.send(reqwest::Method::POST, "/webhooks", Some(json!({"topic": "order.updated", "delivery_url": rx.url("/wc"), "secret": "s3cret"}))).await;
    let bad = woo.send(reqwest::Method::POST, "/webhooks", Some(json!({"topic": "nope", "delivery_url": rx.url("/wc")}))).await;
    assert_eq!(bad.status(), 400);
    // Each new webhook's address is pinged first: `webhook_id=N`, unsigned, from Hookshot.
    let pings = rx.wait_for(2).await;
    for p in &pings {
        assert!(p.body.starts_with(b"webhook_id="), "{:?}", p.body);
        assert!(!p.headers.contains_key("x-wc-webhook-signature"));
        assert!(p.headers["user-agent"].to_str().unwrap().contains("Hookshot (WordPress/"));
    }
    let p: Value =
        woo.send(reqwest::Method::POST, "/products", Some(json!({"name": "Mug", "regular_price": "9.99", "sku": "MUG"}))).await.json().await.unwrap();
    let order = sb.post_json("/_sandbox/woo/shop2/orders", json!({"line_items": [{"product_id": p["id"], "quantity": 2}]})).await;
    assert_eq!(order["total"], "19.98");
    let hits = rx.wait_for(3).await;
    let h = &hits[2];
    assert_eq!(h.headers["x-wc-webhook-topic"], "order.created");
    assert!(h.headers["user-agent"].to_str().unwrap().starts_with("WooCommerce/"));
    assert_eq!(h.headers["x-wc-webhook-id"].to_str().unwrap(), hook["id"].to_string());
    assert!(h.headers.contains_key("x-wc-webhook-delivery-id"));
    assert!(h.headers["x-wc-webhook-source"].to_str().unwrap().ends_with("/woo/shop2/"));
    assert_eq!(h.headers["x-wc-webhook-signature"].to_str().unwrap(), hmac_b64("s3cret", &h.body));

    let oid = order["id"].as_u64().unwrap();
    let listed: Value = woo.send(reqwest::Method::GET, "/orders?status=processing", None).await.json().await.unwrap();
    assert_eq!(listed[0]["id"], oid);
    let upd: Value = woo.send(reqwest::Method::PUT, &format!("/orders/{oid}"), Some(json!({"status": "completed"}))).await.json().await.unwrap();
    assert_eq!(upd["status"], "completed");
    assert_eq!(rx.wait_for(4).await[3].headers["x-wc-webhook-topic"], "order.updated");
    let hook_path = format!("/webhooks/{}", hook["id"]);
    let trash = woo.send(reqwest::Method::DELETE, &hook_path, None).await;
    assert_eq!(trash.status(), 501, "webhooks cannot be trashed: force=true is required");
    assert_eq!(woo.send(reqwest::Method::DELETE, &format!("{hook_path}?force=true"), None).await.status(), 200);
    let note = woo.send(reqwest::Method::POST, &format!("/orders/{oid}/notes"), Some(json!({"note": "Supplier order placed", "customer_note": false}))).await;
    assert_eq!(note.status(), 201);

    let t = sb
        .http
        .post(sb.url(&format!("/woo/shop2/wp-json/wc-shipment-tracking/v3/orders/{oid}/shipment-trackings")))
        .header("x-forwarded-proto", "https")
        .basic_auth(&woo.ck, Some(&woo.cs))
        .json(&json!({"tracking_provider": "USPS", "tracking_number": "9400100000000000000000"}))
        .send()
        .await
        .unwrap();
    assert_eq!(t.status(), 201);
    let t: Value = t.json().await.unwrap();
    assert!(t["tracking_link"].as_str().unwrap().contains("9400100000000000000000"));
    let list: Value = sb
        .http
        .get(sb.url(&format!("/woo/shop2/wp-json/wc-shipment-tracking/v3/orders/{oid}/shipment-trackings")))
        .header("x-forwarded-proto", "https")
        .basic_auth(&woo.ck, Some(&woo.cs))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(list[0]["tracking_id"], t["tracking_id"]);
    let notes: Value = woo.send(reqwest::Method::GET, &format!("/orders/{oid}/notes"), None).await.json().await.unwrap();
    assert_eq!(notes.as_array().unwrap().len(), 2);
}

/// Terms as WooCommerce keeps them: a product takes tags and categories by id (a name alone is
/// ignored), and creating a name that exists answers `term_exists` with the term's id.
#[tokio::test]
async fn product_terms_are_taken_by_id() {
    let sb = common::start().await;
    let (ck, cs) = keys_via_wc_auth(&sb, "terms").await;
    let woo = Woo { sb: &sb, store: "terms", ck, cs };
    let tag: Value = woo.send(reqwest::Method::POST, "/products/tags", Some(json!({"name": "Summer Sale"}))).await.json().await.unwrap();
    assert_eq!(tag["slug"], "summer-sale");
    let again = woo.send(reqwest::Method::POST, "/products/tags", Some(json!({"name": "Summer Sale"}))).await;
    assert_eq!(again.status(), 400);
    let again: Value = again.json().await.unwrap();
    assert_eq!((again["code"].as_str(), &again["data"]["resource_id"]), (Some("term_exists"), &tag["id"]));
    let cat: Value = woo.send(reqwest::Method::POST, "/products/categories", Some(json!({"name": "Lamps"}))).await.json().await.unwrap();

    let body = json!({"name": "Lamp", "tags": [{"name": "Summer Sale"}, {"name": "New"}], "categories": [{"name": "Lamps"}]});
    let by_name: Value = woo.send(reqwest::Method::POST, "/products", Some(body)).await.json().await.unwrap();
    assert_eq!((&by_name["tags"], &by_name["categories"]), (&json!([]), &json!([])), "names are read-only: {by_name}");
    let body = json!({"name": "Lamp 2", "tags": [{"id": tag["id"]}], "categories": [{"id": cat["id"]}]});
    let by_id: Value = woo.send(reqwest::Method::POST, "/products", Some(body)).await.json().await.unwrap();
    assert_eq!(by_id["tags"][0]["name"], "Summer Sale");
    assert_eq!(by_id["categories"][0]["name"], "Lamps");
    let found: Value = woo.send(reqwest::Method::GET, "/products/tags?search=summer", None).await.json().await.unwrap();
    assert_eq!(found.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn orders_are_created_through_rest_as_woocommerce_does() {
    let sb = common::start().await;
    let k = sb.post_json("/_sandbox/woo/shop5/keys", json!({})).await;
    let woo = Woo { sb: &sb, store: "shop5", ck: k["consumer_key"].as_str().unwrap().into(), cs: k["consumer_secret"].as_str().unwrap().into() };
    let p: Value =
        woo.send(reqwest::Method::POST, "/products", Some(json!({"name": "Lamp", "regular_price": "12.50", "sku": "LAMP"}))).await.json().await.unwrap();
    let refused = |line: Value| {
        let woo = &woo;
        async move {
            let r = woo.send(reqwest::Method::POST, "/orders", Some(json!({"line_items": [line]}))).await;
            (r.status().as_u16(), r.json::<Value>().await.unwrap()["code"].as_str().unwrap_or_default().to_string())
        }
    };
    assert_eq!(refused(json!({"quantity": 2})).await, (400, "woocommerce_rest_required_product_reference".into()));
    assert_eq!(refused(json!({"product_id": 999_999, "quantity": 1})).await, (400, "order_item_product_invalid_product_id".into()));

    let line = json!({"product_id": p["id"], "quantity": 2});
    let r = woo.send(reqwest::Method::POST, "/orders", Some(json!({"line_items": [line], "billing": {"email": "ann@example.com"}}))).await;
    assert_eq!(r.status(), 201);
    let pending: Value = r.json().await.unwrap();
    assert_eq!((pending["status"].as_str(), pending["created_via"].as_str(), pending["total"].as_str()), (Some("pending"), Some("rest-api"), Some("25.00")));
    assert!(pending["date_paid"].is_null(), "not paid unless set_paid");
    let paid: Value = woo.send(reqwest::Method::POST, "/orders", Some(json!({"line_items": [line], "set_paid": true}))).await.json().await.unwrap();
    assert_eq!(paid["status"], "processing");
    assert!(paid["date_paid"].is_string());
    let fetched: Value = woo.send(reqwest::Method::GET, &format!("/orders/{}", pending["id"]), None).await.json().await.unwrap();
    assert_eq!(fetched["billing"]["email"], "ann@example.com");
}
