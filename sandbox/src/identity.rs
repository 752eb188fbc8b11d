//! OAuth2 identity providers (Google- and Facebook-style). The sandbox user
//! auto-consents: `authorize` redirects straight back with a code, so the
//! product's real redirect/callback flow runs without a browser.
use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Form, Json, Router};
use base64::Engine;
use serde_json::{Value, json};

use crate::util::{bearer, hash_str, hmac_sha256, json_error, with_query};
use crate::{AppState, creds};

const CODE_TTL_MS: i64 = 10 * 60 * 1000;
const TOKEN_TTL_S: i64 = 3599;

#[derive(Clone, Debug)]
pub struct User {
    pub provider: String,
    pub id: String,
    pub email: String,
    pub given: String,
    pub family: String,
}

struct Grant {
    user: User,
    client_id: String,
    redirect_uri: String,
    nonce: Option<String>,
    scope: String,
    expires_ms: i64,
}

#[derive(Default)]
pub struct IdentityState {
    codes: HashMap<String, Grant>,
    tokens: HashMap<String, (User, i64)>,
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/oauth/{provider}/authorize", get(authorize))
        .route("/oauth/{provider}/token", get(token_get).post(token_post))
        .route("/oauth/google/userinfo", get(google_userinfo))
        .route("/oauth/facebook/me", get(facebook_me))
        .route("/oauth/google/.well-known/openid-configuration", get(discovery))
}

fn known(provider: &str) -> bool {
    matches!(provider, "google" | "facebook")
}

/// Deterministic test user: from `login_hint`, or one picked by the seed.
fn user_for(seed: u64, provider: &str, hint: Option<&str>) -> User {
    const NAMES: [(&str, &str); 6] = [("alex", "morgan"), ("sam", "rivera"), ("jordan", "lee"), ("casey", "nguyen"), ("riley", "patel"), ("taylor", "kim")];
    let email = match hint.filter(|h| h.contains('@')) {
        Some(h) => h.to_lowercase(),
        None => {
            let (g, f) = NAMES[(seed % NAMES.len() as u64) as usize];
            format!("{g}.{f}@example.com")
        }
    };
    let local = email.split('@').next().unwrap_or("user");
    let mut parts = local.split(['.', '_', '+']).filter(|s| !s.is_empty());
    let cap = |s: &str| {
        let mut c = s.chars();
        c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
    };
    let given = cap(parts.next().unwrap_or("Test"));
    let family = cap(parts.next().unwrap_or("User"));
    // Google subs are ~21 digits, Facebook app-scoped ids ~16: keep the shapes.
    let h = hash_str(0, &format!("{provider}:{email}"));
    let id = if provider == "google" { format!("1{:020}", h % 10u64.pow(19)) } else { format!("{:016}", h % 10u64.pow(16)) };
    User { provider: provider.to_string(), id, email, given, family }
}

async fn authorize(State(app): State<AppState>, Path(provider): Path<String>, Query(q): Query<HashMap<String, String>>) -> Response {
    if !known(&provider) {
        return (StatusCode::NOT_FOUND, "unknown identity provider").into_response();
    }
    let (Some(client_id), Some(redirect_uri)) = (q.get("client_id"), q.get("redirect_uri")) else {
        return (StatusCode::BAD_REQUEST, "Error 400: invalid_request (client_id and redirect_uri are required)").into_response();
    };
    let state = q.get("state").cloned().unwrap_or_default();
    if q.get("response_type").map(String::as_str).unwrap_or("code") != "code" {
        let url = with_query(redirect_uri, &[("error", "unsupported_response_type".into()), ("state", state)]);
        return crate::util::found(&url);
    }
    let w = app.world();
    let user = user_for(w.seed, &provider, q.get("login_hint").map(String::as_str));
    let code = w.token(if provider == "google" { "4/0A" } else { "AQ" });
    let grant = Grant {
        user,
        client_id: client_id.clone(),
        redirect_uri: redirect_uri.clone(),
        nonce: q.get("nonce").cloned(),
        scope: q.get("scope").cloned().unwrap_or_else(|| "openid email profile".into()),
        expires_ms: w.clock.now_ms() + CODE_TTL_MS,
    };
    tracing::info!(%provider, email = %grant.user.email, "identity: auto-consent");
    w.identity.write().expect("identity lock").codes.insert(code.clone(), grant);
    let mut pairs = vec![("code", code), ("state", state)];
    if provider == "google" {
        pairs.push(("scope", q.get("scope").cloned().unwrap_or_default()));
    }
    crate::util::found(&with_query(redirect_uri, &pairs))
}

