use crate::common;
use common::{Receiver, Sandbox, hmac_hex};
use serde_json::{Value, json};

pub const KEY: &str = "sandbox-payments-key";

pub async fn post_form(sb: &Sandbox, path: &str, form: &[(&str, &str)]) -> reqwest::Response {
    sb.http.post(sb.url(path)).bearer_auth(KEY).form(form).send().await.unwrap()
}

pub async fn get(sb: &Sandbox, path: &str) -> Value {
    sb.http.get(sb.url(path)).bearer_auth(KEY).send().await.unwrap().json().await.unwrap()
}

/// A sandbox whose payment vendor sends every event to a fresh receiver (failing its first
/// `fail_first` deliveries), registered as a Stripe app registers its webhook endpoint; with the
/// endpoint's signing secret, which Stripe shows only now.
pub async fn with_webhooks(fail_first: usize) -> (Sandbox, Receiver, String) {
    let sb = common::start().await;
    let rx = Receiver::start(fail_first).await;
    let r = post_form(&sb, "/payments/v1/webhook_endpoints", &[("url", &rx.url("/stripe"))]).await;
    assert_eq!(r.status(), 400, "Stripe requires enabled_events");
    let r = post_form(&sb, "/payments/v1/webhook_endpoints", &[("url", &rx.url("/stripe")), ("enabled_events[]", "*")]).await;
    assert_eq!(r.status(), 200);
    let secret = r.json::<Value>().await.unwrap()["secret"].as_str().unwrap().to_string();
    assert!(secret.starts_with("whsec_") && secret.len() > 20, "an endpoint's own secret: {secret}");
    (sb, rx, secret)
}

/// A Checkout Session created from Stripe's form fields.
pub async fn checkout_session(sb: &Sandbox, form: &[(&str, &str)]) -> Value {
    post_form(sb, "/payments/v1/checkout/sessions", form).await.json().await.unwrap()
}

/// The same from a JSON body (which the sandbox also takes).
async fn checkout_session_json(sb: &Sandbox, body: Value) -> Value {
    sb.http.post(sb.url("/payments/v1/checkout/sessions")).bearer_auth(KEY).json(&body).send().await.unwrap().json().await.unwrap()
}

/// What a Stripe client library does: parse `t=…,v1=…`, recompute the HMAC
/// over "<t>.<raw body>" with the endpoint secret, check the timestamp tolerance.
pub fn verify(secret: &str, hit: &common::Hit) -> Value {
    let sig = hit.headers["stripe-signature"].to_str().unwrap();
    let parts: Vec<(&str, &str)> = sig.split(',').filter_map(|p| p.split_once('=')).collect();
    let t = parts.iter().find(|(k, _)| *k == "t").unwrap().1;
    let v1 = parts.iter().find(|(k, _)| *k == "v1").unwrap().1;
    let body = std::str::from_utf8(&hit.body).unwrap();
    assert_eq!(hmac_hex(secret, &format!("{t}.{body}")), v1, "signed with the endpoint's secret");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    assert!((now - t.parse::<i64>().unwrap()).abs() < 300, "within Stripe's default tolerance");
    serde_json::from_str(body).unwrap()
}

