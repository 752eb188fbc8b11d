//! The vendors' own client libraries run against the sandbox, doing what Dropline does
//! (`sandbox/contracts/*.mjs` and `*.py`, dependencies pinned in its package.json and
//! requirements.txt and installed by `scripts/test`): a library that fails here is a sandbox bug
//! or a product bug.
use std::path::PathBuf;
use std::process::Command;

use dropline_tests::start_sandbox;
use serde_json::Value;

fn run(script: &str, args: &[&str]) -> Value {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sandbox/contracts");
    assert!(dir.join("node_modules").exists(), "sandbox/contracts/node_modules is missing: scripts/test installs it (ensure_contract_deps)");
    let out = Command::new("node").arg(dir.join(script)).args(args).output().expect("node runs");
    assert!(out.status.success(), "{script}: {}{}", String::from_utf8_lossy(&out.stderr), String::from_utf8_lossy(&out.stdout));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A script of the Python clients, in the venv `ensure_python_contract_deps` makes.
fn run_python(script: &str, args: &[&str]) -> Value {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sandbox/contracts");
    let python = dir.join(".venv/bin/python");
    assert!(python.exists(), "sandbox/contracts/.venv is missing: scripts/test installs it (ensure_python_contract_deps)");
    let out = Command::new(python).arg(dir.join(script)).args(args).output().expect("python runs");
    assert!(out.status.success(), "{script}: {}{}", String::from_utf8_lossy(&out.stderr), String::from_utf8_lossy(&out.stdout));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[tokio::test]
async fn stripes_node_library_tops_up_saves_a_card_bills_a_plan_and_verifies_webhooks() {
    let sandbox = start_sandbox().await;
    let out = tokio::task::spawn_blocking(move || run("stripe.mjs", &[&sandbox])).await.unwrap();
    let checks: Vec<&str> = out["checks"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert_eq!(
        checks,
        vec![
            "webhook endpoint",
            "checkout session with line_items",
            "unknown parameter refused",
            "session paid",
            "signed webhook verified by constructEvent",
            "card saved in setup mode",
            "off-session payment with the saved card",
            "product and recurring price",
            "price found by lookup key",
            "a taken lookup key is refused",
            "subscription amount refused",
            "subscription of a price",
            "subscription-mode checkout of a price",
            "subscription cancelled",
            "subscription event verified by constructEvent",
            "webhook endpoints listed and retrieved",
            "webhook endpoint deleted",
        ]
    );
}

#[tokio::test]
async fn shopifys_node_libraries_install_call_the_admin_api_validate_webhooks_and_session_tokens() {
    let sandbox = start_sandbox().await;
    let version = domain::config::Settings::load_env("test").expect("config loads").shopify.api_version;
    let out = tokio::task::spawn_blocking(move || run("shopify-libraries.mjs", &[&sandbox, &version])).await.unwrap();
    let checks: Vec<&str> = out["checks"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert_eq!(
        checks,
        vec![
            "OAuth redirect hmac validates",
            "a tampered redirect does not",
            "code exchanged for a token",
            "Admin GraphQL through the Admin API client",
            "webhook subscribed with uri",
            "orders/create validated by webhooks.validate",
            "session token decoded by decodeSessionToken",
            "a tampered session token is refused",
            "session token exchanged for an offline token",
        ]
    );
}

#[tokio::test]
async fn woocommerces_node_client_signs_with_oauth_over_http_and_is_understood() {
    let sandbox = start_sandbox().await;
    let out = tokio::task::spawn_blocking(move || run("woocommerce.mjs", &[&sandbox, "library-store"])).await.unwrap();
    let checks: Vec<&str> = out["checks"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert_eq!(
        checks,
        vec!["tag created", "product created with its tag", "found by SKU (a signed query string)", "variations batch", "a wrong secret is refused"]
    );
}

#[tokio::test]
async fn woocommerces_python_client_does_what_dropline_does_over_http() {
    let sandbox = start_sandbox().await;
    let out = tokio::task::spawn_blocking(move || run_python("woocommerce_py.py", &[&sandbox, "python-store"])).await.unwrap();
    let checks: Vec<&str> = out["checks"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert_eq!(
        checks,
        vec![
            "tag created",
            "category created",
            "product created with its tag and category by id",
            "found by SKU (signed, the query repeated)",
            "products listed with totals",
            "price updated",
            "webhook created",
            "order created",
            "order.created delivered, signed with the webhook's secret",
            "orders since a time",
            "order completed",
            "webhook deleted with force=True",
            "a wrong secret is refused",
        ]
    );
}
