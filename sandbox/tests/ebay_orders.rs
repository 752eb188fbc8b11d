//! eBay's Buy Order API v2 (guest checkout) as eBay documents it: a token granted the
//! `buy.guest.order` scope, `X-EBAY-C-MARKETPLACE-ID` on every session call, eBay's error ids for
//! missing fields, unknown and unsellable items, a session that prices the order and buys
//! nothing until the buyer pays it in eBay's widget (here `/_sandbox/ebay/checkout/{id}/pay`),
//! and the purchase order read back. The JSON gateway takes no eBay orders.
use crate::common;
use serde_json::{Value, json};

const GUEST_ORDER: &str = "https://api.ebay.com/oauth/api_scope/buy.guest.order";

async fn token(sb: &common::Sandbox, scope: &str) -> String {
    let form = [("grant_type", "client_credentials"), ("scope", scope)];
    let url = sb.url("/ebay/identity/v1/oauth2/token");
    let t: Value =
        sb.http.post(url).basic_auth("sandbox-ebay-client-id", Some("sandbox-ebay-client-secret")).form(&form).send().await.unwrap().json().await.unwrap();
    t["access_token"].as_str().unwrap().to_string()
}

async fn initiate(sb: &common::Sandbox, token: &str, marketplace: Option<&str>, body: &Value) -> (u16, Value, Option<String>) {
    let mut req = sb.http.post(sb.url("/ebay/buy/order/v2/guest_checkout_session/initiate")).bearer_auth(token).json(body);
    if let Some(m) = marketplace {
        req = req.header("X-EBAY-C-MARKETPLACE-ID", m);
    }
    let res = req.send().await.unwrap();
    let signature = res.headers().get("x-ebay-security-signature").map(|v| v.to_str().unwrap().to_string());
    (res.status().as_u16(), res.json().await.unwrap(), signature)
}

