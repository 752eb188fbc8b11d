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
use super::session_token;
use super::{shop_from_headers, with_shop};
use crate::util::{b64, body_params, enc, hmac_hex, json_error};
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

pub async fn access_token_prefixed(app: State<AppState>, Path(shop): Path<String>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    access_token(app, normalize_shop(&shop), headers, body).await
}

pub async fn access_token_host(app: State<AppState>, headers: HeaderMap, Query(q): Query<HashMap<String, String>>, body: axum::body::Bytes) -> Response {
    match shop_from_headers(&headers, q.get("shop").map(String::as_str)) {
        Some(shop) => access_token(app, shop, headers, body).await,
        None => (StatusCode::BAD_REQUEST, "unknown shop").into_response(),
    }
}

const TOKEN_EXCHANGE: &str = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN: &str = "urn:ietf:params:oauth:token-type:id_token";
const OFFLINE: &str = "urn:shopify:params:oauth:token-type:offline-access-token";

/// Accepts JSON or form bodies, as Shopify does: the authorization-code grant (no
/// `grant_type`) and the token-exchange grant of embedded apps.
async fn access_token(State(app): State<AppState>, shop: String, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    let p = body_params(&headers, &body);
    let get = |k: &str| p[k].as_str().filter(|v| !v.is_empty());
    let (Some(client_id), Some(client_secret)) = (get("client_id"), get("client_secret")) else {
        return json_error(StatusCode::BAD_REQUEST, json!({"error": "invalid_request", "error_description": "client_id and client_secret are required"}));
    };
    if client_secret != creds::SHOPIFY_APP_SECRET {
        return json_error(StatusCode::BAD_REQUEST, json!({"error": "invalid_client", "error_description": "Client credentials are invalid"}));
    }
    match get("grant_type") {
        None | Some("authorization_code") => code_grant(&app, &shop, client_id, get("code")),
        Some(TOKEN_EXCHANGE) => token_exchange(&app, &shop, client_id, get("subject_token"), get("subject_token_type"), get("requested_token_type")),
        Some(_) => json_error(StatusCode::BAD_REQUEST, json!({"error": "unsupported_grant_type", "error_description": "The grant type is not supported"})),
    }
}

fn code_grant(app: &AppState, shop: &str, client_id: &str, code: Option<&str>) -> Response {
    let w = app.world();
    let grant = code.and_then(|c| w.shopify.write().expect("shopify lock").codes.remove(c));
    let Some(g) = grant.filter(|g| g.shop == shop && g.client_id == client_id && g.expires_ms > w.clock.now_ms()) else {
        return json_error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_request", "error_description": "The authorization code was not found or was already used"}),
        );
    };
    let token = w.token("shpat_");
    issue_token(app, shop, &token, &g.scope);
    Json(json!({"access_token": token, "scope": g.scope})).into_response()
}

/// Only offline tokens are issued here (online ones, per admin user, are not emulated).
fn token_exchange(app: &AppState, shop: &str, client_id: &str, subject: Option<&str>, subject_type: Option<&str>, requested: Option<&str>) -> Response {
    if subject_type != Some(ID_TOKEN) || requested != Some(OFFLINE) {
        return json_error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_request", "error_description": "subject_token_type must be id_token and requested_token_type the offline access token"}),
        );
    }
    if let Err(why) = session_token::verify(app, subject.unwrap_or(""), client_id, shop) {
        return json_error(StatusCode::BAD_REQUEST, json!({"error": "invalid_subject_token", "error_description": why}));
    }
    let w = app.world();
    let scope = w.shopify.read().expect("shopify lock").shops.get(shop).map(|s| s.scope.clone()).filter(|s| !s.is_empty());
    let scope = scope.unwrap_or_else(|| DEFAULT_SCOPE.to_string());
    let token = w.token("shpat_");
    issue_token(app, shop, &token, &scope);
    Json(json!({"access_token": token, "scope": scope})).into_response()
}

/// The scopes a managed install grants: those the app's configuration asks for (Dropline's).
pub const DEFAULT_SCOPE: &str = "read_products,write_products,read_orders,write_orders,write_fulfillments,write_publications,read_locations";

/// Records an offline token and marks the app installed (also used by the control API).
pub fn issue_token(app: &AppState, shop: &str, token: &str, scope: &str) {
    let w = app.world();
    with_shop(&w, shop, |s| {
        s.installed = true;
        s.scope = scope.to_string();
    });
    w.shopify.write().expect("shopify lock").tokens.insert(token.to_string(), shop.to_string());
}
