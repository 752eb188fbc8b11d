//! Shopify: the OAuth install (authorization-code grant) and the GraphQL Admin API, with
//! Shopify's cost-based throttling honoured by waiting for the bucket to refill.
use secrecy::ExposeSecret;
use serde::Serialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Duration;

use super::shopify_cost;
use crate::config::ShopifySettings;
use crate::connectors::rate_limit::{self, RateLimiter};
use crate::crypto::verify_hex_hmac;

/// Webhook topics Dropline subscribes every shop to.
pub const WEBHOOK_TOPICS: [&str; 10] = [
    "ORDERS_CREATE",
    "ORDERS_CANCELLED",
    "APP_UNINSTALLED",
    // The stock location Dropline keeps may change with any of these.
    "LOCATIONS_CREATE",
    "LOCATIONS_UPDATE",
    "LOCATIONS_DELETE",
    "LOCATIONS_ACTIVATE",
    "LOCATIONS_DEACTIVATE",
    // The plan of a store installed from Shopify changes when its app subscription does.
    "APP_SUBSCRIPTIONS_UPDATE",
    // A bulk push (`push::bulk`) finishes when its operation does.
    "BULK_OPERATIONS_FINISH",
];

/// Why a call to a shop failed. `Revoked` means the token is dead (uninstalled app).
#[derive(Debug)]
pub enum ShopifyError {
    Revoked,
    /// Still throttled after waiting several times, or the shared bucket would keep the call
    /// waiting past the client's patience: how long the bucket needs.
    Throttled(Duration),
    Failed(String),
}

impl std::fmt::Display for ShopifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShopifyError::Revoked => f.write_str("Shopify no longer accepts Dropline's access to this store; connect it again"),
            ShopifyError::Throttled(_) => f.write_str("Shopify is rate limiting this store; try again shortly"),
            ShopifyError::Failed(m) => f.write_str(m),
        }
    }
}

/// One client for every shop: its connections are kept and reused from push to push. A client
/// built per push opened a connection per push and paid the TLS set-up each time.
static HTTP: std::sync::LazyLock<reqwest::Client> =
    std::sync::LazyLock::new(|| reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("reqwest client builds"));

pub(super) fn http() -> reqwest::Client {
    HTTP.clone()
}

/// The shop's base address: `https://acme.myshopify.com` in production.
pub fn shop_url(settings: &ShopifySettings, shop: &str) -> String {
    settings.shop_url_template.replace("{shop}", shop).trim_end_matches('/').to_string()
}

/// The install page the merchant approves Dropline on.
pub fn authorize_url(settings: &ShopifySettings, shop: &str, redirect_uri: &str, state: &str) -> String {
    let mut url = url::Url::parse(&format!("{}/admin/oauth/authorize", shop_url(settings, shop))).expect("shop URL template is a URL");
    url.query_pairs_mut()
        .append_pair("client_id", &settings.client_id)
        .append_pair("scope", &settings.scopes)
        .append_pair("redirect_uri", redirect_uri)
        .append_pair("state", state);
    url.into()
}

/// Shopify signs its redirect: hex HMAC-SHA256 (app secret) of the other parameters sorted by
/// name, form-encoded as in the query string (a base64 `host`'s `=` is `%3D`, a space `%20`),
/// joined with `&`, as `@shopify/shopify-api`'s `validateHmac` computes it.
pub fn redirect_is_signed(settings: &ShopifySettings, params: &BTreeMap<String, String>) -> bool {
    let Some(hmac) = params.get("hmac") else { return false };
    let signed = params.iter().filter(|(k, _)| *k != "hmac" && *k != "signature");
    let message = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(signed).finish().replace('+', "%20");
    verify_hex_hmac(settings.client_secret.expose_secret().as_bytes(), message.as_bytes(), hmac)
}

/// Exchanges the install's code for the shop's offline access token.
pub async fn exchange_code(settings: &ShopifySettings, shop: &str, code: &str) -> Result<String, String> {
    let body = json!({ "client_id": settings.client_id, "client_secret": settings.client_secret.expose_secret(), "code": code });
    access_token(settings, shop, &body).await
}

