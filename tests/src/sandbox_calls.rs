//! What a test reads or writes at the sandbox directly, as the outside party (a supplier, a
//! store's owner) would, to compare with what the product did over its own connectors.
use serde_json::{Value, json};

/// The supplier's own view of product `id` of `source` (its variants, stock and prices), read
/// with the sandbox suppliers' API token.
pub async fn supplier_product(http: &reqwest::Client, sandbox: &str, source: &str, id: &str) -> Value {
    let url = format!("{sandbox}/suppliers/{source}/api/products/{id}");
    http.get(url).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap()
}

/// Sandbox product ids of a source that have stock (an all-sold-out product cannot be
/// imported), from the supplier's own search; `min_variants` filters further.
pub async fn in_stock_ids(sandbox: &str, source: &str, n: usize, min_variants: usize) -> Vec<String> {
    let http = reqwest::Client::new();
    let api = format!("{sandbox}/suppliers/{source}/api/products");
    let v: Value = http.get(format!("{api}?page_size=100")).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
    let mut out = vec![];
    for id in v["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap().to_string()) {
        let p = supplier_product(&http, sandbox, source, &id).await;
        let variants = p["variants"].as_array().unwrap();
        if variants.iter().filter(|v| v["stock"].as_i64().unwrap() > 0).count() >= min_variants.max(1) {
            out.push(id);
        }
        if out.len() == n {
            break;
        }
    }
    out
}

/// Reads (or, with a body, writes) the sandbox WooCommerce store `store` directly, as its owner
/// would: `path` under `/wp-json/wc/v3/`, keys by Basic auth, the request marked as having come
/// over HTTPS (WooCommerce reads no Basic credentials over plain HTTP).
pub async fn woo_rest(http: &reqwest::Client, sandbox: &str, store: &str, path: &str, body: Option<Value>) -> Value {
    let keys: Value = http.post(format!("{sandbox}/_sandbox/woo/{store}/keys")).json(&json!({})).send().await.unwrap().json().await.unwrap();
    let url = format!("{sandbox}/woo/{store}/wp-json/wc/v3/{path}");
    let req = match body {
        Some(b) => http.post(url).json(&b),
        None => http.get(url),
    };
    let req = req.header("x-forwarded-proto", "https").basic_auth(keys["consumer_key"].as_str().unwrap(), keys["consumer_secret"].as_str());
    req.send().await.unwrap().json().await.unwrap()
}
