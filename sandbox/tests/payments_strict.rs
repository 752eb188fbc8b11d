//! The payment vendor refuses as Stripe refuses, always in Stripe's JSON error shape; and its
//! webhook endpoints are listed, retrieved, updated and deleted as Stripe's are.
use crate::common;
use crate::payments::{KEY, get, post_form, with_webhooks};
use serde_json::{Value, json};

#[tokio::test]
async fn unknown_paths_methods_and_parameters_answer_stripes_json() {
    let sb = common::start().await;
    let r = sb.http.get(sb.url("/payments/v1/charges_of_the_light_brigade")).bearer_auth(KEY).send().await.unwrap();
    assert_eq!(r.status(), 404);
    let e = r.json::<Value>().await.unwrap()["error"].clone();
    assert_eq!(e["type"], "invalid_request_error");
    assert!(e["message"].as_str().unwrap().starts_with("Unrecognized request URL (GET: /v1/charges_of_the_light_brigade)"), "{e}");
    let r = sb.http.put(sb.url("/payments/v1/prices")).bearer_auth(KEY).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert!(r.json::<Value>().await.unwrap()["error"]["message"].as_str().unwrap().contains("PUT: /v1/prices"));

    for (path, form, param) in [
        ("/payments/v1/customers", vec![("email", "a@b.c"), ("nickname", "x")], "nickname"),
        ("/payments/v1/payment_intents", vec![("amount", "500"), ("currency", "usd"), ("capture", "now")], "capture"),
        ("/payments/v1/refunds", vec![("payment_intent", "pi_x"), ("amount_cents", "1")], "amount_cents"),
        ("/payments/v1/products", vec![("name", "x"), ("price", "1")], "price"),
        ("/payments/v1/webhook_endpoints", vec![("url", "http://a/"), ("enabled_events[]", "*"), ("secret", "mine")], "secret"),
        ("/payments/v1/checkout/sessions", vec![("mode", "payment"), ("line_items[0][amount]", "1")], "line_items[0][amount]"),
    ] {
        let r = post_form(&sb, path, &form).await;
        assert_eq!(r.status(), 400, "{path}");
        let e = r.json::<Value>().await.unwrap()["error"].clone();
        assert_eq!((e["code"].as_str(), e["param"].as_str()), (Some("parameter_unknown"), Some(param)), "{path}: {e}");
        assert_eq!(e["message"], format!("Received unknown parameter: {param}"));
    }
    let r = post_form(&sb, "/payments/v1/payment_intents", &[("amount", "500"), ("currency", "usd"), ("customer", "cus_nobody")]).await;
    assert_eq!(r.json::<Value>().await.unwrap()["error"]["param"], "customer");
    let r = post_form(&sb, "/payments/v1/refunds", &[("payment_intent", "pi_nothing")]).await;
    assert_eq!(r.status(), 400, "an unknown id in a parameter is a 400, not a 404");

    sb.post_json("/_sandbox/faults", json!({"platform": "payments", "burst_429": 1})).await;
    let r = post_form(&sb, "/payments/v1/customers", &[]).await;
    assert_eq!(r.status(), 429);
    assert_eq!(r.json::<Value>().await.unwrap()["error"]["code"], "rate_limit");
}

#[tokio::test]
async fn webhook_endpoints_list_retrieve_update_and_delete() {
    let (sb, rx, _) = with_webhooks(0).await;
    let r = post_form(&sb, "/payments/v1/webhook_endpoints", &[("url", "http://127.0.0.1:9/x"), ("enabled_events[]", "charge.exploded")]).await;
    let e = r.json::<Value>().await.unwrap()["error"].clone();
    assert_eq!(e["param"], "enabled_events[0]", "an event type Stripe does not send: {e}");
    let second: Value =
        post_form(&sb, "/payments/v1/webhook_endpoints", &[("url", "http://127.0.0.1:9/x"), ("enabled_events[0]", "invoice.paid")]).await.json().await.unwrap();
    let id = second["id"].as_str().unwrap();

    let listed = get(&sb, "/payments/v1/webhook_endpoints").await;
    assert_eq!(listed["object"], "list");
    assert_eq!(listed["data"].as_array().unwrap().len(), 2);
    assert_eq!(listed["data"][0]["id"], id, "newest first");
    assert!(listed["data"].as_array().unwrap().iter().all(|e| e.get("secret").is_none()), "the secret shows only on create");
    assert_eq!(get(&sb, "/payments/v1/webhook_endpoints?limit=1").await["has_more"], true);
    let one = get(&sb, &format!("/payments/v1/webhook_endpoints/{id}")).await;
    assert_eq!((one["url"].as_str(), one.get("secret")), (Some("http://127.0.0.1:9/x"), None));

    // Disabling the receiver's endpoint stops deliveries to it.
    let first = listed["data"][1]["id"].as_str().unwrap();
    let off: Value = post_form(&sb, &format!("/payments/v1/webhook_endpoints/{first}"), &[("disabled", "true")]).await.json().await.unwrap();
    assert_eq!(off["status"], "disabled");
    post_form(&sb, "/payments/v1/payment_intents", &[("amount", "800"), ("currency", "usd"), ("payment_method", "pm_card_visa")]).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(rx.hits().is_empty(), "nothing is sent to a disabled endpoint");

    let r = sb.http.delete(sb.url(&format!("/payments/v1/webhook_endpoints/{id}"))).bearer_auth(KEY).send().await.unwrap();
    assert_eq!(r.json::<Value>().await.unwrap(), json!({"id": id, "object": "webhook_endpoint", "deleted": true}));
    let r = sb.http.get(sb.url(&format!("/payments/v1/webhook_endpoints/{id}"))).bearer_auth(KEY).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert_eq!(r.json::<Value>().await.unwrap()["error"]["code"], "resource_missing");
    assert_eq!(get(&sb, "/payments/v1/webhook_endpoints").await["data"].as_array().unwrap().len(), 1);
}
