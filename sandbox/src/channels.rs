//! Sales-channel authorisation: TikTok Shop (its own app-key flow), Meta
//! business login (Graph API) and Google Merchant Center (Google OAuth2 +
//! Content API). The seller auto-consents, like the identity providers, and
//! every seller/business/warehouse is derived from (seed, channel) so the
//! same seed always connects the same accounts.
use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::util::{bearer, body_params, found, hash_str, header, json_error, with_query};
use crate::{AppState, creds};

const CODE_TTL_MS: i64 = 10 * 60 * 1000;
const TOKEN_TTL_S: i64 = 7 * 86_400;

struct Code {
    channel: &'static str,
    client_id: String,
    redirect_uri: String,
    expires_ms: i64,
}

#[derive(Default)]
pub struct ChannelState {
    codes: HashMap<String, Code>,
    /// access token → (channel, expiry ms); refresh token → channel.
    tokens: HashMap<String, (&'static str, i64)>,
    refresh: HashMap<String, &'static str>,
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/channels/tiktok/oauth/authorize", get(tiktok_authorize))
        .route("/channels/tiktok/api/v2/token/get", get(tiktok_token).post(tiktok_token))
        .route("/channels/tiktok/api/v2/token/refresh", get(tiktok_token).post(tiktok_token))
        .route("/channels/tiktok/api/logistics/warehouses", get(tiktok_warehouses))
        .route("/channels/tiktok/api/logistics/202309/warehouses", get(tiktok_warehouses))
        .route("/channels/facebook/dialog/oauth", get(fb_authorize))
        .route("/channels/facebook/{version}/dialog/oauth", get(fb_authorize))
        .route("/channels/facebook/{version}/oauth/access_token", get(fb_token).post(fb_token))
        .route("/channels/facebook/{version}/me/businesses", get(fb_businesses))
        .route("/channels/facebook/{version}/{business}/owned_product_catalogs", get(fb_catalogs))
        .route("/channels/google-merchant/o/oauth2/v2/auth", get(gmc_authorize))
        .route("/channels/google-merchant/token", axum::routing::post(gmc_token))
        .route("/channels/google-merchant/content/v2.1/accounts/authinfo", get(gmc_authinfo))
        .merge(crate::channel_products::routes())
}

/// Query and body (form or JSON) merged: TikTok takes either.
fn all_params(q: HashMap<String, String>, headers: &HeaderMap, body: &Bytes) -> HashMap<String, String> {
    let mut out = q;
    if let Value::Object(m) = body_params(headers, body) {
        for (k, v) in m {
            out.entry(k).or_insert_with(|| v.as_str().map(String::from).unwrap_or_else(|| v.to_string()));
        }
    }
    out
}

/// Stable number for (seed, channel, what), `digits` long.
fn num(app: &AppState, channel: &str, what: &str, digits: u32) -> String {
    let h = hash_str(app.world().seed, &format!("{channel}:{what}"));
    format!("{}{:0w$}", 7, h % 10u64.pow(digits - 1), w = (digits - 1) as usize)
}

fn authorize(app: &AppState, channel: &'static str, q: &HashMap<String, String>, client_key: &str, extra: Vec<(&str, String)>) -> Response {
    let (Some(client_id), Some(redirect_uri)) = (q.get(client_key), q.get("redirect_uri")) else {
        return (StatusCode::BAD_REQUEST, format!("invalid_request: {client_key} and redirect_uri are required")).into_response();
    };
    let w = app.world();
    let code = w.token(match channel {
        "tiktok" => "ROW_",
        "facebook" => "AQ",
        _ => "4/0A",
    });
    let grant = Code { channel, client_id: client_id.clone(), redirect_uri: redirect_uri.clone(), expires_ms: w.clock.now_ms() + CODE_TTL_MS };
    w.channels.write().expect("channels lock").codes.insert(code.clone(), grant);
    let mut pairs = vec![("code", code), ("state", q.get("state").cloned().unwrap_or_default())];
    pairs.extend(extra);
    found(&with_query(redirect_uri, &pairs))
}

/// Burn the code (single use, even when the exchange fails) and check it.
fn redeem(app: &AppState, channel: &str, code: &str, client_id: Option<&String>, redirect_uri: Option<&String>) -> Result<(), &'static str> {
    let w = app.world();
    let grant = w.channels.write().expect("channels lock").codes.remove(code).ok_or("invalid or used code")?;
    if grant.channel != channel || grant.expires_ms < w.clock.now_ms() {
        return Err("code expired or issued to another channel");
    }
    if client_id != Some(&grant.client_id) {
        return Err("client id does not match the code");
    }
    // TikTok's token call carries no redirect_uri; the OAuth2 ones must repeat it.
    if redirect_uri.is_some_and(|r| *r != grant.redirect_uri) {
        return Err("redirect_uri does not match");
    }
    Ok(())
}

