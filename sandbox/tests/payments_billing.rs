//! The payment vendor's Products, Prices and Subscriptions, held to Stripe's parameters: a
//! subscription takes `items[][price]` (or `price_data` with `recurring`), never an amount.
use crate::common::{self, Sandbox};
use crate::payments::{KEY, checkout_session, get, post_form, types, with_webhooks};
use serde_json::{Value, json};

async fn ok(sb: &Sandbox, path: &str, form: &[(&str, &str)]) -> Value {
    let r = post_form(sb, path, form).await;
    assert_eq!(r.status(), 200, "{path}");
    r.json().await.unwrap()
}

/// `(status, error)` of a refused call.
async fn refused(sb: &Sandbox, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    let r = post_form(sb, path, form).await;
    let status = r.status().as_u16();
    (status, r.json::<Value>().await.unwrap()["error"].clone())
}

/// A customer and a monthly $29 Price of a new Product.
async fn customer_and_price(sb: &Sandbox) -> (String, String) {
    let cus = ok(sb, "/payments/v1/customers", &[("email", "owner@example.com")]).await;
    let prod = ok(sb, "/payments/v1/products", &[("name", "Dropline Pro")]).await;
    let price = ok(
        sb,
        "/payments/v1/prices",
        &[("currency", "usd"), ("unit_amount", "2900"), ("recurring[interval]", "month"), ("product", prod["id"].as_str().unwrap())],
    )
    .await;
    assert_eq!((price["type"].as_str(), price["recurring"]["interval_count"].as_i64()), (Some("recurring"), Some(1)), "{price}");
    (cus["id"].as_str().unwrap().to_string(), price["id"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn prices_and_subscriptions_take_stripes_parameters_only() {
    let sb = common::start().await;
    let (cus, price) = customer_and_price(&sb).await;
    let subs = "/payments/v1/subscriptions";

    let (status, e) = refused(&sb, subs, &[("customer", &cus), ("amount", "2900"), ("interval", "month")]).await;
    assert_eq!((status, e["code"].as_str(), e["param"].as_str()), (400, Some("parameter_unknown"), Some("amount")), "{e}");
    let (_, e) = refused(&sb, subs, &[("customer", &cus)]).await;
    assert_eq!((e["code"].as_str(), e["param"].as_str()), (Some("parameter_missing"), Some("items")));
    let (_, e) = refused(&sb, subs, &[("items[0][price]", &price)]).await;
    assert_eq!(e["param"], "customer");
    let (status, e) = refused(&sb, subs, &[("customer", "cus_nobody"), ("items[0][price]", &price)]).await;
    assert_eq!((status, e["code"].as_str(), e["param"].as_str()), (400, Some("resource_missing"), Some("customer")));
    let (_, e) = refused(&sb, subs, &[("customer", &cus), ("items[0][price]", "price_nope")]).await;
    assert_eq!((e["code"].as_str(), e["param"].as_str()), (Some("resource_missing"), Some("items[0][price]")));
    let inline_product = [("customer", cus.as_str()), ("items[0][price_data][currency]", "usd"), ("items[0][price_data][unit_amount]", "900")];
    let (_, e) = refused(
        &sb,
        subs,
        &[&inline_product[..], &[("items[0][price_data][product_data][name]", "Plan"), ("items[0][price_data][recurring][interval]", "month")]].concat(),
    )
    .await;
    assert_eq!(e["param"], "items[0][price_data][product_data]", "a subscription's price_data names an existing product: {e}");
    let one_time = ok(&sb, "/payments/v1/prices", &[("currency", "usd"), ("unit_amount", "500"), ("product_data[name]", "Setup fee")]).await;
    let (_, e) = refused(&sb, subs, &[("customer", &cus), ("items[0][price]", one_time["id"].as_str().unwrap())]).await;
    assert!(e["message"].as_str().unwrap().contains("type=recurring"), "{e}");

    let (_, e) = refused(&sb, "/payments/v1/prices", &[("unit_amount", "100"), ("product_data[name]", "x")]).await;
    assert_eq!(e["param"], "currency");
    let (_, e) = refused(&sb, "/payments/v1/prices", &[("currency", "usd"), ("unit_amount", "100"), ("product", "prod_nope")]).await;
    assert_eq!((e["code"].as_str(), e["param"].as_str()), (Some("resource_missing"), Some("product")));
    let (_, e) =
        refused(&sb, "/payments/v1/prices", &[("currency", "usd"), ("unit_amount", "1"), ("product_data[name]", "x"), ("recurring[interval]", "fortnight")])
            .await;
    assert_eq!(e["param"], "recurring[interval]");
    let r = sb.http.get(sb.url("/payments/v1/prices/price_nope")).bearer_auth(KEY).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert_eq!(r.json::<Value>().await.unwrap()["error"]["code"], "resource_missing");

    let sub =
        ok(&sb, subs, &[("customer", &cus), ("items[0][price]", &price), ("default_payment_method", "pm_card_visa"), ("metadata[workplace_id]", "7")]).await;
    assert_eq!(sub["status"], "active", "{sub}");
    assert_eq!(sub["items"]["data"][0]["price"]["id"], price.as_str());
    assert_eq!(sub["metadata"]["workplace_id"], "7");
    let id = sub["id"].as_str().unwrap();
    let invoices = |w: &Value| w["invoices"].as_array().unwrap().iter().filter(|i| i["subscription"] == id).cloned().collect::<Vec<_>>();
    assert_eq!(invoices(&get(&sb, "/_sandbox/payments").await)[0]["amount_paid"], 2900);

    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 32 * 86_400})).await;
    let world = get(&sb, "/_sandbox/payments").await;
    assert_eq!(invoices(&world).len(), 2);
    assert_eq!(invoices(&world)[1]["billing_reason"], "subscription_cycle");
    let listed = get(&sb, &format!("/payments/v1/subscriptions?customer={cus}")).await;
    assert_eq!(listed["data"][0]["id"], id);

    // Stripe cancels with DELETE; it has no `/cancel` path.
    let r = post_form(&sb, &format!("{subs}/{id}/cancel"), &[]).await;
    assert_eq!(r.status(), 404);
    assert!(r.json::<Value>().await.unwrap()["error"]["message"].as_str().unwrap().starts_with("Unrecognized request URL"));
    let canceled: Value = sb.http.delete(sb.url(&format!("{subs}/{id}"))).bearer_auth(KEY).send().await.unwrap().json().await.unwrap();
    assert_eq!(canceled["status"], "canceled");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 62 * 86_400})).await;
    assert_eq!(invoices(&get(&sb, "/_sandbox/payments").await).len(), 2, "no renewals after cancel");
}

