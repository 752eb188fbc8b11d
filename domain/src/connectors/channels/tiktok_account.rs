//! TikTok Shop Partner API: seller authorisation (app key + `auth_code`, not OAuth2), token
//! exchange, and the logistics warehouse list. TikTok answers errors as HTTP 200 with a
//! non-zero `code` in the body, so every answer's `code` is checked.
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Duration;

use crate::config::TikTokSettings;
use crate::crypto::hmac_sha256;

fn client() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("reqwest client builds")
}

/// The seller's authorisation page; TikTok sends the browser to `redirect_uri` with
/// `code` and `state`.
pub fn authorize_url(s: &TikTokSettings, redirect_uri: &str, state: &str) -> Result<String, String> {
    let mut url = url::Url::parse(&s.authorize_url).map_err(|e| format!("channels.tiktok.authorize_url is not an address: {e}"))?;
    url.query_pairs_mut().append_pair("app_key", &s.app_key).append_pair("state", state).append_pair("redirect_uri", redirect_uri);
    Ok(url.into())
}

/// What `token/get` grants: the shop's tokens and who the seller is.
#[derive(Debug, Clone)]
pub struct Grant {
    pub access_token: String,
    /// Unix seconds.
    pub access_token_expire_in: Option<i64>,
    pub refresh_token: Option<String>,
    pub open_id: String,
    pub seller_name: String,
    pub seller_base_region: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct Warehouse {
    pub id: String,
    pub name: String,
    pub is_default: bool,
    pub effect_status: String,
    #[serde(rename = "type")]
    pub kind: String,
}

/// TikTok's envelope: `{code, message, data}`; `code` 0 is success.
fn data_of(what: &str, status: reqwest::StatusCode, body: Value) -> Result<Value, String> {
    match body.get("code").and_then(Value::as_i64) {
        Some(0) if status.is_success() => Ok(body.get("data").cloned().unwrap_or(Value::Null)),
        Some(105002) => Err("TikTok Shop no longer accepts Dropline's access; please reconnect TikTok Shop".into()),
        Some(code) => Err(format!("TikTok Shop refused {what} (code {code}): {}", body["message"].as_str().unwrap_or("no reason given"))),
        None => Err(format!("TikTok Shop sent an unexpected answer to {what} (HTTP {status})")),
    }
}

async fn send(what: &str, req: reqwest::RequestBuilder) -> Result<Value, String> {
    let res = req.send().await.map_err(|e| format!("TikTok Shop is unreachable: {e}"))?;
    let status = res.status();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    data_of(what, status, body)
}

/// Exchanges the `code` TikTok sent back for the shop's access token.
pub async fn exchange_code(s: &TikTokSettings, code: &str) -> Result<Grant, String> {
    let query = [("app_key", s.app_key.as_str()), ("app_secret", s.app_secret.expose_secret()), ("auth_code", code), ("grant_type", "authorized_code")];
    let data = send("the authorisation", client().get(&s.token_url).query(&query)).await?;
    let text = |k: &str| data.get(k).and_then(Value::as_str).map(str::to_string);
    Ok(Grant {
        access_token: text("access_token").ok_or("TikTok Shop granted no access token")?,
        access_token_expire_in: data.get("access_token_expire_in").and_then(Value::as_i64),
        refresh_token: text("refresh_token"),
        open_id: text("open_id").unwrap_or_default(),
        seller_name: text("seller_name").unwrap_or_else(|| "TikTok Shop".into()),
        seller_base_region: text("seller_base_region"),
    })
}

/// TikTok's request signature (202309 APIs): HMAC-SHA256, keyed with the app secret, over
/// `secret + path + sorted(key+value) + body + secret`, excluding `sign` and `access_token`.
pub(crate) fn sign(secret: &str, path: &str, params: &[(&str, String)], body: &str) -> String {
    let mut sorted: Vec<&(&str, String)> = params.iter().filter(|(k, _)| *k != "sign" && *k != "access_token").collect();
    sorted.sort_by(|a, b| a.0.cmp(b.0));
    let joined: String = sorted.iter().map(|(k, v)| format!("{k}{v}")).collect();
    hex::encode(hmac_sha256(secret.as_bytes(), format!("{secret}{path}{joined}{body}{secret}").as_bytes()))
}

/// The shop's warehouses (Logistics API, version 202309).
pub async fn warehouses(s: &TikTokSettings, access_token: &str) -> Result<Vec<Warehouse>, String> {
    let url = format!("{}/logistics/202309/warehouses", s.api_base.trim_end_matches('/'));
    let path = url::Url::parse(&url).map_err(|e| format!("channels.tiktok.api_base is not an address: {e}"))?.path().to_string();
    let mut params = vec![("app_key", s.app_key.clone()), ("timestamp", chrono::Utc::now().timestamp().to_string())];
    params.push(("sign", sign(s.app_secret.expose_secret(), &path, &params, "")));
    let req = client().get(&url).query(&params).header("x-tts-access-token", access_token).header("content-type", "application/json");
    let data = send("the warehouse list", req).await?;
    let list = data.get("warehouses").and_then(Value::as_array).cloned().unwrap_or_default();
    list.into_iter()
        .map(|w| {
            let text = |k: &str| w.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
            let id = text("id");
            if id.is_empty() {
                return Err("TikTok Shop sent a warehouse without an id".to_string());
            }
            let is_default = w.get("is_default").and_then(Value::as_bool).unwrap_or(false);
            Ok(Warehouse { id, name: text("name"), is_default, effect_status: text("effect_status"), kind: text("type") })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_nonzero_code_is_an_error_even_with_http_200() {
        let ok = reqwest::StatusCode::OK;
        assert_eq!(data_of("x", ok, json!({"code": 0, "data": {"a": 1}})).unwrap(), json!({"a": 1}));
        let e = data_of("the authorisation", ok, json!({"code": 36004004, "message": "invalid auth_code"})).unwrap_err();
        assert!(e.contains("36004004") && e.contains("invalid auth_code"), "{e}");
        assert!(data_of("x", reqwest::StatusCode::UNAUTHORIZED, json!({"code": 105002})).unwrap_err().contains("reconnect"));
        assert!(data_of("x", ok, json!("<html>")).is_err());
    }

    #[test]
    fn the_signature_ignores_sign_and_access_token_and_sorts_the_rest() {
        let a = sign("s", "/p", &[("timestamp", "2".into()), ("app_key", "k".into())], "");
        let b = sign("s", "/p", &[("app_key", "k".into()), ("access_token", "t".into()), ("timestamp", "2".into())], "");
        assert_eq!(a, b);
        assert_eq!(a, hex::encode(hmac_sha256(b"s", b"s/papp_keyktimestamp2s")));
    }
}
