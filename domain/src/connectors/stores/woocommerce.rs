//! WooCommerce: the `/wc-auth/v1/authorize` key-granting flow and the REST API v3 with a
//! consumer key and secret (HTTP Basic, as WooCommerce expects over HTTPS).
use serde_json::{Value, json};
use std::time::Duration;

use crate::config::InspectSettings;
use crate::connectors::guarded_http;
use crate::connectors::rate_limit::{Limits, RateLimiter};

/// Webhook topics Dropline subscribes every WooCommerce store to.
pub const WEBHOOK_TOPICS: [&str; 2] = ["order.created", "order.updated"];

/// The page where the merchant grants Dropline a key. WooCommerce posts the key to
/// `callback_url` (server to server), then sends the browser to `return_url`.
pub fn authorize_url(base: &str, app_name: &str, state: &str, return_url: &str, callback_url: &str) -> String {
    let mut url = url::Url::parse(&format!("{base}/wc-auth/v1/authorize")).expect("a parsed store address");
    url.query_pairs_mut()
        .append_pair("app_name", app_name)
        .append_pair("scope", "read_write")
        .append_pair("user_id", state)
        .append_pair("return_url", return_url)
        .append_pair("callback_url", callback_url);
    url.into()
}

/// A failed call: `status` is None when the store could not be reached at all, and `refused`
/// says the guard would not call its address (private network): no retry helps until the owner
/// changes it.
#[derive(Debug, Clone)]
pub struct WooError {
    pub status: Option<u16>,
    pub retry_after: Option<Duration>,
    pub message: String,
    pub refused: bool,
}

impl WooError {
    fn unreachable(e: &reqwest::Error) -> Self {
        // A name the guard refused to resolve comes back inside reqwest's error chain.
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
        while let Some(s) = source {
            if let Some(refusal @ guarded_http::FetchError::Refused(_)) = s.downcast_ref::<guarded_http::FetchError>() {
                return WooError { status: None, retry_after: None, message: refusal.to_string(), refused: true };
            }
            source = s.source();
        }
        WooError { status: None, retry_after: None, message: format!("The store could not be reached: {e}"), refused: false }
    }
}

pub struct Rest {
    base: String,
    key: String,
    secret: String,
    http: reqwest::Client,
    /// Why no call is sent at all: the stored address is a private IP literal, which the guarded
    /// client's resolver never sees.
    refused: Option<String>,
    /// The store's shared bucket (Redis), when calls must be metered across workers.
    limiter: Option<(RateLimiter, String, Limits)>,
}

/// Why connecting failed, in our words only: the address was typed by a user, so nothing the
/// target answered is echoed back.
fn connect_refusal(e: &WooError) -> String {
    match e.status {
        Some(401 | 403) => "The store refused these API keys.".into(),
        Some(404) => "This address does not answer like a WooCommerce store (REST API v3 not found).".into(),
        Some(s) if (300..400).contains(&s) => "The store's address redirects elsewhere; enter the address it redirects to.".into(),
        Some(s) => format!("The store answered {s}."),
        None => "The store could not be reached.".into(),
    }
}

impl Rest {
    /// A connected store's REST API, from its stored address and opened keys. The address was
    /// typed by a user, so every call goes through the guarded client: each name it resolves
    /// must be public (or configured as allowed), no redirect is followed, and a private IP
    /// literal is refused before anything is sent.
    pub fn of_store(base: &str, creds: &Value, inspect: &InspectSettings) -> Self {
        let (key, secret) = (creds["consumer_key"].as_str().unwrap_or_default(), creds["consumer_secret"].as_str().unwrap_or_default());
        let refused = match url::Url::parse(base) {
            Ok(url) => guarded_http::check_literal(inspect, &url).err().map(|e| e.to_string()),
            Err(_) => Some(format!("{base} is not a valid web address.")),
        };
        let http = guarded_http::guarded_client(inspect, Duration::from_secs(30));
        Rest { base: base.trim_end_matches('/').to_string(), key: key.into(), secret: secret.into(), http, refused, limiter: None }
    }

    /// The same for keys just pasted or granted, refusing a private address (resolving its name
    /// too) before any call.
    pub async fn guarded(base: &str, key: &str, secret: &str, inspect: &InspectSettings) -> Result<Self, String> {
        let url = url::Url::parse(base).map_err(|_| format!("{base} is not a valid web address."))?;
        guarded_http::check_address(inspect, &url).await.map_err(|e| e.to_string())?;
        Ok(Rest::of_store(base, &json!({ "consumer_key": key, "consumer_secret": secret }), inspect))
    }