/// Posts a grant (an install's code, a session token's exchange) to the shop's access-token
/// endpoint: the offline token, or why Shopify refused it (`{error, error_description}`).
pub(super) async fn access_token(settings: &ShopifySettings, shop: &str, grant: &Value) -> Result<String, String> {
    let res = http()
        .post(format!("{}/admin/oauth/access_token", shop_url(settings, shop)))
        .json(grant)
        .send()
        .await
        .map_err(|e| format!("Shopify could not be reached: {e}"))?;
    let status = res.status();
    let answer: Value = res.json().await.unwrap_or(Value::Null);
    match answer["access_token"].as_str() {
        Some(token) if status.is_success() => Ok(token.to_string()),
        _ => Err(format!(
            "Shopify refused the install ({status}): {}",
            answer["error_description"].as_str().or(answer["error"].as_str()).unwrap_or("no reason given")
        )),
    }
}

/// One shop's GraphQL Admin API.
pub struct Admin {
    endpoint: String,
    token: String,
    http: reqwest::Client,
    /// The shop's shared bucket (Redis), when calls must be metered across workers.
    limiter: Option<(RateLimiter, String)>,
    /// How long a call may wait for the shared bucket before giving up (`Throttled`).
    patience: Option<Duration>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ShopInfo {
    pub name: String,
    pub currency: String,
    /// The address Shopify writes to the shop's owner at.
    pub email: String,
}

#[derive(Debug, Clone, Serialize, serde::Deserialize, PartialEq)]
pub struct Publication {
    pub id: String,
    pub name: String,
    pub handle: String,
    pub app_id: String,
    pub app_title: String,
}

impl Admin {
    pub fn new(settings: &ShopifySettings, shop: &str, token: &str) -> Self {
        let endpoint = format!("{}/admin/api/{}/graphql.json", shop_url(settings, shop), settings.api_version);
        Admin { endpoint, token: token.to_string(), http: http(), limiter: None, patience: None }
    }

    /// The client the Admin API is called with, for the other addresses Shopify hands out (its
    /// storage's upload targets), which take no access token.
    pub fn http(&self) -> &reqwest::Client {
        &self.http
    }

    /// Meters every call through the shop's shared bucket, keyed by `shop`.
    pub fn metered(mut self, limiter: RateLimiter, shop: &str) -> Self {
        self.limiter = Some((limiter, shop.to_string()));
        self
    }

    /// A call that would wait longer than `patience` for the shared bucket gives up with
    /// `Throttled` (nothing sent), so a job can give its worker slot back rather than outlive
    /// its run limit behind a long queue for one store.
    pub fn patient(mut self, patience: Duration) -> Self {
        self.patience = Some(patience);
        self
    }

    /// Runs one operation. Waits out THROTTLED answers and brief outages (429, 5xx) a few
    /// times; GraphQL errors and user errors are the caller's to read.
    pub async fn graphql(&self, query: &str, variables: Value) -> Result<Value, ShopifyError> {
        // What Shopify will charge: 10 per mutation field; a guess for reads.
        let cost = if query.trim_start().starts_with("mutation") { 10.0 } else { 20.0 };
        self.graphql_costed(query, variables, cost).await
    }

    /// `graphql` with the cost Shopify will charge known to the caller, so the shared bucket
    /// reserves exactly that.
    pub async fn graphql_costed(&self, query: &str, variables: Value, cost: f64) -> Result<Value, ShopifyError> {
        let body = json!({ "query": query, "variables": variables });
        let mut attempt = 0;
        let deadline = self.patience.map(|p| tokio::time::Instant::now() + p);
        loop {
            attempt += 1;
            if let Some((limiter, shop)) = &self.limiter {
                limiter.acquire_until(shop, cost, rate_limit::SHOPIFY, deadline).await.map_err(ShopifyError::Throttled)?;
            }
            let res = self.http.post(&self.endpoint).header("X-Shopify-Access-Token", &self.token).json(&body).send().await;
            let retry_in = match res {
                Err(e) if attempt >= 4 => return Err(ShopifyError::Failed(format!("Shopify could not be reached: {e}"))),
                Err(_) => Duration::from_millis(500 * attempt),
                Ok(r) if r.status() == reqwest::StatusCode::UNAUTHORIZED => return Err(ShopifyError::Revoked),
                Ok(r) if (r.status().as_u16() == 429 || r.status().is_server_error()) && attempt < 4 => {
                    let after = r.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<f64>().ok()).unwrap_or(1.0);
                    let wait = Duration::from_secs_f64(after.min(10.0));
                    if let (Some((limiter, shop)), true) = (&self.limiter, r.status().as_u16() == 429) {
                        limiter.pause(shop, wait).await;
                    }
                    wait
                }
                Ok(r) if !r.status().is_success() => return Err(ShopifyError::Failed(format!("Shopify answered {}", r.status()))),
                Ok(r) => {
                    let answer: Value = r.json().await.map_err(|e| ShopifyError::Failed(format!("Shopify sent an unreadable answer: {e}")))?;
                    if let Some((limiter, shop)) = &self.limiter {
                        let status = &answer["extensions"]["cost"]["throttleStatus"];
                        if let Some(available) = status["currentlyAvailable"].as_f64() {
                            let limits = rate_limit::Limits {
                                capacity: status["maximumAvailable"].as_f64().unwrap_or(rate_limit::SHOPIFY.capacity),
                                per_second: status["restoreRate"].as_f64().unwrap_or(rate_limit::SHOPIFY.per_second),
                            };
                            let reserved = cost.min(limits.capacity);
                            limiter.observe(shop, available, shopify_cost::unreserved(&answer, reserved), limits).await;
                        }
                    }
                    match shopify_cost::throttled_wait(&answer) {
                        Some(wait) if attempt < 6 => {
                            if let Some((limiter, shop)) = &self.limiter {
                                limiter.pause(shop, wait).await;
                            }
                            wait
                        }
                        Some(wait) => return Err(ShopifyError::Throttled(wait)),
                        None => return Ok(answer),
                    }
                }
            };
            tokio::time::sleep(retry_in).await;
        }
    }

