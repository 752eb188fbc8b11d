//! `/wc-auth/v1/authorize` refuses as WooCommerce's `WC_Auth` does: a 401 `wp_die` page
//! "Error: …." for a missing parameter or a callback not over SSL (a loopback one is the
//! sandbox's documented leniency), and a callback that does not answer 200 loses the key.
use crate::common;
use common::Receiver;
use serde_json::{Value, json};

fn authorize(sb: &common::Sandbox, store: &str, callback: &str) -> String {
    let enc = |s: &str| s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect::<String>();
    sb.url(&format!(
        "/woo/{store}/wc-auth/v1/authorize?app_name=Dropline&scope=read_write&user_id=9&return_url={}&callback_url={}",
        enc("https://dropline.example/back"),
        enc(callback)
    ))
}

async fn keys_held(sb: &common::Sandbox, store: &str) -> usize {
    sb.get_json(&format!("/_sandbox/woo/{store}")).await["keys"].as_array().map_or(0, Vec::len)
}

#[tokio::test]
async fn a_plain_http_callback_off_this_machine_is_refused() {
    let sb = common::start().await;
    let r = sb.http.get(authorize(&sb, "strict", "http://dropline.example/api/woocommerce/auth/callback")).send().await.unwrap();
    assert_eq!(r.status(), 401);
    let page = r.text().await.unwrap();
    assert!(page.contains("Error: The callback_url needs to be over SSL."), "{page}");
    assert_eq!(keys_held(&sb, "strict").await, 0, "no key is made");

    let missing = sb.http.get(sb.url("/woo/strict/wc-auth/v1/authorize?app_name=Dropline&scope=read")).send().await.unwrap();
    assert_eq!(missing.status(), 401);
    assert!(missing.text().await.unwrap().contains("Error: Missing parameter user_id."));
}

#[tokio::test]
async fn a_loopback_callback_gets_the_keys_and_a_failing_one_loses_them() {
    let sb = common::start().await;
    let rx = Receiver::start(0).await;
    let r = sb.http.get(authorize(&sb, "lenient", &rx.url("/cb"))).send().await.unwrap();
    assert_eq!(r.status(), 302);
    assert!(r.headers()["location"].to_str().unwrap().starts_with("https://dropline.example/back?success=1&user_id=9"));
    let keys: Value = serde_json::from_slice(&rx.wait_for(1).await[0].body).unwrap();
    assert_eq!((&keys["user_id"], &keys["key_permissions"]), (&json!("9"), &json!("read_write")));
    assert_eq!(keys_held(&sb, "lenient").await, 1);

    let failing = Receiver::start(1).await;
    let r = sb.http.get(authorize(&sb, "lenient", &failing.url("/cb"))).send().await.unwrap();
    assert_eq!(r.status(), 401, "WooCommerce dies instead of sending the merchant back");
    assert!(r.text().await.unwrap().contains("unable to send the consumer data"));
    assert_eq!(keys_held(&sb, "lenient").await, 1, "the key the callback did not take is deleted");
}
