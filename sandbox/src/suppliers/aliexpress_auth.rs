//! AliExpress Open Platform authorisation ("Seller authorization introduction"): the account
//! holder signs in on `GET /aliexpress/oauth/authorize?response_type=code&client_id&redirect_uri
//! [&state][&force_auth][&uuid]` (auto-consent: `302 redirect_uri?code&state`), then the app exchanges
//! the code with the system call `/aliexpress/rest/auth/token/create` and renews with
//! `/aliexpress/rest/auth/token/refresh`. System calls are signed like `/sync` calls, with the
//! API path written in front of the sorted key+value pairs. Tokens lapse on the virtual clock.
use std::collections::{BTreeMap, HashMap};

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde_json::{Value, json};

use crate::util::{found, hash_str, hmac_hex, json_error, with_query};
use crate::{AppState, creds};

const CODE_TTL_MS: i64 = 10 * 60 * 1000;
/// Commercial developers' tokens are renewed monthly (AliExpress FAQ "Access token management").
const ACCESS_TTL_S: i64 = 30 * 86_400;
const REFRESH_TTL_S: i64 = 60 * 86_400;

struct Code {
    buyer: String,
    redirect_uri: String,
    expires_ms: i64,
}

#[derive(Default)]
pub struct AeAuth {
    codes: HashMap<String, Code>,
    /// access token → (buyer, expiry ms).
    tokens: HashMap<String, (String, i64)>,
    /// refresh token → (buyer, expiry ms).
    refresh: HashMap<String, (String, i64)>,
    /// Every token call, for tests: (path, buyer).
    pub calls: Vec<(String, String)>,
    /// Every `aliexpress.ds.order.create` the sandbox accepted: the request and the order id.
    pub created: Vec<Value>,
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/aliexpress/oauth/authorize", get(authorize))
        .route("/aliexpress/rest/auth/token/create", get(create_get).post(create_post))
        .route("/aliexpress/rest/auth/token/refresh", get(refresh_get).post(refresh_post))
        .route("/_sandbox/aliexpress", get(inspect))
        .route("/_sandbox/aliexpress/orders/{id}/pay", post(owner_pays))
}

/// The buyer an access token belongs to, while it is valid.
pub fn buyer_of(app: &AppState, token: &str) -> Option<String> {
    let w = app.world();
    let now = w.clock.now_ms();
    let st = w.suppliers.read().expect("suppliers lock");
    st.ae.tokens.get(token).filter(|(_, exp)| *exp > now).map(|(b, _)| b.clone())
}

fn page_error(message: &str) -> Response {
    (StatusCode::BAD_REQUEST, axum::response::Html(format!("<h1>AliExpress authorization</h1><p>{message}</p>"))).into_response()
}

async fn authorize(State(app): State<AppState>, Query(q): Query<HashMap<String, String>>) -> Response {
    if q.get("response_type").map(String::as_str) != Some("code") {
        return page_error("response_type must be code");
    }
    if q.get("client_id").map(String::as_str) != Some(creds::ALIEXPRESS_APP_KEY) {
        return page_error("The app key (client_id) is not valid");
    }
    let Some(redirect) = q.get("redirect_uri").filter(|r| r.starts_with("http")).cloned() else { return page_error("redirect_uri is required") };
    let w = app.world();
    let n = w.next_id();
    let code = format!("ae-code-{:016x}", hash_str(w.seed, &format!("ae-code-{n}")));
    // One account per `uuid` (the documented optional identity of the one signing in).
    let who = q.get("uuid").map(String::as_str).unwrap_or("default");
    let buyer = format!("{}", 2_000_000_000 + hash_str(w.seed, &format!("ae-buyer-{who}")) % 1_000_000);
    w.suppliers
        .write()
        .expect("suppliers lock")
        .ae
        .codes
        .insert(code.clone(), Code { buyer, redirect_uri: redirect.clone(), expires_ms: w.clock.now_ms() + CODE_TTL_MS });
    let mut pairs = vec![("code", code)];
    if let Some(state) = q.get("state") {
        pairs.push(("state", state.clone()));
    }
    found(&with_query(&redirect, &pairs))
}

/// IOP's answer to a refused system call (HTTP 200, as the gateway answers).
fn refused(code: &str, message: &str) -> Response {
    Json(json!({"type": "ISV", "code": code, "message": message, "request_id": "sandbox"})).into_response()
}

/// The app key and signature of a system call (`path` + sorted key+value pairs).
fn checked(path: &str, q: &HashMap<String, String>) -> Result<(), Response> {
    if q.get("app_key").map(String::as_str) != Some(creds::ALIEXPRESS_APP_KEY) {
        return Err(refused("IncompleteSignature", "Invalid app Key"));
    }
    let sorted: BTreeMap<&String, &String> = q.iter().filter(|(k, _)| *k != "sign").collect();
    let msg: String = std::iter::once(path.to_string()).chain(sorted.iter().map(|(k, v)| format!("{k}{v}"))).collect();
    let expected = hmac_hex(creds::ALIEXPRESS_APP_SECRET, &msg).to_uppercase();
    if q.get("sign_method").map(String::as_str) != Some("sha256") || q.get("sign").map(|s| s.to_uppercase()) != Some(expected) {
        return Err(refused("IncompleteSignature", "The request signature does not conform to platform standards"));
    }
    Ok(())
}

