//! WooCommerce's key-granting endpoint, `/wc-auth/v1/authorize`, as core's `WC_Auth`
//! (`includes/class-wc-auth.php`) validates it: `app_name`, `user_id`, `return_url`,
//! `callback_url` and `scope` are required in that order, `scope` is `read`, `write` or
//! `read_write`, an address without `://` is taken as `https://…`, both addresses must be valid
//! URLs, and `callback_url` must be HTTPS. Every refusal is WordPress's `wp_die` page
//! "Error: <reason>." with status 401. After approval the keys are posted to `callback_url`;
//! anything but a 200 deletes the key and dies the same way, else the browser goes to
//! `return_url?success=1&user_id=…`.
//!
//! Sandbox leniencies (README): the merchant approves at once (no login or grant page), and a
//! plain-HTTP `callback_url` on a loopback host is taken, because tests and development have no
//! TLS; WooCommerce refuses it (and its `wp_safe_remote_post` would not post to loopback at all).
use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use serde_json::json;

use super::control::new_key;
use super::with_store;
use crate::AppState;
use crate::util::{found, with_query};

const REQUIRED: [&str; 5] = ["app_name", "user_id", "return_url", "callback_url", "scope"];

/// WordPress's `wp_die( "Error: …", "Access denied", 401 )`.
fn die(reason: &str) -> Response {
    let reason = reason.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    let page = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Access denied</title></head>\n\
         <body id=\"error-page\"><div class=\"wp-die-message\">Error: {reason}.</div></body></html>"
    );
    (StatusCode::UNAUTHORIZED, Html(page)).into_response()
}

/// `get_formatted_url`: an address without a scheme is taken as HTTPS.
fn formatted(url: &str) -> String {
    if url.contains("://") { url.to_string() } else { format!("https://{url}") }
}

/// The sandbox's one leniency: a plain-HTTP callback on this machine.
fn loopback_http(url: &reqwest::Url) -> bool {
    let host = url.host_str().unwrap_or_default().trim_start_matches('[').trim_end_matches(']');
    url.scheme() == "http" && (host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback()))
}

/// The reason WooCommerce refuses these parameters, if it does.
fn refusal(q: &HashMap<String, String>) -> Option<String> {
    if let Some(missing) = REQUIRED.iter().find(|k| q.get(**k).is_none_or(|v| v.is_empty())) {
        return Some(format!("Missing parameter {missing}"));
    }
    let scope = q["scope"].as_str();
    if !["read", "write", "read_write"].contains(&scope) {
        return Some(format!("Invalid scope {scope}"));
    }
    for param in ["return_url", "callback_url"] {
        let url = formatted(&q[param]);
        // PHP's FILTER_VALIDATE_URL wants a scheme and a host.
        if reqwest::Url::parse(&url).ok().and_then(|u| u.host_str().map(str::to_string)).is_none() {
            return Some(format!("The {url} is not a valid URL"));
        }
    }
    let callback = formatted(&q["callback_url"]);
    let https = callback.get(..8).is_some_and(|s| s.eq_ignore_ascii_case("https://"));
    if !https && !reqwest::Url::parse(&callback).is_ok_and(|u| loopback_http(&u)) {
        return Some("The callback_url needs to be over SSL".into());
    }
    None
}

pub async fn authorize(State(app): State<AppState>, Path(store): Path<String>, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Some(reason) = refusal(&q) {
        return die(&reason);
    }
    let key = new_key(&app, &store, &q["user_id"], &q["scope"]);
    let body = json!({
        "key_id": key.key_id, "user_id": key.user_id, "consumer_key": key.consumer_key,
        "consumer_secret": key.consumer_secret, "key_permissions": key.permissions,
    });
    let posted = app.http().post(formatted(&q["callback_url"])).json(&body).send().await;
    let ok = posted.is_ok_and(|r| r.status() == StatusCode::OK);
    tracing::info!(%store, app_name = %q["app_name"], ok, "woo: wc-auth keys posted");
    if !ok {
        with_store(&app.world(), &store, |s| s.keys.retain(|k| k.key_id != key.key_id));
        return die("An error occurred in the request and at the time were unable to send the consumer data");
    }
    found(&with_query(&formatted(&q["return_url"]), &[("success", "1".to_string()), ("user_id", q["user_id"].clone())]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(callback: &str) -> HashMap<String, String> {
        [("app_name", "Dropline"), ("user_id", "7"), ("return_url", "https://dropline.example/back"), ("callback_url", callback), ("scope", "read_write")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn the_callback_must_be_https_but_for_loopback() {
        assert_eq!(refusal(&params("https://dropline.example/cb")), None);
        assert_eq!(refusal(&params("dropline.example/cb")), None, "no scheme is taken as https");
        assert_eq!(refusal(&params("HTTPS://dropline.example/cb")), None);
        let ssl = Some("The callback_url needs to be over SSL".to_string());
        assert_eq!(refusal(&params("http://dropline.example/cb")), ssl);
        assert_eq!(refusal(&params("http://10.0.0.5/cb")), ssl);
        assert_eq!(refusal(&params("ftp://127.0.0.1/cb")), ssl);
        for lenient in ["http://127.0.0.1:8080/cb", "http://localhost/cb", "http://[::1]:9/cb"] {
            assert_eq!(refusal(&params(lenient)), None, "{lenient}");
        }
    }

    #[test]
    fn parameters_are_checked_in_woocommerces_order() {
        let mut q = params("https://x.example/cb");
        q.remove("scope");
        q.remove("user_id");
        assert_eq!(refusal(&q).as_deref(), Some("Missing parameter user_id"));
        let mut q = params("https://x.example/cb");
        q.insert("scope".into(), "admin".into());
        assert_eq!(refusal(&q).as_deref(), Some("Invalid scope admin"));
        let mut q = params("https://x.example/cb");
        q.insert("return_url".into(), "https://".into());
        assert_eq!(refusal(&q).as_deref(), Some("The https:// is not a valid URL"));
    }
}
