//! Shopify OAuth authorization-code grant, as an app installs on a shop.
//! The merchant auto-approves: authorize redirects straight back with the
//! same signed parameters Shopify sends (code, hmac, host, shop, state, timestamp).
use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::model::{InstallCode, normalize_shop};
use super::{shop_from_headers, with_shop};
use crate::util::{b64, enc, hmac_hex, json_error};
use crate::{AppState, creds};

/// Shopify signs the query string itself: the parameters other than `hmac`, sorted by name and
/// form-encoded as they travel (`host`'s base64 `=` as `%3D`, a space as `%20`), joined with `&`.
/// `@shopify/shopify-api`'s `validateHmac` checks exactly this.
pub fn sign_params(params: &[(&str, String)]) -> String {
    let mut p: Vec<&(&str, String)> = params.iter().filter(|(k, _)| *k != "hmac" && *k != "signature").collect();
    p.sort_by(|a, b| a.0.cmp(b.0));
    let mut url = reqwest::Url::parse("http://sign/").expect("a fixed url parses");
    url.query_pairs_mut().extend_pairs(p.iter().map(|(k, v)| (*k, v.as_str())));
    let msg = url.query().unwrap_or("").replace('+', "%20");
    hmac_hex(creds::SHOPIFY_APP_SECRET, &msg)
}

pub async fn authorize_prefixed(app: State<AppState>, Path(shop): Path<String>, q: Query<HashMap<String, String>>) -> Response {
    authorize(app, normalize_shop(&shop), q).await
}

pub async fn authorize_host(app: State<AppState>, headers: HeaderMap, q: Query<HashMap<String, String>>) -> Response {
    match shop_from_headers(&headers, q.get("shop").map(String::as_str)) {
        Some(shop) => authorize(app, shop, q).await,
        None => (StatusCode::BAD_REQUEST, "unknown shop: use /shops/{shop}/admin/oauth/authorize or X-Shop-Domain").into_response(),
    }
}

async fn authorize(State(app): State<AppState>, shop: String, Query(q): Query<HashMap<String, String>>) -> Response {
    let (Some(client_id), Some(redirect_uri)) = (q.get("client_id"), q.get("redirect_uri")) else {
        return (StatusCode::BAD_REQUEST, "Oauth error invalid_request: The redirect_uri and client_id are required").into_response();
    };
    let w = app.world();
    let scope = q.get("scope").cloned().unwrap_or_default();
    let code = w.token("");
    let now = w.clock.now_ms();
    with_shop(&w, &shop, |_| ());
    w.shopify
        .write()
        .expect("shopify lock")
        .codes
        .insert(code.clone(), InstallCode { shop: shop.clone(), client_id: client_id.clone(), scope, expires_ms: now + 10 * 60 * 1000 });
    let shop_name = shop.trim_end_matches(".myshopify.com");
    let host = b64(format!("admin.shopify.com/store/{shop_name}").as_bytes());
    let mut params = vec![
        ("code", code),
        ("host", host),
        ("shop", shop.clone()),
        ("state", q.get("state").cloned().unwrap_or_default()),
        ("timestamp", (now / 1000).to_string()),
    ];
    let hmac = sign_params(&params);
    params.insert(1, ("hmac", hmac));
    let query: Vec<String> = params.iter().map(|(k, v)| format!("{k}={}", enc(v))).collect();
    let sep = if redirect_uri.contains('?') { '&' } else { '?' };
    tracing::info!(%shop, "shopify: app install approved");
    crate::util::found(&format!("{redirect_uri}{sep}{}", query.join("&")))
}

#[derive(serde::Deserialize)]
pub struct TokenRequest {
    client_id: String,
    client_secret: String,
    code: String,
}

pub async fn access_token_prefixed(app: State<AppState>, Path(shop): Path<String>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    access_token(app, normalize_shop(&shop), headers, body).await
}

pub async fn access_token_host(app: State<AppState>, headers: HeaderMap, Query(q): Query<HashMap<String, String>>, body: axum::body::Bytes) -> Response {
    match shop_from_headers(&headers, q.get("shop").map(String::as_str)) {
        Some(shop) => access_token(app, shop, headers, body).await,
        None => (StatusCode::BAD_REQUEST, "unknown shop").into_response(),
    }
}

/// Accepts JSON or form bodies, as Shopify does.
async fn access_token(State(app): State<AppState>, shop: String, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    let is_json = headers.get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|c| c.contains("json"));
    let req: Option<TokenRequest> = if is_json { serde_json::from_slice(&body).ok() } else { serde_urlencoded_parse(&body) };
    let Some(req) = req else {
        return json_error(StatusCode::BAD_REQUEST, json!({"error": "invalid_request", "error_description": "client_id, client_secret and code are required"}));
    };
    if req.client_secret != creds::SHOPIFY_APP_SECRET {
        return json_error(StatusCode::BAD_REQUEST, json!({"error": "invalid_client", "error_description": "Client credentials are invalid"}));
    }
    let w = app.world();
    let grant = w.shopify.write().expect("shopify lock").codes.remove(&req.code);
    let Some(g) = grant.filter(|g| g.shop == shop && g.client_id == req.client_id && g.expires_ms > w.clock.now_ms()) else {
        return json_error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_request", "error_description": "The authorization code was not found or was already used"}),
        );
    };
    let token = w.token("shpat_");
    issue_token(&app, &shop, &token, &g.scope);
    Json(json!({"access_token": token, "scope": g.scope})).into_response()
}

/// Records an offline token and marks the app installed (also used by the control API).
pub fn issue_token(app: &AppState, shop: &str, token: &str, scope: &str) {
    let w = app.world();
    with_shop(&w, shop, |s| {
        s.installed = true;
        s.scope = scope.to_string();
    });
    w.shopify.write().expect("shopify lock").tokens.insert(token.to_string(), shop.to_string());
}

fn serde_urlencoded_parse(body: &[u8]) -> Option<TokenRequest> {
    let pairs: HashMap<String, String> =
        axum::extract::Query::<HashMap<String, String>>::try_from_uri(&format!("/?{}", String::from_utf8_lossy(body)).parse().ok()?).ok()?.0;
    Some(TokenRequest { client_id: pairs.get("client_id")?.clone(), client_secret: pairs.get("client_secret")?.clone(), code: pairs.get("code")?.clone() })
}
