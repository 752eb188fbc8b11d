//! Embedded apps: the session token App Bridge hands an app inside the admin, the admin page
//! that frames the app, and a stand-in for App Bridge's script (README, "Embedded apps").
//! A session token is an HS256 JWT signed with the app secret, living one minute:
//! <https://shopify.dev/docs/apps/build/authentication-authorization/session-tokens>.
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;

use super::model::normalize_shop;
use crate::util::{b64, hmac_sha256};
use crate::{AppState, creds};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// Shopify's session tokens expire a minute after they are issued.
const LIFETIME_SECS: i64 = 60;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/_sandbox/shopify/{shop}/session-token", post(mint_route))
        .route("/_sandbox/shopify/admin/{shop}/apps/{app}", get(admin_page))
        .route("/_sandbox/shopify/app-bridge.js", get(app_bridge_js))
}

fn b64url(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A session token for a user of `shop`'s admin with the app `client_id` open.
pub fn mint(app: &AppState, shop: &str, client_id: &str, sub: &str, ttl_secs: i64) -> String {
    let w = app.world();
    let now = w.clock.now_secs();
    let claims = json!({
        "iss": format!("https://{shop}/admin"), "dest": format!("https://{shop}"), "aud": client_id, "sub": sub,
        "exp": now + ttl_secs, "nbf": now, "iat": now, "jti": w.token(""), "sid": w.token(""),
    });
    let signed = format!("{}.{}", b64url(json!({"alg": "HS256", "typ": "JWT"}).to_string().as_bytes()), b64url(claims.to_string().as_bytes()));
    format!("{signed}.{}", b64url(&hmac_sha256(creds::SHOPIFY_APP_SECRET.as_bytes(), signed.as_bytes())))
}

/// What Shopify checks of a token-exchange subject token: signed with the app secret, issued
/// to the app asking (`aud`), within `nbf`..`exp` (no leeway here: the sandbox is never more
/// lenient than Shopify), for the shop the exchange is addressed to.
pub fn verify(app: &AppState, token: &str, client_id: &str, shop: &str) -> Result<(), &'static str> {
    let parts: Vec<&str> = token.split('.').collect();
    let [header, payload, signature] = parts[..] else { return Err("The subject token is not a JWT") };
    let decode = |s: &str| URL_SAFE_NO_PAD.decode(s).ok();
    let header: Value = decode(header).and_then(|b| serde_json::from_slice(&b).ok()).ok_or("The subject token is not a JWT")?;
    if header["alg"] != "HS256" {
        return Err("The subject token is not signed with HS256");
    }
    let expected = hmac_sha256(creds::SHOPIFY_APP_SECRET.as_bytes(), format!("{}.{payload}", parts[0]).as_bytes());
    if decode(signature).as_deref() != Some(expected.as_slice()) {
        return Err("The subject token signature is invalid");
    }
    let claims: Value = decode(payload).and_then(|b| serde_json::from_slice(&b).ok()).ok_or("The subject token is not a JWT")?;
    if claims["aud"].as_str() != Some(client_id) {
        return Err("The subject token was issued to another app");
    }
    let now = app.world().clock.now_secs();
    match (claims["nbf"].as_i64(), claims["exp"].as_i64()) {
        (Some(nbf), Some(exp)) if nbf <= now && now < exp => {}
        _ => return Err("The subject token is expired or not yet valid"),
    }
    if claims["dest"].as_str() != Some(&format!("https://{shop}")) || claims["iss"].as_str() != Some(&format!("https://{shop}/admin")) {
        return Err("The subject token was issued for another shop");
    }
    Ok(())
}

#[derive(Deserialize)]
struct MintBody {
    client_id: String,
    sub: Option<String>,
    ttl_secs: Option<i64>,
}

/// Test control: the token App Bridge would hand the app `client_id` in `shop`'s admin.
async fn mint_route(State(app): State<AppState>, Path(shop): Path<String>, Json(b): Json<MintBody>) -> Json<Value> {
    let shop = normalize_shop(&shop);
    let token = mint(&app, &shop, &b.client_id, b.sub.as_deref().unwrap_or("1001"), b.ttl_secs.unwrap_or(LIFETIME_SECS));
    Json(json!({ "session_token": token }))
}

/// The admin with the app open: frames `url` as Shopify frames an embedded app's URL, and
/// answers the framed stand-in App Bridge's id-token requests with fresh session tokens.
async fn admin_page(Path((shop, app_id)): Path<(String, String)>, Query(q): Query<HashMap<String, String>>) -> Response {
    let shop = normalize_shop(&shop);
    let Some(url) = q.get("url").filter(|u| u.starts_with("http://") || u.starts_with("https://")) else {
        return (StatusCode::BAD_REQUEST, "url (the app's address) is required").into_response();
    };
    let host = b64(format!("admin.shopify.com/store/{}", shop.trim_end_matches(".myshopify.com")).as_bytes());
    let sep = if url.contains('?') { '&' } else { '?' };
    let src = format!("{url}{sep}shop={shop}&host={}&embedded=1", crate::util::enc(&host));
    let config = json!({ "shop": shop, "app": app_id, "src": src });
    Html(ADMIN_PAGE.replace("__CONFIG__", &config.to_string().replace('<', "\\u003c"))).into_response()
}

async fn app_bridge_js() -> Response {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], APP_BRIDGE_JS).into_response()
}

const ADMIN_PAGE: &str = r#"<!doctype html>
<html><head><meta charset="utf-8"><title>Shopify admin (sandbox)</title>
<style>body{margin:0;font-family:sans-serif}header{padding:8px 16px;background:#1a1a1a;color:#fff}iframe{border:0;width:100%;height:calc(100vh - 36px)}</style>
</head><body><header id="bar"></header><iframe id="app" title="app"></iframe>
<script>
const config = __CONFIG__;
document.getElementById('bar').textContent = config.shop;
const frame = document.getElementById('app');
frame.src = config.src;
const appOrigin = new URL(config.src).origin;
window.addEventListener('message', async (event) => {
  if (event.origin !== appOrigin || event.source !== frame.contentWindow) return;
  const m = event.data || {};
  if (m.type !== 'sandbox-app-bridge:id-token') return;
  const res = await fetch('/_sandbox/shopify/' + encodeURIComponent(config.shop) + '/session-token', {
    method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({client_id: config.app}),
  });
  const body = await res.json();
  event.source.postMessage({type: 'sandbox-app-bridge:id-token', id: m.id, token: body.session_token}, appOrigin);
});
</script></body></html>"#;

const APP_BRIDGE_JS: &str = r#"// Sandbox stand-in for Shopify App Bridge: window.shopify.idToken() only (sandbox/README.md).
(function () {
  if (window.shopify) return;
  let next = 0;
  const waiting = new Map();
  window.addEventListener('message', (event) => {
    const m = event.data || {};
    if (event.source !== window.parent || m.type !== 'sandbox-app-bridge:id-token' || !waiting.has(m.id)) return;
    waiting.get(m.id)(m.token);
    waiting.delete(m.id);
  });
  const params = new URLSearchParams(window.location.search);
  window.shopify = {
    config: { shop: params.get('shop'), host: params.get('host') },
    idToken() {
      if (window.parent === window) return Promise.reject(new Error('App Bridge: not embedded in the admin'));
      const id = ++next;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        window.parent.postMessage({ type: 'sandbox-app-bridge:id-token', id }, '*');
      });
    },
  };
})();
"#;
