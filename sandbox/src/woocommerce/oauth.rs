//! How WooCommerce authenticates a REST call. Over HTTPS: the consumer key and secret by HTTP
//! Basic or as `consumer_key`/`consumer_secret` query parameters. Over plain HTTP, where those
//! would travel in clear: only OAuth 1.0a, one-legged (`oauth_*` query parameters signed with
//! HMAC-SHA256, key `consumer_secret&`, timestamp within 15 minutes; WooCommerce also takes
//! HMAC-SHA1, which the sandbox does not). The sandbox
//! listens on plain HTTP; a request that says `X-Forwarded-Proto: https` is one a TLS proxy in
//! front received, as a store behind one sees it.
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

use super::{with_store, woo_error};
use crate::AppState;
use crate::util::{b64, enc, hmac_sha256};

/// Set by `verify` for a correctly signed request (any such header a client sends is dropped).
pub const VERIFIED: &str = "x-sandbox-woo-oauth-consumer";
const WINDOW_SECS: i64 = 15 * 60;

pub fn is_https(headers: &axum::http::HeaderMap) -> bool {
    headers.get("x-forwarded-proto").and_then(|v| v.to_str().ok()).is_some_and(|p| p.eq_ignore_ascii_case("https"))
}

/// The signature WooCommerce computes for `method` on `base` (scheme, host, path) with `params`
/// (every query parameter but `oauth_signature`).
pub fn signature(method: &str, base: &str, params: &[(String, String)], secret: &str) -> String {
    let mut pairs: Vec<(String, String)> = params.iter().map(|(k, v)| (enc(k), enc(v))).collect();
    pairs.sort();
    let joined = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
    let text = format!("{}&{}&{}", method.to_uppercase(), enc(base), enc(&joined));
    let key = format!("{}&", enc(secret));
    b64(&hmac_sha256(key.as_bytes(), text.as_bytes()))
}

pub async fn verify(State(app): State<AppState>, mut req: Request, next: Next) -> Response {
    req.headers_mut().remove(VERIFIED);
    let path = req.uri().path().to_string();
    let Some(store) = path.strip_prefix("/woo/").and_then(|p| p.split('/').next()).map(str::to_string) else { return next.run(req).await };
    let params: Vec<(String, String)> = req.uri().query().map(url_pairs).unwrap_or_default();
    let Some(given) = params.iter().find(|(k, _)| k == "oauth_signature").map(|(_, v)| v.clone()) else { return next.run(req).await };
    let get = |k: &str| params.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let refused = |m: &str| woo_error(StatusCode::UNAUTHORIZED, "woocommerce_rest_authentication_error", m);
    let (Some(key), Some(ts), Some(method)) = (get("oauth_consumer_key"), get("oauth_timestamp"), get("oauth_signature_method")) else {
        return refused("Missing OAuth parameter(s).");
    };
    if method != "HMAC-SHA256" {
        return refused("Invalid signature method - the sandbox takes HMAC-SHA256.");
    }
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    if ts.parse::<i64>().map_or(true, |t| (now - t).abs() > WINDOW_SECS) {
        return refused("Invalid timestamp.");
    }
    let Some(secret) = with_store(&app.world(), &store, |s| s.keys.iter().find(|k| k.consumer_key == key).map(|k| k.consumer_secret.clone())) else {
        return refused("Consumer key is invalid.");
    };
    let base = format!("{}{path}", app.base_url());
    let signed: Vec<(String, String)> = params.iter().filter(|(k, _)| k != "oauth_signature").cloned().collect();
    if signature(req.method().as_str(), &base, &signed, &secret) != given {
        return refused("Invalid signature - provided signature does not match.");
    }
    if let Ok(v) = HeaderValue::from_str(&key) {
        req.headers_mut().insert(VERIFIED, v);
    }
    next.run(req).await
}

/// The query's parameters as PHP's `$_GET` holds them: a repeated name keeps its last value.
fn url_pairs(query: &str) -> Vec<(String, String)> {
    let Ok(url) = reqwest::Url::parse(&format!("http://q/?{query}")) else { return vec![] };
    let mut out: Vec<(String, String)> = vec![];
    for (k, v) in url.query_pairs() {
        match out.iter_mut().find(|(n, _)| *n == k) {
            Some(slot) => slot.1 = v.into_owned(),
            None => out.push((k.into_owned(), v.into_owned())),
        }
    }
    out
}
