//! The store owner's AliExpress account, authorised through the Open Platform ("Seller
//! authorization introduction"): the browser goes to `{base}/oauth/authorize` with the app key and
//! Dropline's redirect, AliExpress sends it back with a code, and the system calls
//! `/auth/token/create` (the code) and `/auth/token/refresh` (before the access token lapses) answer
//! the tokens. System calls are signed like `/sync` calls with the API path written first.
use serde_json::Value;
use std::collections::BTreeMap;

use super::aliexpress::sign;
use crate::config::AliExpressSettings;

/// What the token calls answer (expiries in seconds from now).
#[derive(Debug, Clone)]
pub struct Tokens {
    pub access_token: String,
    pub refresh_token: Option<String>,
    pub expires_in: i64,
    pub refresh_expires_in: Option<i64>,
    pub user_id: Option<String>,
    pub account: Option<String>,
}

/// Why a token call failed: AliExpress refused the code or refresh token (the owner signs in
/// again), or it could not be asked.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("AliExpress refused the authorisation ({0})")]
    Refused(String),
    #[error("AliExpress could not be reached: {0}")]
    Unavailable(String),
}

/// The Open Platform's host: `api_url` is its `/sync` address.
fn base(s: &AliExpressSettings) -> &str {
    s.api_url.trim_end_matches('/').trim_end_matches("/sync")
}

pub fn authorize_url(s: &AliExpressSettings, redirect_uri: &str, state: &str) -> String {
    let mut url = url::Url::parse(&format!("{}/oauth/authorize", base(s))).expect("the AliExpress base URL is configuration");
    url.query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("force_auth", "true")
        .append_pair("client_id", &s.app_key)
        .append_pair("redirect_uri", redirect_uri)
        .append_pair("state", state);
    url.into()
}

fn number(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

fn text(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string).or_else(|| v.as_i64().map(|n| n.to_string()))
}

async fn system(http: &reqwest::Client, s: &AliExpressSettings, path: &str, extra: (&str, &str)) -> Result<Tokens, AuthError> {
    let mut params: BTreeMap<String, String> = BTreeMap::new();
    params.insert(extra.0.into(), extra.1.into());
    params.insert("app_key".into(), s.app_key.clone());
    params.insert("sign_method".into(), "sha256".into());
    params.insert("timestamp".into(), chrono::Utc::now().timestamp_millis().to_string());
    // System calls sign the API path followed by the sorted pairs.
    let mut signed = BTreeMap::new();
    signed.insert(String::new(), path.to_string());
    signed.extend(params.clone());
    params.insert("sign".into(), sign(&s.app_secret, &signed));
    let url = format!("{}/rest{path}", base(s));
    let res = http.post(&url).form(&params).send().await.map_err(|e| AuthError::Unavailable(e.to_string()))?;
    if !res.status().is_success() {
        return Err(AuthError::Unavailable(format!("answered {}", res.status())));
    }
    let b: Value = res.json().await.map_err(|e| AuthError::Unavailable(e.to_string()))?;
    match b["code"].as_str() {
        Some("0") => {}
        Some(code @ ("InvalidCode" | "IllegalRefreshToken" | "MissingParameter")) => return Err(AuthError::Refused(code.to_string())),
        other => return Err(AuthError::Unavailable(format!("{}: {}", other.unwrap_or("no code"), b["message"].as_str().unwrap_or_default()))),
    }
    let access_token = b["access_token"].as_str().filter(|t| !t.is_empty()).ok_or_else(|| AuthError::Unavailable("no access_token".into()))?;
    Ok(Tokens {
        access_token: access_token.to_string(),
        refresh_token: b["refresh_token"].as_str().map(str::to_string),
        expires_in: number(&b["expires_in"]).unwrap_or(0),
        refresh_expires_in: number(&b["refresh_expires_in"]),
        user_id: text(&b["user_id"]),
        account: b["user_nick"].as_str().or(b["account"].as_str()).map(str::to_string),
    })
}

pub async fn create_token(http: &reqwest::Client, s: &AliExpressSettings, code: &str) -> Result<Tokens, AuthError> {
    system(http, s, "/auth/token/create", ("code", code)).await
}

pub async fn refresh_token(http: &reqwest::Client, s: &AliExpressSettings, refresh: &str) -> Result<Tokens, AuthError> {
    system(http, s, "/auth/token/refresh", ("refresh_token", refresh)).await
}