fn oauth_error(status: StatusCode, error: &str, desc: &str) -> Response {
    json_error(status, json!({"error": error, "error_description": desc}))
}

async fn token_post(app: State<AppState>, provider: Path<String>, headers: HeaderMap, Form(f): Form<HashMap<String, String>>) -> Response {
    exchange(app, provider, headers, f).await
}

/// Facebook's Graph API also exchanges codes with GET query parameters.
async fn token_get(app: State<AppState>, provider: Path<String>, headers: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    exchange(app, provider, headers, q).await
}

async fn exchange(State(app): State<AppState>, Path(provider): Path<String>, headers: HeaderMap, mut f: HashMap<String, String>) -> Response {
    if !known(&provider) {
        return oauth_error(StatusCode::NOT_FOUND, "invalid_request", "unknown provider");
    }
    // client_secret_basic as well as client_secret_post.
    if let Some((id, secret)) = basic_auth(&headers) {
        f.entry("client_id".into()).or_insert(id);
        f.entry("client_secret".into()).or_insert(secret);
    }
    if f.get("grant_type").map(String::as_str).unwrap_or("authorization_code") != "authorization_code" {
        return oauth_error(StatusCode::BAD_REQUEST, "unsupported_grant_type", "Only authorization_code is supported");
    }
    if f.get("client_secret").map(String::as_str) != Some(creds::OAUTH_CLIENT_SECRET) {
        return oauth_error(StatusCode::UNAUTHORIZED, "invalid_client", "Unauthorized");
    }
    let w = app.world();
    let code = f.get("code").cloned().unwrap_or_default();
    // Codes are single-use: removed before any check so a failed try burns it too.
    let grant = w.identity.write().expect("identity lock").codes.remove(&code);
    let Some(g) = grant else {
        return oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "Malformed auth code.");
    };
    if g.expires_ms < w.clock.now_ms() {
        return oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "Code expired.");
    }
    if f.get("redirect_uri") != Some(&g.redirect_uri) {
        return oauth_error(StatusCode::BAD_REQUEST, "redirect_uri_mismatch", "Bad Request");
    }
    if f.get("client_id") != Some(&g.client_id) {
        return oauth_error(StatusCode::UNAUTHORIZED, "invalid_client", "The OAuth client was not found.");
    }
    let access = w.token(if provider == "google" { "ya29.a0" } else { "EAAG" });
    let exp = w.clock.now_ms() + TOKEN_TTL_S * 1000;
    w.identity.write().expect("identity lock").tokens.insert(access.clone(), (g.user.clone(), exp));
    let mut body = json!({"access_token": access, "token_type": "Bearer", "expires_in": TOKEN_TTL_S});
    if provider == "google" {
        body["scope"] = json!(g.scope);
        if g.scope.split(' ').any(|s| s == "openid") {
            body["id_token"] = json!(id_token(&app.base_url(), &g, w.clock.now_secs()));
        }
    }
    Json(body).into_response()
}

fn basic_auth(headers: &HeaderMap) -> Option<(String, String)> {
    let v = headers.get("authorization")?.to_str().ok()?.strip_prefix("Basic ")?;
    let raw = String::from_utf8(crate::util::b64_decode(v.trim())?).ok()?;
    let (a, b) = raw.split_once(':')?;
    Some((a.to_string(), b.to_string()))
}