pub fn types(secret: &str, hits: &[common::Hit]) -> Vec<String> {
    hits.iter().map(|h| verify(secret, h)["type"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn api_key_is_required() {
    let sb = common::start().await;
    let r = sb.http.post(sb.url("/payments/v1/payment_intents")).form(&[("amount", "500")]).send().await.unwrap();
    assert_eq!(r.status(), 401);
    let r = sb.http.get(sb.url("/payments/v1/payment_intents/pi_x")).bearer_auth("wrong").send().await.unwrap();
    assert_eq!(r.status(), 401);
}

#[tokio::test]
async fn checkout_pay_completes_wallet_topup() {
    let (sb, rx, whsec) = with_webhooks(0).await;
    let cs = checkout_session(
        &sb,
        &[
            ("mode", "payment"),
            ("line_items[0][price_data][currency]", "USD"),
            ("line_items[0][price_data][unit_amount]", "2500"),
            ("line_items[0][price_data][product_data][name]", "Wallet top-up"),
            ("line_items[0][quantity]", "1"),
            ("metadata[purpose]", "wallet_topup"),
            ("success_url", "http://app.local/wallet?session={CHECKOUT_SESSION_ID}"),
            ("cancel_url", "http://app.local/wallet/cancel"),
        ],
    )
    .await;
    assert_eq!(cs["status"], "open");
    let id = cs["id"].as_str().unwrap();
    let page = sb.http.get(cs["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Pay") && page.contains("Decline") && page.contains("25.00 USD"));

    let r = sb.http.post(sb.url(&format!("/payments/checkout/{id}/pay"))).send().await.unwrap();
    assert_eq!(r.status(), 302);
    assert_eq!(r.headers()["location"], format!("http://app.local/wallet?session={id}").as_str());
    let done = get(&sb, &format!("/payments/v1/checkout/sessions/{id}")).await;
    assert_eq!(done["status"], "complete");
    assert_eq!(done["payment_status"], "paid");
    assert_eq!(done["metadata"]["purpose"], "wallet_topup");
    let pi = get(&sb, &format!("/payments/v1/payment_intents/{}", done["payment_intent"].as_str().unwrap())).await;
    assert_eq!(pi["status"], "succeeded");
    assert_eq!(pi["amount_received"], 2500);

    let hits = rx.wait_for(2).await;
    let t = types(&whsec, &hits);
    assert!(t.contains(&"payment_intent.succeeded".into()) && t.contains(&"checkout.session.completed".into()), "{t:?}");
    let completed = hits.iter().map(|h| verify(&whsec, h)).find(|e| e["type"] == "checkout.session.completed").unwrap();
    assert_eq!(completed["data"]["object"]["id"], id);
    assert_eq!(completed["data"]["object"]["metadata"]["purpose"], "wallet_topup");
}

#[tokio::test]
async fn checkout_decline_goes_to_cancel_url() {
    let sb = common::start().await;
    let cs = checkout_session_json(
        &sb,
        json!({"mode": "payment", "amount": 1999, "currency": "usd", "success_url": "http://a/ok", "cancel_url": "http://a/cancel"}),
    )
    .await;
    assert_eq!(cs["error"]["code"], "parameter_unknown", "Stripe has no `amount` on a Checkout Session: {cs}");
    let line = json!([{"price_data": {"currency": "usd", "unit_amount": 1999, "product_data": {"name": "Top-up"}}, "quantity": 1}]);
    let body = json!({"mode": "payment", "line_items": line, "success_url": "http://a/ok", "cancel_url": "http://a/cancel"});
    let cs = checkout_session_json(&sb, body).await;
    assert_eq!(cs["amount_total"], 1999, "{cs}");
    let id = cs["id"].as_str().unwrap();
    let r = sb.http.post(sb.url(&format!("/payments/checkout/{id}/decline"))).send().await.unwrap();
    assert_eq!(r.status(), 302);
    assert_eq!(r.headers()["location"], "http://a/cancel");
    let after = get(&sb, &format!("/payments/v1/checkout/sessions/{id}")).await;
    assert_eq!(after["status"], "open");
    assert_eq!(after["payment_status"], "unpaid");
    assert_eq!(get(&sb, "/_sandbox/payments").await["charges"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn idempotency_key_never_charges_twice() {
    let sb = common::start().await;
    let pay = |key: &'static str, amount: &'static str| {
        sb.http
            .post(sb.url("/payments/v1/payment_intents"))
            .bearer_auth(KEY)
            .header("Idempotency-Key", key)
            .form(&[("amount", amount), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("metadata[order_id]", "42")])
            .send()
    };
    let a: Value = pay("order-42", "4999").await.unwrap().json().await.unwrap();
    let b = pay("order-42", "4999").await.unwrap();
    assert_eq!(b.headers()["idempotent-replayed"], "true");
    let b: Value = b.json().await.unwrap();
    assert_eq!(a["id"], b["id"]);
    assert_eq!(a["status"], "succeeded");
    let world = get(&sb, "/_sandbox/payments").await;
    assert_eq!(world["charges"].as_array().unwrap().len(), 1);
    assert_eq!(world["payment_intents"].as_array().unwrap().len(), 1);
    // Reusing the key with other parameters is an error, not a second charge.
    let c = pay("order-42", "5999").await.unwrap();
    assert_eq!(c.status(), 400);
    assert_eq!(c.json::<Value>().await.unwrap()["error"]["type"], "idempotency_error");
}

#[tokio::test]
async fn declined_card_is_402_and_fires_payment_failed() {
    let (sb, rx, whsec) = with_webhooks(0).await;
    let r = post_form(&sb, "/payments/v1/payment_intents", &[("amount", "1500"), ("currency", "usd"), ("payment_method", "pm_card_declined")]).await;
    assert_eq!(r.status(), 402);
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["error"]["code"], "card_declined");
    assert_eq!(e["error"]["type"], "card_error");
    let pi = get(&sb, &format!("/payments/v1/payment_intents/{}", e["error"]["payment_intent"]["id"].as_str().unwrap())).await;
    assert_eq!(pi["status"], "requires_payment_method");
    assert_eq!(types(&whsec, &rx.wait_for(1).await), vec!["payment_intent.payment_failed"]);
}

#[tokio::test]
async fn refunds_partial_then_full() {
    let (sb, rx, whsec) = with_webhooks(0).await;
    let pi: Value = post_form(&sb, "/payments/v1/payment_intents", &[("amount", "3000"), ("currency", "usd"), ("payment_method", "pm_card_visa")])
        .await
        .json()
        .await
        .unwrap();
    let id = pi["id"].as_str().unwrap();
    let re: Value = post_form(&sb, "/payments/v1/refunds", &[("payment_intent", id), ("amount", "1000")]).await.json().await.unwrap();
    assert_eq!(re["status"], "succeeded");
    assert_eq!(re["amount"], 1000);
    let too_much = post_form(&sb, "/payments/v1/refunds", &[("payment_intent", id), ("amount", "2500")]).await;
    assert_eq!(too_much.status(), 400);
    let rest: Value = post_form(&sb, "/payments/v1/refunds", &[("payment_intent", id)]).await.json().await.unwrap();
    assert_eq!(rest["amount"], 2000);
    let again = post_form(&sb, "/payments/v1/refunds", &[("payment_intent", id)]).await;
    assert_eq!(again.json::<Value>().await.unwrap()["error"]["code"], "charge_already_refunded");
    let hits = rx.wait_for(3).await;
    let refunded: Vec<Value> = hits.iter().map(|h| verify(&whsec, h)).filter(|e| e["type"] == "charge.refunded").collect();
    assert_eq!(refunded.len(), 2);
    assert!(refunded.iter().any(|e| e["data"]["object"]["refunded"] == true && e["data"]["object"]["amount_refunded"] == 3000));
}

#[tokio::test]
async fn webhook_redelivered_after_500_with_fresh_signatures() {
    let (sb, rx, whsec) = with_webhooks(2).await;
    post_form(&sb, "/payments/v1/payment_intents", &[("amount", "800"), ("currency", "eur"), ("payment_method", "pm_card_visa")]).await;
    let hits = rx.wait_for(3).await;
    assert_eq!(hits.len(), 3);
    let ids: Vec<Value> = hits.iter().map(|h| verify(&whsec, h)["id"].clone()).collect();
    assert!(ids.iter().all(|i| *i == ids[0]), "same event id on every attempt");
    let world = get(&sb, "/_sandbox/payments").await;
    let d = &world["deliveries"][0];
    assert_eq!(d["attempts"], 3);
    assert_eq!(d["delivered"], true);
}

#[tokio::test]
async fn faults_apply_to_payments() {
    let sb = common::start().await;
    sb.post_json("/_sandbox/faults", json!({"platform": "payments", "burst_429": 1})).await;
    let r = post_form(&sb, "/payments/v1/payment_intents", &[("amount", "800"), ("currency", "usd")]).await;
    assert_eq!(r.status(), 429);
    let r = post_form(&sb, "/payments/v1/payment_intents", &[("amount", "800"), ("currency", "usd")]).await;
    assert_eq!(r.status(), 200);
}

/// Saving a card as Stripe does it: a Customer, Checkout in setup mode where the customer types
/// the card, the SetupIntent and the PaymentMethod it leaves on the customer, which is then
/// charged off-session with that customer only.
#[tokio::test]
async fn a_card_saved_in_setup_mode_is_charged_with_its_customer() {
    let sb = common::start().await;
    let cus: Value = post_form(&sb, "/payments/v1/customers", &[("email", "owner@example.com")]).await.json().await.unwrap();
    let cus_id = cus["id"].as_str().unwrap();
    let with_items = post_form(
        &sb,
        "/payments/v1/checkout/sessions",
        &[("mode", "setup"), ("customer", cus_id), ("line_items[0][quantity]", "1"), ("success_url", "http://a/ok"), ("cancel_url", "http://a/no")],
    )
    .await;
    assert_eq!(with_items.status(), 400, "no line items in setup mode");
    let form = [
        ("mode", "setup"),
        ("customer", cus_id),
        ("payment_method_types[]", "card"),
        ("success_url", "http://a/ok?s={CHECKOUT_SESSION_ID}"),
        ("cancel_url", "http://a/no"),
    ];
    let cs = checkout_session(&sb, &form).await;
    let id = cs["id"].as_str().unwrap();
    assert!(sb.http.get(cs["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap().contains("Save card"));
    let r = sb.http.post(sb.url(&format!("/payments/checkout/{id}/pay"))).send().await.unwrap();
    assert_eq!(r.headers()["location"].to_str().unwrap(), format!("http://a/ok?s={id}"));

    let done = get(&sb, &format!("/payments/v1/checkout/sessions/{id}")).await;
    assert_eq!(done["status"], "complete");
    let si = get(&sb, &format!("/payments/v1/setup_intents/{}", done["setup_intent"].as_str().unwrap())).await;
    assert_eq!((si["status"].as_str(), &si["customer"]), (Some("succeeded"), &cus["id"]));
    let pm_id = si["payment_method"].as_str().unwrap();
    let pm = get(&sb, &format!("/payments/v1/payment_methods/{pm_id}")).await;
    assert_eq!(pm["card"]["last4"], "4242");

    let pay = |customer: Option<&'static str>| {
        let mut form = vec![
            ("amount", "1299".to_string()),
            ("currency", "usd".into()),
            ("payment_method", pm_id.to_string()),
            ("confirm", "true".into()),
            ("off_session", "true".into()),
        ];
        if customer.is_some() {
            form.push(("customer", cus_id.to_string()));
        }
        sb.http.post(sb.url("/payments/v1/payment_intents")).bearer_auth(KEY).form(&form).send()
    };
    assert_eq!(pay(None).await.unwrap().status(), 400, "a saved card needs its customer");
    let pi: Value = pay(Some("yes")).await.unwrap().json().await.unwrap();
    assert_eq!(pi["status"], "succeeded", "{pi}");
}