#[tokio::test]
async fn price_data_intervals_and_payment_behavior() {
    let sb = common::start().await;
    let (cus, price) = customer_and_price(&sb).await;
    let product = get(&sb, &format!("/payments/v1/prices/{price}")).await["product"].as_str().unwrap().to_string();
    let subs = "/payments/v1/subscriptions";
    let quarterly = [
        ("customer", cus.as_str()),
        ("items[0][price_data][currency]", "usd"),
        ("items[0][price_data][unit_amount]", "7500"),
        ("items[0][price_data][product]", &product),
        ("items[0][price_data][recurring][interval]", "month"),
        ("items[0][price_data][recurring][interval_count]", "3"),
        ("items[0][quantity]", "2"),
    ];
    let sub = ok(&sb, subs, &[&quarterly[..], &[("default_payment_method", "pm_card_visa")]].concat()).await;
    assert_eq!(sub["status"], "active");
    let days = (sub["current_period_end"].as_i64().unwrap() - sub["current_period_start"].as_i64().unwrap()) / 86_400;
    assert!((89..=92).contains(&days), "three months: {days} days");
    let inline = get(&sb, &format!("/payments/v1/prices/{}", sub["items"]["data"][0]["price"]["id"].as_str().unwrap())).await;
    assert_eq!(inline["active"], false, "an inline price is not for reuse");
    let (_, e) = refused(&sb, subs, &[("customer", &cus), ("items[0][price]", inline["id"].as_str().unwrap())]).await;
    assert!(e["message"].as_str().unwrap().contains("inactive"), "{e}");

    // No card: the first invoice stays open, the subscription incomplete, then expired.
    let unpaid = ok(&sb, subs, &[("customer", &cus), ("items[0][price]", &price)]).await;
    assert_eq!(unpaid["status"], "incomplete");
    let waiting = ok(
        &sb,
        subs,
        &[("customer", &cus), ("items[0][price]", &price), ("default_payment_method", "pm_card_visa"), ("payment_behavior", "default_incomplete")],
    )
    .await;
    assert_eq!(waiting["status"], "incomplete", "default_incomplete waits for the customer to confirm");
    let before = get(&sb, "/_sandbox/payments").await["subscriptions"].as_array().unwrap().len();
    let (status, e) = refused(
        &sb,
        subs,
        &[("customer", &cus), ("items[0][price]", &price), ("default_payment_method", "pm_card_declined"), ("payment_behavior", "error_if_incomplete")],
    )
    .await;
    assert_eq!((status, e["code"].as_str()), (402, Some("card_declined")));
    let (status, _) = refused(&sb, subs, &[("customer", &cus), ("items[0][price]", &price), ("payment_behavior", "error_if_incomplete")]).await;
    assert_eq!(status, 400, "no card to pay with");
    assert_eq!(get(&sb, "/_sandbox/payments").await["subscriptions"].as_array().unwrap().len(), before, "nothing kept");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 24 * 3600})).await;
    assert_eq!(get(&sb, &format!("{subs}/{}", unpaid["id"].as_str().unwrap())).await["status"], "incomplete_expired");

    // The customer's default card pays; cancelling at period end ends it there.
    ok(&sb, &format!("/payments/v1/customers/{cus}"), &[("invoice_settings[default_payment_method]", "pm_card_visa")]).await;
    let monthly = ok(&sb, subs, &[("customer", &cus), ("items[0][price]", &price), ("cancel_at_period_end", "true")]).await;
    assert_eq!(monthly["status"], "active");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 32 * 86_400})).await;
    assert_eq!(get(&sb, &format!("{subs}/{}", monthly["id"].as_str().unwrap())).await["status"], "canceled");
}