async fn get(sb: &common::Sandbox, token: &str, path: &str, marketplace: Option<&str>) -> (u16, Value) {
    let mut req = sb.http.get(sb.url(&format!("/ebay/buy/order/v2/{path}"))).bearer_auth(token);
    if let Some(m) = marketplace {
        req = req.header("X-EBAY-C-MARKETPLACE-ID", m);
    }
    let res = req.send().await.unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

async fn json_api(sb: &common::Sandbox, path: &str) -> Value {
    sb.http.get(sb.url(&format!("/suppliers/ebay/api{path}"))).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap()
}

fn error_id(body: &Value) -> Option<i64> {
    body["errors"][0]["errorId"].as_i64()
}

fn request(item: &str, quantity: i64) -> Value {
    json!({"contactEmail": "owner@example.com", "lineItemInputs": [{"itemId": item, "quantity": quantity}],
        "shippingAddress": {"recipient": {"firstName": "Ada", "lastName": "Lovelace"}, "addressLine1": "1 Main St", "city": "Austin",
            "stateOrProvince": "TX", "postalCode": "78701", "country": "US", "phoneNumber": "+15125550100"}})
}

/// A product with options, in stock and shipping to the US: its first variant's item id, stock
/// and price in cents.
async fn listing(sb: &common::Sandbox) -> (String, String, i64, i64) {
    let list = json_api(sb, "/products?page_size=60").await;
    for s in list["items"].as_array().unwrap() {
        let id = s["id"].as_str().unwrap();
        let p = json_api(sb, &format!("/products/{id}")).await;
        let v = &p["variants"][0];
        let ships = p["ships_to"].as_array().is_some_and(|c| c.iter().any(|c| c == "US"));
        if !p["options"].as_array().unwrap().is_empty() && v["stock"].as_i64().unwrap() >= 3 && ships {
            let cents = (v["price"].as_str().unwrap().parse::<f64>().unwrap() * 100.0).round() as i64;
            return (format!("v1|{id}|1"), id.to_string(), v["stock"].as_i64().unwrap(), cents);
        }
    }
    panic!("no listing with options in stock");
}

#[tokio::test]
async fn the_order_api_needs_its_scope_its_marketplace_and_every_required_field() {
    let sb = common::start().await;
    let (item, _, _, _) = listing(&sb).await;
    let browse = token(&sb, "https://api.ebay.com/oauth/api_scope").await;
    let (status, body, _) = initiate(&sb, &browse, Some("EBAY_US"), &request(&item, 1)).await;
    assert_eq!((status, error_id(&body)), (403, Some(1100)), "a Browse token cannot buy: {body}");
    let (status, _, _) = initiate(&sb, "nope", Some("EBAY_US"), &request(&item, 1)).await;
    assert_eq!(status, 401);
    let bad_scope = sb
        .http
        .post(sb.url("/ebay/identity/v1/oauth2/token"))
        .basic_auth("sandbox-ebay-client-id", Some("sandbox-ebay-client-secret"))
        .form(&[("grant_type", "client_credentials"), ("scope", "https://api.ebay.com/oauth/api_scope/buy.everything")])
        .send()
        .await
        .unwrap();
    assert_eq!(bad_scope.status(), 400);
    let t = token(&sb, GUEST_ORDER).await;

    let (status, body, _) = initiate(&sb, &t, None, &request(&item, 1)).await;
    assert_eq!((status, error_id(&body)), (400, Some(15001)), "{body}");
    let (status, body, _) = initiate(&sb, &t, Some("EBAY_MOTORS_XX"), &request(&item, 1)).await;
    assert_eq!((status, error_id(&body)), (409, Some(15027)), "{body}");

    let cases: [(&str, Value); 5] = [
        ("contactEmail", json!(null)),
        ("shippingAddress.phoneNumber", json!({"phoneNumber": null})),
        ("shippingAddress.recipient.lastName", json!({"recipient": {"firstName": "Ada"}})),
        ("shippingAddress.stateOrProvince", json!({"stateOrProvince": ""})),
        ("lineItemInputs", json!([])),
    ];
    for (field, change) in cases {
        let mut r = request(&item, 1);
        match field {
            "contactEmail" => r["contactEmail"] = change,
            "lineItemInputs" => r["lineItemInputs"] = change,
            _ => {
                for (k, v) in change.as_object().unwrap() {
                    r["shippingAddress"][k] = v.clone();
                }
            }
        }
        let (status, body, _) = initiate(&sb, &t, Some("EBAY_US"), &r).await;
        assert_eq!((status, error_id(&body)), (400, Some(15001)), "{field}: {body}");
        assert!(body["errors"][0]["message"].as_str().unwrap().contains(field), "{field}: {body}");
        assert_eq!((body["errors"][0]["domain"].as_str(), body["errors"][0]["category"].as_str()), (Some("API_ORDER"), Some("REQUEST")));
    }
    let mut long = request(&item, 1);
    long["shippingAddress"]["addressLine1"] = json!("x".repeat(41));
    assert_eq!(error_id(&initiate(&sb, &t, Some("EBAY_US"), &long).await.1), Some(15048));
    let mut abroad = request(&item, 1);
    abroad["shippingAddress"]["country"] = json!("DE");
    assert_eq!(error_id(&initiate(&sb, &t, Some("EBAY_US"), &abroad).await.1), Some(15026), "eBay US ships domestically only");

    assert_eq!(error_id(&initiate(&sb, &t, Some("EBAY_US"), &request("1234", 1)).await.1), Some(15002), "not a RESTful item id");
    let (status, body, _) = initiate(&sb, &t, Some("EBAY_US"), &request("v1|999999999|0", 1)).await;
    assert_eq!((status, error_id(&body), body["errors"][0]["category"].as_str()), (409, Some(15018), Some("BUSINESS")), "{body}");
    assert_eq!(error_id(&initiate(&sb, &t, Some("EBAY_US"), &request(&item, 0)).await.1), Some(15014));
    assert_eq!(error_id(&initiate(&sb, &t, Some("EBAY_US"), &request(&item, 100_000)).await.1), Some(15013));
    let eleven: Vec<Value> = (0..11).map(|_| json!({"itemId": item, "quantity": 1})).collect();
    let mut many = request(&item, 1);
    many["lineItemInputs"] = json!(eleven);
    assert_eq!(error_id(&initiate(&sb, &t, Some("EBAY_US"), &many).await.1), Some(15011));

    let (status, body) = get(&sb, &t, "guest_checkout_session/42", Some("EBAY_US")).await;
    assert_eq!((status, error_id(&body)), (400, Some(15003)));
    let (status, body) = get(&sb, &t, "guest_purchase_order/42", None).await;
    assert_eq!((status, error_id(&body)), (400, Some(16002)));
}

#[tokio::test]
async fn a_session_buys_nothing_until_the_buyer_pays_it_in_ebays_widget() {
    let sb = common::start().await;
    let (item, product, stock, cents) = listing(&sb).await;
    let t = token(&sb, &format!("https://api.ebay.com/oauth/api_scope {GUEST_ORDER}")).await;
    let (status, s, signature) = initiate(&sb, &t, Some("EBAY_US"), &request(&item, 2)).await;
    assert_eq!(status, 200, "{s}");
    assert!(signature.is_some_and(|s| !s.is_empty()), "the widget's X-EBAY-SECURITY-SIGNATURE");
    let id = s["checkoutSessionId"].as_str().unwrap().to_string();
    let line = &s["lineItems"][0];
    assert_eq!((line["itemId"].as_str(), line["quantity"].as_i64()), (Some(item.as_str()), Some(2)));
    let money = |v: &Value| (v["value"].as_str().unwrap().parse::<f64>().unwrap() * 100.0).round() as i64;
    let p = &s["pricingSummary"];
    assert_eq!(money(&p["priceSubtotal"]), 2 * cents);
    assert_eq!(money(&p["total"]), 2 * cents + money(&p["deliveryCost"]));
    let left = || async { json_api(&sb, &format!("/products/{product}")).await["variants"][0]["stock"].as_i64().unwrap() };
    assert_eq!(left().await, stock, "a session takes no stock");

    let (status, again) = get(&sb, &t, &format!("guest_checkout_session/{id}"), Some("EBAY_US")).await;
    assert_eq!((status, &again["checkoutSessionId"]), (200, &json!(id)));
    assert_eq!(error_id(&get(&sb, &t, &format!("guest_checkout_session/{id}"), None).await.1), Some(15001));

    let paid = sb.post_json(&format!("/_sandbox/ebay/checkout/{id}/pay"), json!({})).await;
    let po = paid["purchaseOrderId"].as_str().unwrap().to_string();
    let twice = sb.http.post(sb.url(&format!("/_sandbox/ebay/checkout/{id}/pay"))).send().await.unwrap();
    assert_eq!(twice.status(), 409, "a session is paid once");
    assert_eq!(left().await, stock - 2, "paying takes the stock");

    let (status, o) = get(&sb, &t, &format!("guest_purchase_order/{po}"), None).await;
    assert_eq!(status, 200, "{o}");
    assert_eq!((o["purchaseOrderPaymentStatus"].as_str(), o["purchaseOrderStatus"].as_str()), (Some("PAID"), Some("PENDING")));
    assert_eq!((o["lineItems"][0]["itemId"].as_str(), o["lineItems"][0]["lineItemStatus"].as_str()), (Some(item.as_str()), Some("PENDING")));
    assert_eq!(o["pricingSummary"]["total"], p["total"]);
    assert!(o["lineItems"][0]["shippingDetail"]["shippingCarrierCode"].is_string());
    assert_eq!(error_id(&get(&sb, &t, &format!("guest_purchase_order/{po}"), Some("EBAY_GB")).await.1), Some(16003));

    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 60 * 86_400})).await;
    let (_, o) = get(&sb, &t, &format!("guest_purchase_order/{po}"), Some("EBAY_US")).await;
    assert_eq!((o["purchaseOrderStatus"].as_str(), o["lineItems"][0]["lineItemStatus"].as_str()), (Some("DELIVERED"), Some("DELIVERED")));
    let seen = sb.get_json("/_sandbox/ebay").await;
    assert_eq!(seen["sessions"][0]["purchaseOrderId"], po.as_str());

    // eBay's orders are not the JSON gateway's.
    let gateway = sb
        .http
        .post(sb.url("/suppliers/ebay/api/orders"))
        .bearer_auth("sandbox-supplier-token")
        .header("Idempotency-Key", "k1")
        .json(&json!({"items": [{"product_id": product, "sku_id": format!("{product}-0"), "quantity": 1}], "ship_to": {"country": "US"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(gateway.status(), 404);
}
