//! Meta (Facebook) business login and the Graph API calls that find the seller's product
//! catalogs: `me/businesses`, then each business's `owned_product_catalogs`.
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Duration;

use crate::config::ChannelOAuth;

fn client() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("reqwest client builds")
}

/// The Facebook Login for Business dialog.
pub fn authorize_url(s: &ChannelOAuth, redirect_uri: &str, state: &str) -> Result<String, String> {
    let mut url = url::Url::parse(&s.authorize_url).map_err(|e| format!("channels.facebook.authorize_url is not an address: {e}"))?;
    url.query_pairs_mut()
        .append_pair("client_id", &s.client_id)
        .append_pair("redirect_uri", redirect_uri)
        .append_pair("state", state)
        .append_pair("scope", &s.scope)
        .append_pair("response_type", "code");
    Ok(url.into())
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Catalog {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Business {
    pub id: String,
    pub name: String,
    pub catalogs: Vec<Catalog>,
}

#[derive(Debug, Clone)]
pub struct Token {
    pub access_token: String,
    pub expires_in: Option<i64>,
}

/// Graph errors are `{error: {message, type, code}}`; code 190 means the token is no good.
async fn graph(req: reqwest::RequestBuilder, what: &str) -> Result<Value, String> {
    let res = req.send().await.map_err(|e| format!("Facebook is unreachable: {e}"))?;
    let status = res.status();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    if status.is_success() && body.get("error").is_none() {
        return Ok(body);
    }
    let err = &body["error"];
    if err["code"].as_i64() == Some(190) {
        return Err("Facebook no longer accepts Dropline's access; please reconnect Facebook".into());
    }
    Err(format!("Facebook refused {what} ({status}): {}", err["message"].as_str().unwrap_or("no reason given")))
}

/// Graph ids are strings, but be lenient with numbers.
fn id_of(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string).or_else(|| v.as_i64().map(|n| n.to_string()))
}

/// Exchanges the dialog's `code`; `redirect_uri` must be the one the dialog was opened with.
pub async fn exchange_code(s: &ChannelOAuth, code: &str, redirect_uri: &str) -> Result<Token, String> {
    let query = [("client_id", s.client_id.as_str()), ("client_secret", s.client_secret.expose_secret()), ("redirect_uri", redirect_uri), ("code", code)];
    let body = graph(client().get(&s.token_url).query(&query), "the authorisation").await?;
    let access_token = body["access_token"].as_str().ok_or("Facebook granted no access token")?.to_string();
    Ok(Token { access_token, expires_in: body["expires_in"].as_i64() })
}

/// Every business the user manages, each with the product catalogs it owns.
pub async fn businesses(s: &ChannelOAuth, access_token: &str) -> Result<Vec<Business>, String> {
    let http = client();
    let base = s.api_base.trim_end_matches('/');
    let list = graph(http.get(format!("{base}/me/businesses")).bearer_auth(access_token).query(&[("fields", "id,name")]), "the business list").await?;
    let mut out = Vec::new();
    for b in list["data"].as_array().into_iter().flatten() {
        let Some(id) = id_of(&b["id"]) else { continue };
        let url = format!("{base}/{id}/owned_product_catalogs");
        let cats = graph(http.get(url).bearer_auth(access_token).query(&[("fields", "id,name")]), "the catalog list").await?;
        let catalogs = cats["data"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| Some(Catalog { id: id_of(&c["id"])?, name: c["name"].as_str().unwrap_or_default().to_string() }))
            .collect();
        out.push(Business { id, name: b["name"].as_str().unwrap_or_default().to_string(), catalogs });
    }
    Ok(out)
}