fn issue(app: &AppState, channel: &'static str, prefix: &str) -> (String, String) {
    let w = app.world();
    let (access, refresh) = (w.token(prefix), w.token(&format!("{prefix}R")));
    let mut c = w.channels.write().expect("channels lock");
    c.tokens.insert(access.clone(), (channel, w.clock.now_ms() + TOKEN_TTL_S * 1000));
    c.refresh.insert(refresh.clone(), channel);
    (access, refresh)
}

pub(crate) fn valid(app: &AppState, channel: &str, token: Option<String>) -> bool {
    let w = app.world();
    let c = w.channels.read().expect("channels lock");
    token.and_then(|t| c.tokens.get(&t).copied()).is_some_and(|(ch, exp)| ch == channel && exp > w.clock.now_ms())
}

// The accounts a connect grants, derived from the seed; the product endpoints
// (`channel_products`) accept only these.

/// The seller every TikTok authorisation connects.
pub(crate) fn tiktok_open_id(app: &AppState) -> String {
    format!("sandbox-{}", num(app, "tiktok", "open_id", 12))
}

/// The seller's warehouses: 0 is the default one, 1 the returns one.
pub(crate) fn tiktok_warehouse_id(app: &AppState, i: usize) -> String {
    num(app, "tiktok", &format!("wh{i}"), 19)
}

/// Catalog `i` (0 or 1) of a business.
pub(crate) fn catalog_id(app: &AppState, business: &str, i: usize) -> String {
    num(app, "facebook", &format!("{business}:cat{i}"), 16)
}

/// The one Merchant Center account behind every Google authorisation.
pub(crate) fn merchant_id(app: &AppState) -> String {
    num(app, "google-merchant", "merchant", 10)
}

// ---- TikTok Shop -------------------------------------------------------

fn tts(code: i64, message: &str, data: Value) -> Response {
    Json(json!({"code": code, "message": message, "data": data, "request_id": "SANDBOX"})).into_response()
}

async fn tiktok_authorize(State(app): State<AppState>, Query(q): Query<HashMap<String, String>>) -> Response {
    authorize(&app, "tiktok", &q, "app_key", vec![])
}