async fn create_get(app: State<AppState>, Query(q): Query<HashMap<String, String>>) -> Response {
    create(app, q)
}

async fn create_post(app: State<AppState>, Query(mut q): Query<HashMap<String, String>>, Form(f): Form<HashMap<String, String>>) -> Response {
    q.extend(f);
    create(app, q)
}

async fn refresh_get(app: State<AppState>, Query(q): Query<HashMap<String, String>>) -> Response {
    refresh(app, q)
}

async fn refresh_post(app: State<AppState>, Query(mut q): Query<HashMap<String, String>>, Form(f): Form<HashMap<String, String>>) -> Response {
    q.extend(f);
    refresh(app, q)
}

fn create(State(app): State<AppState>, q: HashMap<String, String>) -> Response {
    if let Err(e) = checked("/auth/token/create", &q) {
        return e;
    }
    let Some(code) = q.get("code").filter(|c| !c.is_empty()) else {
        return refused("MissingParameter", "The input parameter code that is mandatory for processing this request is not supplied");
    };
    let w = app.world();
    let now = w.clock.now_ms();
    // A code is single-use: a failed exchange burns it too.
    let taken = w.suppliers.write().expect("suppliers lock").ae.codes.remove(code);
    match taken.filter(|c| c.expires_ms > now && !c.redirect_uri.is_empty()) {
        Some(c) => issue(&app, "/auth/token/create", &c.buyer),
        None => refused("InvalidCode", "The authorization code is invalid or expired"),
    }
}

fn refresh(State(app): State<AppState>, q: HashMap<String, String>) -> Response {
    if let Err(e) = checked("/auth/token/refresh", &q) {
        return e;
    }
    let Some(token) = q.get("refresh_token").filter(|c| !c.is_empty()) else {
        return refused("MissingParameter", "The input parameter refresh_token that is mandatory for processing this request is not supplied");
    };
    let w = app.world();
    let now = w.clock.now_ms();
    let buyer = w.suppliers.read().expect("suppliers lock").ae.refresh.get(token).filter(|(_, exp)| *exp > now).map(|(b, _)| b.clone());
    match buyer {
        Some(b) => issue(&app, "/auth/token/refresh", &b),
        None => refused("IllegalRefreshToken", "The specified refresh token is invalid or expired"),
    }
}

fn issue(app: &AppState, path: &str, buyer: &str) -> Response {
    let w = app.world();
    let now = w.clock.now_ms();
    let n = w.next_id();
    let access = format!("ae-at-{:024x}", hash_str(w.seed, &format!("ae-at-{n}")) as u128 * 7919);
    let refresh = format!("ae-rt-{:024x}", hash_str(w.seed, &format!("ae-rt-{n}")) as u128 * 7907);
    let (access_exp, refresh_exp) = (now + ACCESS_TTL_S * 1000, now + REFRESH_TTL_S * 1000);
    {
        let mut st = w.suppliers.write().expect("suppliers lock");
        st.ae.tokens.insert(access.clone(), (buyer.to_string(), access_exp));
        st.ae.refresh.insert(refresh.clone(), (buyer.to_string(), refresh_exp));
        st.ae.calls.push((path.to_string(), buyer.to_string()));
    }
    Json(json!({
        "code": "0", "request_id": "sandbox", "access_token": access, "refresh_token": refresh,
        "expires_in": ACCESS_TTL_S, "refresh_expires_in": REFRESH_TTL_S, "expire_time": access_exp, "refresh_token_valid_time": refresh_exp,
        "user_id": buyer, "seller_id": buyer, "user_nick": format!("ae-buyer-{buyer}"), "account": format!("buyer{buyer}@example.com"),
        "account_platform": "buyerApp", "sp": "ae", "locale": "en_US", "havana_id": buyer,
    }))
    .into_response()
}

/// `GET /_sandbox/aliexpress`: the token calls made and the orders created, for tests.
async fn inspect(State(app): State<AppState>) -> Response {
    let w = app.world();
    let st = w.suppliers.read().expect("suppliers lock");
    let calls: Vec<Value> = st.ae.calls.iter().map(|(p, b)| json!({"path": p, "buyer": b})).collect();
    Json(json!({"token_calls": calls, "created": st.ae.created})).into_response()
}

/// `POST /_sandbox/aliexpress/orders/{id}/pay`: the account holder pays the order on AliExpress.
async fn owner_pays(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let w = app.world();
    let now = w.clock.now_ms();
    let mut st = w.suppliers.write().expect("suppliers lock");
    match st.orders.get_mut(&id).filter(|o| o.source == "aliexpress") {
        Some(o) if o.paid_ms.is_none() && o.cancelled_ms.is_none() => {
            o.paid_ms = Some(now);
            Json(json!({"id": id, "paid": true})).into_response()
        }
        Some(_) => json_error(StatusCode::CONFLICT, json!({"error": "the order is paid or cancelled already"})),
        None => json_error(StatusCode::NOT_FOUND, json!({"error": "no such AliExpress order"})),
    }
}
