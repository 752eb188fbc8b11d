//! OAuth2 authorization-code flow (RFC 6749 section 4.1) for Google and Facebook sign-in.
use secrecy::ExposeSecret;
use serde::Deserialize;
use serde_json::Value;
use std::time::Duration;

use crate::config::OAuthProvider;

/// Who the provider says signed in.
#[derive(Debug, Clone)]
pub struct Profile {
    pub subject: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub first_name: String,
    pub last_name: String,
    pub avatar: Option<String>,
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(20)).build().expect("reqwest client builds")
}

/// The provider's consent page for this sign-in.
pub fn authorize_url(p: &OAuthProvider, redirect_uri: &str, state: &str) -> String {
    let query = [("response_type", "code"), ("client_id", p.client_id.as_str()), ("redirect_uri", redirect_uri), ("scope", p.scope.as_str()), ("state", state)];
    let encoded: Vec<String> = query.iter().map(|(k, v)| format!("{k}={}", urlencode(v))).collect();
    let sep = if p.authorize_url.contains('?') { '&' } else { '?' };
    format!("{}{sep}{}", p.authorize_url, encoded.join("&"))
}

#[derive(Deserialize)]
struct TokenResponse {
    access_token: String,
}

/// The token request of the authorization-code grant (RFC 6749 section 4.1.3), the client's
/// credentials in the form body, as Google and Facebook take them for sign-in and channels alike.
pub fn code_grant_form<'a>(code: &'a str, redirect_uri: &'a str, client_id: &'a str, client_secret: &'a str) -> [(&'static str, &'a str); 5] {
    [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect_uri), ("client_id", client_id), ("client_secret", client_secret)]
}

/// Exchanges the callback's code for an access token, then reads the user's profile.
pub async fn profile_from_code(provider: &str, p: &OAuthProvider, code: &str, redirect_uri: &str) -> Result<Profile, String> {
    let http = client();
    let form = code_grant_form(code, redirect_uri, &p.client_id, p.client_secret.expose_secret());
    let res = http.post(&p.token_url).form(&form).send().await.map_err(|e| format!("{provider} is unreachable: {e}"))?;
    if !res.status().is_success() {
        let status = res.status();
        let body = res.text().await.unwrap_or_default();
        return Err(format!("{provider} refused the sign-in ({status}): {}", body.chars().take(200).collect::<String>()));
    }
    let token: TokenResponse = res.json().await.map_err(|e| format!("{provider} sent an unexpected token answer: {e}"))?;
    let res = http.get(&p.userinfo_url).bearer_auth(&token.access_token).send().await.map_err(|e| format!("{provider} is unreachable: {e}"))?;
    if !res.status().is_success() {
        return Err(format!("{provider} did not return the profile ({})", res.status()));
    }
    let body: Value = res.json().await.map_err(|e| format!("{provider} sent an unexpected profile: {e}"))?;
    parse_profile(provider, &body)
}

/// Google answers OpenID Connect userinfo; Facebook answers the Graph API `me` object (whose
/// emails Facebook has confirmed, so they count as verified).
fn parse_profile(provider: &str, v: &Value) -> Result<Profile, String> {
    let s = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    let (subject, verified, first, last, avatar) = match provider {
        "google" => (s("sub"), v.get("email_verified").and_then(Value::as_bool).unwrap_or(false), s("given_name"), s("family_name"), s("picture")),
        _ => (s("id"), s("email").is_some(), s("first_name"), s("last_name"), v.pointer("/picture/data/url").and_then(Value::as_str).map(str::to_string)),
    };
    Ok(Profile {
        subject: subject.ok_or_else(|| format!("{provider} sent a profile without an id"))?,
        email: s("email"),
        email_verified: verified,
        first_name: first.unwrap_or_default(),
        last_name: last.unwrap_or_default(),
        avatar,
    })
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_google_and_facebook_profiles() {
        let g = parse_profile("google", &json!({"sub": "1", "email": "a@b.co", "email_verified": true, "given_name": "Ann"})).unwrap();
        assert_eq!((g.subject.as_str(), g.email_verified, g.first_name.as_str()), ("1", true, "Ann"));
        let f = parse_profile("facebook", &json!({"id": "9", "email": "f@b.co", "first_name": "Fay", "picture": {"data": {"url": "http://x/p.png"}}})).unwrap();
        assert_eq!((f.subject.as_str(), f.email_verified, f.avatar.as_deref()), ("9", true, Some("http://x/p.png")));
        assert!(parse_profile("google", &json!({"email": "a@b.co"})).is_err());
    }

    #[test]
    fn authorize_url_encodes_the_redirect() {
        let p = OAuthProvider {
            client_id: "cid".into(),
            client_secret: String::new().into(),
            authorize_url: "http://idp/auth".into(),
            token_url: String::new(),
            userinfo_url: String::new(),
            scope: "openid email".into(),
        };
        let url = authorize_url(&p, "http://127.0.0.1:8080/auth/google/callback", "s1");
        assert!(url.starts_with("http://idp/auth?response_type=code&client_id=cid&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fauth%2Fgoogle%2Fcallback&scope=openid%20email&state=s1"), "{url}");
    }
}