/// Both `token/get` (grant_type=authorized_code) and `token/refresh` (grant_type=refresh_token).
async fn tiktok_token(State(app): State<AppState>, Query(q): Query<HashMap<String, String>>, headers: HeaderMap, body: Bytes) -> Response {
    let p = all_params(q, &headers, &body);
    if p.get("app_secret").map(String::as_str) != Some(creds::TIKTOK_APP_SECRET) {
        return tts(36004003, "invalid app_key or app_secret", json!({}));
    }
    match p.get("grant_type").map(String::as_str) {
        Some("authorized_code") => {
            if let Err(e) = redeem(&app, "tiktok", p.get("auth_code").map(String::as_str).unwrap_or(""), p.get("app_key"), None) {
                return tts(36004004, &format!("invalid auth_code: {e}"), json!({}));
            }
        }
        Some("refresh_token") => {
            let ok =
                app.world().channels.read().expect("channels lock").refresh.get(p.get("refresh_token").map(String::as_str).unwrap_or("")) == Some(&"tiktok");
            if !ok {
                return tts(36004005, "invalid refresh_token", json!({}));
            }
        }
        _ => return tts(36004002, "grant_type must be authorized_code or refresh_token", json!({})),
    }
    let (access, refresh) = issue(&app, "tiktok", "TTP_");
    let now = app.world().clock.now_secs();
    tts(
        0,
        "success",
        json!({
            "access_token": access, "access_token_expire_in": now + TOKEN_TTL_S, "refresh_token": refresh,
            "refresh_token_expire_in": now + 365 * 86_400, "open_id": tiktok_open_id(&app),
            "seller_name": "Sandbox Seller Shop", "seller_base_region": "US", "user_type": 0,
            "granted_scopes": ["seller.logistics", "seller.product.basic", "seller.order.info", "seller.fulfillment.basic"],
        }),
    )
}

async fn tiktok_warehouses(State(app): State<AppState>, headers: HeaderMap) -> Response {
    if !valid(&app, "tiktok", header(&headers, "x-tts-access-token")) {
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({"code": 105002, "message": "Expired credentials or invalid access token", "data": {}, "request_id": "SANDBOX"})),
        )
            .into_response();
    }
    let wh = |i: usize, name: &str, sub: &str, city: &str, state: &str, zip: &str| {
        json!({
            "id": tiktok_warehouse_id(&app, i), "name": name, "effect_status": "ENABLED", "type": "SALES_WAREHOUSE",
            "sub_type": sub, "is_default": i == 0,
            "address": {"region_code": "US", "state": state, "city": city, "postal_code": zip, "address_line1": format!("{} Commerce Way", 100 + i),
                        "contact_person": "Sandbox Ops", "phone_number": "+1 5550100"},
        })
    };
    tts(
        0,
        "Success",
        json!({"warehouses": [
            wh(0, "Sandbox Main Warehouse", "DOMESTIC_WAREHOUSE", "Los Angeles", "California", "90001"),
            wh(1, "Sandbox East Returns", "DOMESTIC_WAREHOUSE", "Newark", "New Jersey", "07102"),
        ]}),
    )
}

// ---- Meta (Facebook) business login -------------------------------------

fn graph_error(message: &str, code: i64) -> Response {
    json_error(StatusCode::BAD_REQUEST, json!({"error": {"message": message, "type": "OAuthException", "code": code, "fbtrace_id": "SANDBOX"}}))
}

async fn fb_authorize(State(app): State<AppState>, Query(q): Query<HashMap<String, String>>) -> Response {
    authorize(&app, "facebook", &q, "client_id", vec![])
}

async fn fb_token(State(app): State<AppState>, Query(q): Query<HashMap<String, String>>, headers: HeaderMap, body: Bytes) -> Response {
    let p = all_params(q, &headers, &body);
    if p.get("client_secret").map(String::as_str) != Some(creds::OAUTH_CLIENT_SECRET) {
        return graph_error("Error validating client secret.", 1);
    }
    if let Err(e) = redeem(&app, "facebook", p.get("code").map(String::as_str).unwrap_or(""), p.get("client_id"), p.get("redirect_uri")) {
        return graph_error(&format!("Error validating verification code: {e}"), 100);
    }
    let (access, _) = issue(&app, "facebook", "EAAB");
    Json(json!({"access_token": access, "token_type": "bearer", "expires_in": TOKEN_TTL_S})).into_response()
}

fn fb_ok(app: &AppState, headers: &HeaderMap, q: &HashMap<String, String>) -> bool {
    valid(app, "facebook", bearer(headers).or_else(|| q.get("access_token").cloned()))
}