#[tokio::test]
async fn subscription_checkout_with_a_price_then_a_failed_renewal() {
    let (sb, rx, whsec) = with_webhooks(0).await;
    let (_, price) = customer_and_price(&sb).await;
    let form = |mode: &'static str| {
        vec![
            ("mode", mode),
            ("line_items[0][price]", price.as_str()),
            ("line_items[0][quantity]", "2"),
            ("success_url", "http://a/ok"),
            ("cancel_url", "http://a/no"),
        ]
    };
    let (_, e) = refused(&sb, "/payments/v1/checkout/sessions", &form("payment")).await;
    assert!(e["message"].as_str().unwrap().contains("recurring price"), "payment mode takes one-time prices: {e}");
    let mut with_data = form("subscription");
    with_data.push(("subscription_data[metadata][plan]", "pro"));
    let cs = checkout_session(&sb, &with_data).await;
    assert_eq!(cs["amount_total"], 5800, "{cs}");
    let id = cs["id"].as_str().unwrap();
    let items = get(&sb, &format!("/payments/v1/checkout/sessions/{id}/line_items")).await;
    assert_eq!((items["data"][0]["price"]["id"].as_str(), items["data"][0]["quantity"].as_i64()), (Some(price.as_str()), Some(2)));
    assert_eq!(sb.http.post(sb.url(&format!("/payments/checkout/{id}/pay"))).send().await.unwrap().status(), 302);

    let done = get(&sb, &format!("/payments/v1/checkout/sessions/{id}")).await;
    let sub = get(&sb, &format!("/payments/v1/subscriptions/{}", done["subscription"].as_str().unwrap())).await;
    assert_eq!((sub["status"].as_str(), &sub["customer"]), (Some("active"), &done["customer"]));
    assert_eq!(sub["metadata"]["plan"], "pro", "subscription_data.metadata goes to the subscription");
    let pm = get(&sb, &format!("/payments/v1/payment_methods/{}", sub["default_payment_method"].as_str().unwrap())).await;
    assert_eq!(pm["customer"], done["customer"], "the card typed on the page is saved to the new customer");

    let sub_id = sub["id"].as_str().unwrap();
    ok(&sb, &format!("/payments/v1/subscriptions/{sub_id}"), &[("default_payment_method", "pm_card_declined")]).await;
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 32 * 86_400})).await;
    assert_eq!(get(&sb, &format!("/payments/v1/subscriptions/{sub_id}")).await["status"], "past_due");
    let t = types(&whsec, &rx.wait_for(7).await);
    for want in ["checkout.session.completed", "customer.subscription.created", "invoice.paid", "invoice.payment_failed", "customer.subscription.updated"] {
        assert!(t.contains(&want.to_string()), "{want} in {t:?}");
    }
}
