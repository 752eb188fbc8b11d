//! Shopify's embedded-app handshake: the session token App Bridge hands the app inside the
//! admin (an HS256 JWT signed with the app secret), and the token-exchange grant that turns it
//! into the shop's offline access token.
//! <https://shopify.dev/docs/apps/build/authentication-authorization/session-tokens>,
//! <https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/token-exchange>
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use secrecy::ExposeSecret;
use serde::Deserialize;
use serde_json::json;

use crate::config::ShopifySettings;
use crate::crypto::verify_hmac;

/// Clocks differ a little between Shopify and us; `@shopify/shopify-api` allows 5 seconds.
const LEEWAY_SECS: i64 = 10;

/// What a verified session token proves: a user of `shop`'s admin has the app open.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionToken {
    /// The myshopify domain, e.g. `acme.myshopify.com`.
    pub shop: String,
    /// Shopify's id of the admin user.
    pub user: String,
}

#[derive(Deserialize)]
struct Header {
    alg: String,
}

#[derive(Deserialize)]
struct Claims {
    iss: String,
    dest: String,
    aud: String,
    #[serde(default)]
    sub: String,
    exp: i64,
    nbf: i64,
}

/// Checks the token as Shopify documents: HS256 signature with the app secret, `aud` the app's
/// client id, `exp` and `nbf` around `now` (seconds), and `iss` (`https://{shop}/admin`) and
/// `dest` (`https://{shop}`) naming the same `*.myshopify.com` shop. The reason is for the log
/// only: the caller is told no more than that the token was refused.
pub fn verify(settings: &ShopifySettings, token: &str, now: i64) -> Result<SessionToken, &'static str> {
    let mut parts = token.trim().split('.');
    let (Some(header), Some(payload), Some(signature), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return Err("not a JWT");
    };
    let decode = |part: &str| URL_SAFE_NO_PAD.decode(part.trim_end_matches('='));
    let header: Header = decode(header).ok().and_then(|b| serde_json::from_slice(&b).ok()).ok_or("unreadable header")?;
    // Only HS256: an `alg` the token chose itself ("none", RS256) must never pick the check.
    if header.alg != "HS256" {
        return Err("not HS256");
    }
    let signed = &token.trim()[..header_and_payload_len(token.trim())];
    let given = decode(signature).map_err(|_| "unreadable signature")?;
    if !verify_hmac(settings.client_secret.expose_secret().as_bytes(), signed.as_bytes(), &given) {
        return Err("bad signature");
    }
    let claims: Claims = decode(payload).ok().and_then(|b| serde_json::from_slice(&b).ok()).ok_or("unreadable claims")?;
    if settings.client_id.is_empty() || claims.aud != settings.client_id {
        return Err("another app's token");
    }
    if claims.exp + LEEWAY_SECS <= now {
        return Err("expired");
    }
    if claims.nbf - LEEWAY_SECS > now {
        return Err("not valid yet");
    }
    let shop = shop_of(&claims.dest).ok_or("dest is not a shop")?;
    if claims.iss != format!("https://{shop}/admin") {
        return Err("iss and dest name different shops");
    }
    Ok(SessionToken { shop, user: claims.sub })
}

fn header_and_payload_len(token: &str) -> usize {
    token.rfind('.').unwrap_or(0)
}

/// `https://acme.myshopify.com` → `acme.myshopify.com`; anything else (another host, a path,
/// a port, plain HTTP) is no shop.
fn shop_of(dest: &str) -> Option<String> {
    let host = dest.strip_prefix("https://")?.to_ascii_lowercase();
    let name = host.strip_suffix(".myshopify.com")?;
    let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && !name.starts_with('-');
    valid.then_some(host)
}