/// OpenID id_token, HS256-signed with the client secret (allowed by OIDC for
/// confidential clients; real Google uses RS256 — the product should not rely
/// on the signature but on the userinfo call or its own verification switch).
fn id_token(base: &str, g: &Grant, now: i64) -> String {
    let u = &g.user;
    let enc = |v: &Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
    let header = enc(&json!({"alg": "HS256", "typ": "JWT"}));
    let mut claims = json!({
        "iss": format!("{base}/oauth/google"), "aud": g.client_id, "azp": g.client_id, "sub": u.id,
        "email": u.email, "email_verified": true, "name": format!("{} {}", u.given, u.family),
        "given_name": u.given, "family_name": u.family, "iat": now, "exp": now + TOKEN_TTL_S,
    });
    if let Some(n) = &g.nonce {
        claims["nonce"] = json!(n);
    }
    let signing = format!("{header}.{}", enc(&claims));
    let sig = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(hmac_sha256(creds::OAUTH_CLIENT_SECRET.as_bytes(), signing.as_bytes()));
    format!("{signing}.{sig}")
}

fn user_from_token(app: &AppState, provider: &str, headers: &HeaderMap, q: &HashMap<String, String>) -> Option<User> {
    let token = bearer(headers).or_else(|| q.get("access_token").cloned())?;
    let w = app.world();
    let ident = w.identity.read().expect("identity lock");
    let (u, exp) = ident.tokens.get(&token)?;
    (u.provider == provider && *exp > w.clock.now_ms()).then(|| u.clone())
}

fn picture(base: &str, u: &User) -> String {
    format!("{base}/img/avatar-{}.png", u.id)
}

async fn google_userinfo(State(app): State<AppState>, headers: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    let Some(u) = user_from_token(&app, "google", &headers, &q) else {
        return json_error(StatusCode::UNAUTHORIZED, json!({"error": "invalid_request", "error_description": "Invalid Credentials"}));
    };
    Json(json!({
        "sub": u.id, "email": u.email, "email_verified": true, "name": format!("{} {}", u.given, u.family),
        "given_name": u.given, "family_name": u.family, "picture": picture(&app.base_url(), &u), "locale": "en",
    }))
    .into_response()
}

async fn facebook_me(State(app): State<AppState>, headers: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    let Some(u) = user_from_token(&app, "facebook", &headers, &q) else {
        return json_error(
            StatusCode::UNAUTHORIZED,
            json!({"error": {
            "message": "Invalid OAuth access token - Cannot parse access token", "type": "OAuthException", "code": 190, "fbtrace_id": "SANDBOX"}}),
        );
    };
    let full = json!({
        "id": u.id, "name": format!("{} {}", u.given, u.family), "email": u.email,
        "first_name": u.given, "last_name": u.family,
        "picture": {"data": {"height": 50, "width": 50, "is_silhouette": false, "url": picture(&app.base_url(), &u)}},
    });
    // Graph API returns only the requested fields (default: id,name).
    let fields = q.get("fields").cloned().unwrap_or_else(|| "id,name".into());
    let mut out = serde_json::Map::new();
    for f in fields.split(',').map(str::trim) {
        let key = f.split(['{', '.']).next().unwrap_or(f);
        if let Some(v) = full.get(key) {
            out.insert(key.to_string(), v.clone());
        }
    }
    out.insert("id".into(), json!(u.id));
    Json(Value::Object(out)).into_response()
}

async fn discovery(State(app): State<AppState>) -> Json<Value> {
    let b = format!("{}/oauth/google", app.base_url());
    Json(json!({
        "issuer": b, "authorization_endpoint": format!("{b}/authorize"), "token_endpoint": format!("{b}/token"),
        "userinfo_endpoint": format!("{b}/userinfo"), "response_types_supported": ["code"],
        "subject_types_supported": ["public"], "id_token_signing_alg_values_supported": ["HS256"],
        "scopes_supported": ["openid", "email", "profile"],
    }))
}
