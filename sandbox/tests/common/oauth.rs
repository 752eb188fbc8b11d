//! The code grants an app completes against the sandbox after its consent page: OAuth2's
//! `authorization_code` (Google and Facebook sign-in, the Merchant Center) and TikTok Shop's own.
use super::{Sandbox, param};
use serde_json::Value;

/// Opens the provider's consent page at `authorize_path` (the sandbox consents at once) and
/// answers where it redirects the browser back to, with the code and state.
pub async fn consent_redirect(sb: &Sandbox, authorize_path: &str) -> String {
    let r = sb.http.get(sb.url(authorize_path)).send().await.unwrap();
    assert_eq!(r.status(), 302);
    r.headers()["location"].to_str().unwrap().to_string()
}

/// The code of `consent_redirect`.
pub async fn consent_code(sb: &Sandbox, authorize_path: &str) -> String {
    param(&consent_redirect(sb, authorize_path).await, "code").unwrap()
}

/// An OAuth2 `authorization_code` exchange at `token_path`, form-encoded as the providers take it.
pub async fn exchange_code(sb: &Sandbox, token_path: &str, code: &str, redirect_uri: &str, client_id: &str, client_secret: &str) -> reqwest::Response {
    let form =
        [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect_uri), ("client_id", client_id), ("client_secret", client_secret)];
    sb.http.post(sb.url(token_path)).form(&form).send().await.unwrap()
}

/// TikTok Shop's code exchange (`/api/v2/token/get`, form-encoded, `authorized_code` as TikTok
/// spells it); answers TikTok's envelope.
pub async fn tiktok_code_exchange(sb: &Sandbox, app_key: &str, app_secret: &str, code: &str) -> Value {
    let form = [("app_key", app_key), ("app_secret", app_secret), ("auth_code", code), ("grant_type", "authorized_code")];
    sb.http.post(sb.url("/channels/tiktok/api/v2/token/get")).form(&form).send().await.unwrap().json().await.unwrap()
}