    pub async fn shop_info(&self) -> Result<ShopInfo, ShopifyError> {
        let a = self.graphql(SHOP_INFO, json!({})).await?;
        let shop = &a["data"]["shop"];
        Ok(ShopInfo {
            name: shop["name"].as_str().unwrap_or_default().to_string(),
            currency: shop["currencyCode"].as_str().unwrap_or("USD").to_string(),
            email: shop["email"].as_str().unwrap_or_default().to_string(),
        })
    }

    /// Subscribes `callback_url` to `topic`. An existing identical subscription counts as
    /// done, so a retried setup does not fail on its own earlier success.
    pub async fn subscribe_webhook(&self, topic: &str, callback_url: &str) -> Result<(), ShopifyError> {
        let a = self.graphql(SUBSCRIBE, json!({ "topic": topic, "sub": { "uri": callback_url, "format": "JSON" } })).await?;
        if let Some(message) = first_error(&a) {
            return Err(ShopifyError::Failed(format!("Shopify refused the {topic} webhook: {message}")));
        }
        let errors = a["data"]["webhookSubscriptionCreate"]["userErrors"].as_array().cloned().unwrap_or_default();
        match errors.first().and_then(|e| e["message"].as_str()) {
            None => Ok(()),
            Some(m) if m.contains("already been taken") => Ok(()),
            Some(m) => Err(ShopifyError::Failed(format!("Shopify refused the {topic} webhook: {m}"))),
        }
    }

    /// The shop's sales channels.
    pub async fn publications(&self) -> Result<Vec<Publication>, ShopifyError> {
        let a = self.graphql(PUBLICATIONS, json!({})).await?;
        if let Some(message) = first_error(&a) {
            return Err(ShopifyError::Failed(format!("Shopify refused to list sales channels: {message}")));
        }
        let nodes = a["data"]["publications"]["nodes"].as_array().cloned().unwrap_or_default();
        Ok(nodes
            .iter()
            .map(|n| {
                let app = &n["catalog"]["apps"]["nodes"][0];
                Publication {
                    id: n["id"].as_str().unwrap_or_default().into(),
                    name: n["catalog"]["title"].as_str().or(app["title"].as_str()).unwrap_or_default().into(),
                    handle: app["handle"].as_str().unwrap_or_default().into(),
                    app_id: app["id"].as_str().unwrap_or_default().into(),
                    app_title: app["title"].as_str().unwrap_or_default().into(),
                }
            })
            .collect())
    }
}

pub const SHOP_INFO: &str = "{ shop { name currencyCode email } }";

/// `uri` replaced the deprecated `callbackUrl` in 2025-04.
pub const SUBSCRIBE: &str = "mutation($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id } userErrors { field message } } }";

/// A sales channel's name and app are read through its catalog (`Publication.name` and
/// `Publication.app` are deprecated).
pub const PUBLICATIONS: &str = "{ publications(first: 50) { nodes { id
    catalog { title ... on AppCatalog { apps(first: 1) { nodes { id handle title } } } } } } }";

fn first_error(answer: &Value) -> Option<String> {
    answer["errors"].as_array().and_then(|e| e.first()).map(|e| e["message"].as_str().unwrap_or("error").to_string())
}
