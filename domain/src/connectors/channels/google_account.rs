//! Google Merchant Center: Google's OAuth2 code flow with the Content API scope, then
//! `accounts/authinfo` for the merchant accounts the user can reach.
use secrecy::ExposeSecret;
use serde_json::Value;
use std::time::Duration;

use crate::config::ChannelOAuth;
use crate::connectors::oauth::code_grant_form;

fn client() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("reqwest client builds")
}

/// Google's consent page. `access_type=offline` and `prompt=consent` so Google grants a
/// refresh token: access tokens last an hour and pushes happen long after the connect.
pub fn authorize_url(s: &ChannelOAuth, redirect_uri: &str, state: &str) -> Result<String, String> {
    let mut url = url::Url::parse(&s.authorize_url).map_err(|e| format!("channels.google_merchant.authorize_url is not an address: {e}"))?;
    url.query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("client_id", &s.client_id)
        .append_pair("redirect_uri", redirect_uri)
        .append_pair("scope", &s.scope)
        .append_pair("state", state)
        .append_pair("access_type", "offline")
        .append_pair("prompt", "consent");
    Ok(url.into())
}

#[derive(Debug, Clone)]
pub struct Token {
    pub access_token: String,
    pub refresh_token: Option<String>,
    pub expires_in: Option<i64>,
}

/// Exchanges the consent page's `code`; `redirect_uri` must repeat the authorize call's.
pub async fn exchange_code(s: &ChannelOAuth, code: &str, redirect_uri: &str) -> Result<Token, String> {
    let form = code_grant_form(code, redirect_uri, &s.client_id, s.client_secret.expose_secret());
    let res = client().post(&s.token_url).form(&form).send().await.map_err(|e| format!("Google is unreachable: {e}"))?;
    let status = res.status();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    if !status.is_success() {
        let reason = body["error_description"].as_str().or(body["error"].as_str()).unwrap_or("no reason given");
        return Err(format!("Google refused the authorisation ({status}): {reason}"));
    }
    Ok(Token {
        access_token: body["access_token"].as_str().ok_or("Google granted no access token")?.to_string(),
        refresh_token: body["refresh_token"].as_str().map(str::to_string),
        expires_in: body["expires_in"].as_i64(),
    })
}

/// The Merchant Center accounts behind this Google account: each identifier's `merchantId`,
/// else its `aggregatorId` (a multi-client account). Content API ids are int64 as strings.
pub async fn merchants(s: &ChannelOAuth, access_token: &str) -> Result<Vec<String>, String> {
    let url = format!("{}/accounts/authinfo", s.api_base.trim_end_matches('/'));
    let res = client().get(url).bearer_auth(access_token).send().await.map_err(|e| format!("Google is unreachable: {e}"))?;
    let status = res.status();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    if !status.is_success() {
        let reason = body["error"]["message"].as_str().unwrap_or("no reason given");
        return Err(format!("Google Merchant Center refused the account lookup ({status}): {reason}"));
    }
    Ok(parse_authinfo(&body))
}

fn parse_authinfo(body: &Value) -> Vec<String> {
    let id = |v: &Value| v.as_str().map(str::to_string).or_else(|| v.as_u64().map(|n| n.to_string()));
    let mut out: Vec<String> = Vec::new();
    for a in body["accountIdentifiers"].as_array().into_iter().flatten() {
        if let Some(m) = id(&a["merchantId"]).or_else(|| id(&a["aggregatorId"]))
            && !out.contains(&m)
        {
            out.push(m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn authinfo_lists_merchants_then_aggregators_once() {
        let body = json!({"accountIdentifiers": [{"merchantId": "12"}, {"aggregatorId": 34}, {"merchantId": "12", "aggregatorId": "34"}]});
        assert_eq!(parse_authinfo(&body), vec!["12".to_string(), "34".to_string()]);
        assert!(parse_authinfo(&json!({})).is_empty());
    }
}
