//! Fault injection, keyed by platform. Rules are set through
//! `POST /_sandbox/faults`; the middleware applies them to every emulated
//! route (never to `/_sandbox/*`). Random decisions draw from a seeded RNG so
//! a test run with the same seed and request sequence sees the same faults.
use std::sync::Mutex;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::AppState;

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct FaultRule {
    /// "shopify", "woocommerce", "aliexpress", "cj", "temu", "dropline", "ebay",
    /// "alibaba", "amazon", "17track", "google", "facebook", "images", "videos", "payments",
    /// "tiktok", "google-merchant", "shopify-storage" (staged uploads) or "*".
    pub platform: String,
    /// Matches the full path or the path inside a shop/store (e.g. "/admin/api").
    pub route_prefix: Option<String>,
    pub latency_ms: Option<u64>,
    pub error_rate: Option<f64>,
    pub timeout_rate: Option<f64>,
    pub burst_429: Option<u32>,
    pub drop_webhooks: Option<bool>,
    pub duplicate_webhooks: Option<bool>,
}

pub struct FaultState {
    rules: Mutex<Vec<FaultRule>>,
    rng: Mutex<StdRng>,
}

impl FaultState {
    pub fn new(seed: u64) -> Self {
        FaultState { rules: Mutex::new(Vec::new()), rng: Mutex::new(StdRng::seed_from_u64(seed ^ 0xFA17)) }
    }
    pub fn add(&self, rule: FaultRule) {
        self.rules.lock().expect("faults lock").push(rule);
    }
    pub fn clear(&self) {
        self.rules.lock().expect("faults lock").clear();
    }
    pub fn list(&self) -> Vec<FaultRule> {
        self.rules.lock().expect("faults lock").clone()
    }
    /// Whether webhooks of `platform` should be dropped / sent twice.
    pub fn webhook_mode(&self, platform: &str) -> (bool, bool) {
        let rules = self.rules.lock().expect("faults lock");
        let m = rules.iter().filter(|r| r.platform == "*" || r.platform == platform);
        m.fold((false, false), |(d, u), r| (d || r.drop_webhooks.unwrap_or(false), u || r.duplicate_webhooks.unwrap_or(false)))
    }
}

/// Which platform a request is for, and the path inside that platform's host.
pub fn platform_of(path: &str, headers: &HeaderMap) -> Option<(String, String)> {
    let host = headers.get("host").and_then(|h| h.to_str().ok()).unwrap_or("");
    if host.contains(".myshopify.com") || headers.contains_key("x-shop-domain") {
        return Some(("shopify".into(), path.to_string()));
    }
    let mut seg = path.trim_start_matches('/').splitn(3, '/');
    let first = seg.next().unwrap_or("");
    let second = seg.next().unwrap_or("");
    let rest = format!("/{}", seg.next().unwrap_or(""));
    let p = match first {
        "shops" => return Some(("shopify".into(), rest)),
        "woo" => return Some(("woocommerce".into(), rest)),
        "admin" => "shopify",
        "suppliers" => return Some((second.to_string(), rest)),
        "aliexpress" => "aliexpress",
        "cj" => "cj",
        "ebay" => "ebay",
        "track" => "17track",
        "oauth" => return Some((second.to_string(), rest)),
        "img" => "images",
        "video" => "videos",
        // Shopify's storage, where staged uploads go (`shopify::staged`).
        "shopify-storage" => "shopify-storage",
        "payments" => "payments",
        // Each sales channel is its own platform: tiktok, facebook, google-merchant.
        "channels" => return Some((second.to_string(), rest)),
        _ => return None,
    };
    Some((p.to_string(), path.to_string()))
}

enum Decision {
    Pass,
    TooMany,
    Error(u16),
    Timeout,
}

pub async fn middleware(State(app): State<AppState>, req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    if path.starts_with("/_sandbox") {
        return next.run(req).await;
    }
    let Some((platform, inner)) = platform_of(&path, req.headers()) else {
        return next.run(req).await;
    };
    let world = app.world();
    let (latency, decision) = {
        let mut rules = world.faults.rules.lock().expect("faults lock");
        let mut rng = world.faults.rng.lock().expect("rng lock");
        let mut latency = 0u64;
        let mut decision = Decision::Pass;
        for r in rules.iter_mut() {
            let plat_ok = r.platform == "*" || r.platform == platform;
            let route_ok = r.route_prefix.as_deref().is_none_or(|p| path.starts_with(p) || inner.starts_with(p));
            if !(plat_ok && route_ok) {
                continue;
            }
            latency = latency.max(r.latency_ms.unwrap_or(0));
            if !matches!(decision, Decision::Pass) {
                continue;
            }
            if let Some(n) = r.burst_429.filter(|n| *n > 0) {
                r.burst_429 = Some(n - 1);
                decision = Decision::TooMany;
            } else if r.timeout_rate.is_some_and(|t| rng.random::<f64>() < t) {
                decision = Decision::Timeout;
            } else if r.error_rate.is_some_and(|e| rng.random::<f64>() < e) {
                decision = Decision::Error([500, 502, 503][rng.random_range(0..3)]);
            }
        }
        (latency, decision)
    };
    if latency > 0 {
        tokio::time::sleep(Duration::from_millis(latency)).await;
    }
    match decision {
        Decision::Pass => next.run(req).await,
        Decision::TooMany => {
            tracing::info!(%platform, %path, "fault: 429");
            // The payment vendor answers in Stripe's error shape, as every one of its refusals.
            let body = if platform == "payments" {
                serde_json::json!({"error": {"type": "invalid_request_error", "code": "rate_limit", "message": "Too many requests hit the API too quickly (sandbox fault: burst_429)"}})
            } else {
                serde_json::json!({"errors": "Exceeded request limit (sandbox fault: burst_429)"})
            };
            (StatusCode::TOO_MANY_REQUESTS, [("retry-after", "1")], axum::Json(body)).into_response()
        }
        Decision::Error(code) => {
            tracing::info!(%platform, %path, code, "fault: 5xx");
            let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let body = if platform == "payments" {
                serde_json::json!({"error": {"type": "api_error", "message": "An unknown error occurred (sandbox fault: error_rate)"}})
            } else {
                serde_json::json!({"errors": "Internal error (sandbox fault: error_rate)"})
            };
            (status, axum::Json(body)).into_response()
        }
        Decision::Timeout => {
            tracing::info!(%platform, %path, "fault: timeout");
            tokio::time::sleep(Duration::from_millis(app.config().fault_timeout_ms)).await;
            if platform == "payments" {
                let body = serde_json::json!({"error": {"type": "api_error", "message": "upstream timed out (sandbox fault: timeout_rate)"}});
                return (StatusCode::GATEWAY_TIMEOUT, axum::Json(body)).into_response();
            }
            (StatusCode::GATEWAY_TIMEOUT, "upstream timed out (sandbox fault: timeout_rate)").into_response()
        }
    }
}