pub(crate) fn businesses(app: &AppState) -> Vec<Value> {
    [("Sandbox Dropline Co", "verified"), ("Sandbox Outlet", "not_verified")]
        .iter()
        .enumerate()
        .map(|(i, (name, v))| json!({"id": num(app, "facebook", &format!("biz{i}"), 15), "name": name, "verification_status": v}))
        .collect()
}

async fn fb_businesses(State(app): State<AppState>, headers: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if !fb_ok(&app, &headers, &q) {
        return graph_error("Invalid OAuth access token - Cannot parse access token", 190);
    }
    Json(json!({"data": businesses(&app), "paging": {"cursors": {"before": "QVFI", "after": "QVFJ"}}})).into_response()
}

async fn fb_catalogs(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path((_v, business)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if !fb_ok(&app, &headers, &q) {
        return graph_error("Invalid OAuth access token - Cannot parse access token", 190);
    }
    if !businesses(&app).iter().any(|b| b["id"] == business.as_str()) {
        return graph_error(&format!("Unsupported get request. Object with ID '{business}' does not exist"), 100);
    }
    let data: Vec<Value> = (0..2)
        .map(|i| {
            json!({
                "id": catalog_id(&app, &business, i), "name": format!("Sandbox Catalog {}", i + 1),
                "product_count": if i == 0 { 12 } else { 0 }, "vertical": "commerce",
            })
        })
        .collect();
    Json(json!({"data": data, "paging": {"cursors": {"before": "QVFI", "after": "QVFJ"}}})).into_response()
}

// ---- Google Merchant Center ---------------------------------------------

async fn gmc_authorize(State(app): State<AppState>, Query(q): Query<HashMap<String, String>>) -> Response {
    let scope = q.get("scope").cloned().unwrap_or_else(|| "https://www.googleapis.com/auth/content".into());
    authorize(&app, "google-merchant", &q, "client_id", vec![("scope", scope)])
}

async fn gmc_token(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let p = all_params(HashMap::new(), &headers, &body);
    let err = |s: StatusCode, e: &str, d: &str| json_error(s, json!({"error": e, "error_description": d}));
    if p.get("client_secret").map(String::as_str) != Some(creds::OAUTH_CLIENT_SECRET) {
        return err(StatusCode::UNAUTHORIZED, "invalid_client", "Unauthorized");
    }
    match p.get("grant_type").map(String::as_str) {
        Some("authorization_code") => {
            if let Err(e) = redeem(&app, "google-merchant", p.get("code").map(String::as_str).unwrap_or(""), p.get("client_id"), p.get("redirect_uri")) {
                return err(StatusCode::BAD_REQUEST, "invalid_grant", e);
            }
        }
        Some("refresh_token") => {
            let ok = app.world().channels.read().expect("channels lock").refresh.get(p.get("refresh_token").map(String::as_str).unwrap_or(""))
                == Some(&"google-merchant");
            if !ok {
                return err(StatusCode::BAD_REQUEST, "invalid_grant", "Token has been expired or revoked.");
            }
        }
        _ => return err(StatusCode::BAD_REQUEST, "unsupported_grant_type", "Invalid grant_type"),
    }
    let (access, refresh) = issue(&app, "google-merchant", "ya29.a0");
    Json(json!({"access_token": access, "expires_in": 3599, "refresh_token": refresh, "token_type": "Bearer",
                "scope": "https://www.googleapis.com/auth/content"}))
    .into_response()
}

async fn gmc_authinfo(State(app): State<AppState>, headers: HeaderMap) -> Response {
    if !valid(&app, "google-merchant", bearer(&headers)) {
        return json_error(
            StatusCode::UNAUTHORIZED,
            json!({"error": {"code": 401, "status": "UNAUTHENTICATED",
            "message": "Request had invalid authentication credentials. Expected OAuth 2 access token."}}),
        );
    }
    Json(json!({"kind": "content#accountsAuthInfoResponse",
                "accountIdentifiers": [{"merchantId": merchant_id(&app)}]}))
    .into_response()
}