    /// Meters every call through the store's shared bucket, keyed by `store`.
    pub fn metered(mut self, limiter: RateLimiter, store: &str, limits: Limits) -> Self {
        self.limiter = Some((limiter, store.to_string(), limits));
        self
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Result<Value, String> {
        self.send(method, path, body).await.map_err(|e| e.message)
    }

    /// One call, its failure kept with the status and `Retry-After` the store sent. A 429 is
    /// retried (the store did nothing); outages are retried for reads and idempotent writes only,
    /// since a POST that failed late may have happened.
    pub async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Result<Value, WooError> {
        self.send_at("wc/v3", method, path, body).await
    }

    /// `send` under another REST namespace than `wc/v3`, e.g. the Shipment Tracking
    /// extension's `wc-shipment-tracking/v3`.
    pub async fn send_at(&self, namespace: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Result<Value, WooError> {
        if let Some(refusal) = &self.refused {
            return Err(WooError { status: None, retry_after: None, message: refusal.clone(), refused: true });
        }
        let idempotent = matches!(method, reqwest::Method::GET | reqwest::Method::PUT | reqwest::Method::DELETE);
        let mut attempt = 0;
        loop {
            attempt += 1;
            match self.send_once(namespace, method.clone(), path, body.clone()).await {
                Err(e) if attempt < 3 && !e.refused && (e.status == Some(429) || (idempotent && e.status.is_none_or(|s| s >= 500))) => {
                    tokio::time::sleep(e.retry_after.unwrap_or(Duration::from_millis(300 * attempt)).min(Duration::from_secs(10))).await;
                }
                other => return other,
            }
        }
    }

    async fn send_once(&self, namespace: &str, method: reqwest::Method, path: &str, body: Option<Value>) -> Result<Value, WooError> {
        if let Some((limiter, store, limits)) = &self.limiter {
            limiter.acquire(store, 1.0, *limits).await;
        }
        let url = format!("{}/wp-json/{namespace}/{path}", self.base);
        // Basic over HTTPS; WooCommerce takes only OAuth 1.0a over plain HTTP.
        let mut req = if self.base.starts_with("https://") {
            self.http.request(method, url).basic_auth(&self.key, Some(&self.secret))
        } else {
            let signed = super::woo_oauth::signed_url(
                method.as_str(),
                &url,
                &self.key,
                &self.secret,
                chrono::Utc::now().timestamp(),
                &uuid::Uuid::new_v4().simple().to_string(),
            );
            self.http.request(method, signed)
        };
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.map_err(|e| WooError::unreachable(&e))?;
        let status = res.status();
        let retry_after = res.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<f64>().ok()).map(Duration::from_secs_f64);
        if let (Some((limiter, store, _)), 429) = (&self.limiter, status.as_u16()) {
            limiter.pause(store, retry_after.unwrap_or(Duration::from_secs(1))).await;
        }
        let answer: Value = res.json().await.unwrap_or(Value::Null);
        if status.is_success() {
            return Ok(answer);
        }
        let reason = answer["message"].as_str().unwrap_or("no reason given");
        let message = match status.as_u16() {
            401 | 403 => format!("The store refused these API keys: {reason}"),
            404 => "This address does not answer like a WooCommerce store (REST API v3 not found)".to_string(),
            _ => format!("The store answered {status}: {reason}"),
        };
        Err(WooError { status: Some(status.as_u16()), retry_after, message, refused: false })
    }

    /// Proves the keys work (and can write) before anything is saved.
    pub async fn check_keys(&self) -> Result<(), String> {
        for path in ["products?per_page=1", "webhooks?per_page=1"] {
            self.send(reqwest::Method::GET, path, None).await.map_err(|e| connect_refusal(&e))?;
        }
        Ok(())
    }

    /// The store's currency code (`data/currencies/current`, WooCommerce 3.5+): what its prices
    /// are in, so a push converts Dropline's USD prices into it.
    pub async fn currency(&self) -> Result<String, String> {
        let v = self.send(reqwest::Method::GET, "data/currencies/current", None).await.map_err(|e| e.message)?;
        v["code"].as_str().filter(|c| c.len() == 3).map(str::to_ascii_uppercase).ok_or_else(|| "the store did not say its currency".into())
    }

    /// Subscribes `delivery_url` to `topic`, signed with `secret`; an active identical
    /// webhook counts as done so a retried setup creates no twin.
    pub async fn subscribe_webhook(&self, topic: &str, delivery_url: &str, secret: &str) -> Result<(), String> {
        let existing = self.call(reqwest::Method::GET, "webhooks?per_page=100", None).await?;
        let already =
            existing.as_array().is_some_and(|hooks| hooks.iter().any(|h| h["topic"] == topic && h["delivery_url"] == delivery_url && h["status"] == "active"));
        if already {
            return Ok(());
        }
        let body = json!({ "name": format!("Dropline {topic}"), "topic": topic, "delivery_url": delivery_url, "secret": secret, "status": "active" });
        self.call(reqwest::Method::POST, "webhooks", Some(body)).await.map(|_| ())
    }
}

impl Rest {
    /// One page of the store's products (newest first), `per_page` at most 100.
    pub async fn products(&self, page: u32, per_page: u32) -> Result<Vec<Value>, String> {
        let list = self.call(reqwest::Method::GET, &format!("products?page={page}&per_page={per_page}"), None).await?;
        Ok(list.as_array().cloned().unwrap_or_default())
    }

    /// Every variation of a variable product.
    pub async fn variations(&self, product_id: i64) -> Result<Vec<Value>, String> {
        let list = self.call(reqwest::Method::GET, &format!("products/{product_id}/variations?per_page=100"), None).await?;
        Ok(list.as_array().cloned().unwrap_or_default())
    }
}