/// The token-exchange grant: the session token for the shop's offline access token. Shopify
/// answers 400 with `{error, error_description}` when it refuses the subject token.
pub async fn exchange(settings: &ShopifySettings, shop: &str, session_token: &str) -> Result<String, String> {
    let body = json!({
        "client_id": settings.client_id,
        "client_secret": settings.client_secret.expose_secret(),
        "grant_type": "urn:ietf:params:oauth:grant-type:token-exchange",
        "subject_token": session_token,
        "subject_token_type": "urn:ietf:params:oauth:token-type:id_token",
        "requested_token_type": "urn:shopify:params:oauth:token-type:offline-access-token",
    });
    super::shopify::access_token(settings, shop, &body).await
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::crypto::hmac_sha256;
    use serde_json::Value;

    pub fn settings() -> ShopifySettings {
        ShopifySettings {
            client_id: "app-id".into(),
            client_secret: "app-secret".to_string().into(),
            api_version: "2026-07".into(),
            scopes: String::new(),
            shop_url_template: "https://{shop}".into(),
            app_bridge_url: String::new(),
            video_max_bytes: 1 << 20,
            video_timeout_secs: 10,
            bulk_threshold: 500,
            bulk_poll_secs: 60,
        }
    }

    pub fn sign(secret: &str, header: &Value, claims: &Value) -> String {
        let enc = |v: &Value| URL_SAFE_NO_PAD.encode(v.to_string());
        let signed = format!("{}.{}", enc(header), enc(claims));
        format!("{signed}.{}", URL_SAFE_NO_PAD.encode(hmac_sha256(secret.as_bytes(), signed.as_bytes())))
    }

    fn claims(shop: &str, now: i64) -> Value {
        json!({"iss": format!("https://{shop}/admin"), "dest": format!("https://{shop}"), "aud": "app-id", "sub": "42",
               "exp": now + 60, "nbf": now - 1, "iat": now - 1, "jti": "j", "sid": "s"})
    }

    const NOW: i64 = 1_800_000_000;

    fn hs256() -> Value {
        json!({"alg": "HS256", "typ": "JWT"})
    }

    #[test]
    fn a_token_signed_for_this_app_names_its_shop() {
        let t = sign("app-secret", &hs256(), &claims("acme.myshopify.com", NOW));
        assert_eq!(verify(&settings(), &t, NOW), Ok(SessionToken { shop: "acme.myshopify.com".into(), user: "42".into() }));
    }

    #[test]
    fn anything_else_is_refused() {
        let s = settings();
        let mut c = claims("acme.myshopify.com", NOW);
        assert_eq!(verify(&s, &sign("other", &hs256(), &c), NOW), Err("bad signature"));
        assert_eq!(verify(&s, &sign("app-secret", &json!({"alg": "none"}), &c), NOW), Err("not HS256"));
        assert_eq!(verify(&s, &sign("app-secret", &hs256(), &c), NOW + 71), Err("expired"));
        assert!(verify(&s, &sign("app-secret", &hs256(), &c), NOW + 65).is_ok(), "a few seconds of clock skew pass");
        assert_eq!(verify(&s, &sign("app-secret", &hs256(), &c), NOW - 20), Err("not valid yet"));
        c["aud"] = json!("another-app");
        assert_eq!(verify(&s, &sign("app-secret", &hs256(), &c), NOW), Err("another app's token"));
        let mut c = claims("acme.myshopify.com", NOW);
        c["iss"] = json!("https://evil.myshopify.com/admin");
        assert_eq!(verify(&s, &sign("app-secret", &hs256(), &c), NOW), Err("iss and dest name different shops"));
        for dest in ["https://acme.example.com", "http://acme.myshopify.com", "https://acme.myshopify.com/x"] {
            let mut c = claims("acme.myshopify.com", NOW);
            c["dest"] = json!(dest);
            assert_eq!(verify(&s, &sign("app-secret", &hs256(), &c), NOW), Err("dest is not a shop"), "{dest}");
        }
        assert_eq!(verify(&s, "a.b", NOW), Err("not a JWT"));
        let empty = ShopifySettings { client_secret: String::new().into(), ..settings() };
        let t = sign("", &hs256(), &claims("acme.myshopify.com", NOW));
        assert_eq!(verify(&empty, &t, NOW), Err("bad signature"), "an empty secret proves nothing");
    }
}
