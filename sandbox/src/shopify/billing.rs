//! Shopify's Billing API for the app: app subscriptions a merchant approves or declines on a
//! confirmation page, their life (PENDING, then ACTIVE, DECLINED or EXPIRED after two days
//! unapproved; an ACTIVE one CANCELLED by the app or by a newer approved one, FROZEN while the
//! shop does not pay), usage records against a capped amount, and the
//! `app_subscriptions/update` webhook on every status change. The GraphQL side is
//! `graphql/billing.rs`.
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::HashMap;

use super::model::{gid, normalize_shop};
use super::webhooks::fire;
use super::{read_shop, with_shop};
use crate::AppState;
use crate::util::{enc, found, json_error, money, rfc3339};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// An unapproved subscription expires after two days (`AppSubscriptionStatus.EXPIRED`).
const APPROVAL_WINDOW_MS: i64 = 2 * DAY_MS;

#[derive(Debug, Clone, Serialize, PartialEq)]
pub enum Pricing {
    Recurring { price_cents: i64, currency: String, interval: String },
    Usage { capped_cents: i64, balance_cents: i64, currency: String, terms: String, interval: String },
}

#[derive(Debug, Clone, Serialize)]
pub struct LineItem {
    pub id: u64,
    pub pricing: Pricing,
}

#[derive(Debug, Clone, Serialize)]
pub struct UsageRecord {
    pub id: u64,
    pub line_item_id: u64,
    pub description: String,
    pub price_cents: i64,
    pub currency: String,
    pub idempotency_key: Option<String>,
    pub created_ms: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Subscription {
    pub id: u64,
    pub name: String,
    /// AppSubscriptionStatus value.
    pub status: String,
    pub test: bool,
    pub trial_days: i32,
    pub return_url: String,
    pub line_items: Vec<LineItem>,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub current_period_end_ms: Option<i64>,
    /// What the confirmation page's address carries, so only that page can approve it.
    pub signature: String,
}

impl Subscription {
    pub fn recurring(&self) -> Option<(i64, &str, &str)> {
        self.line_items.iter().find_map(|l| match &l.pricing {
            Pricing::Recurring { price_cents, currency, interval } => Some((*price_cents, currency.as_str(), interval.as_str())),
            _ => None,
        })
    }
    fn interval_ms(&self) -> i64 {
        let interval = self.line_items.iter().map(|l| match &l.pricing {
            Pricing::Recurring { interval, .. } | Pricing::Usage { interval, .. } => interval.as_str(),
        });
        if interval.into_iter().any(|i| i == "ANNUAL") { 365 * DAY_MS } else { 30 * DAY_MS }
    }
}

#[derive(Debug, Clone, Serialize, Default)]
pub struct Billing {
    pub subscriptions: Vec<Subscription>,
    pub usage_records: Vec<UsageRecord>,
}

impl Billing {
    /// The installation's `activeSubscriptions`: the ACTIVE ones (one recurring at most), newest
    /// first. A FROZEN one is on hold and billed no more until the shop pays.
    pub fn active(&self) -> Vec<Subscription> {
        let mut v: Vec<Subscription> = self.subscriptions.iter().filter(|s| s.status == "ACTIVE").cloned().collect();
        v.sort_by_key(|s| std::cmp::Reverse(s.created_ms));
        v
    }
}

/// The `app_subscriptions/update` body: the subscription in REST form.
pub fn webhook_body(shop_id: u64, s: &Subscription) -> Value {
    let mut body = json!({
        "admin_graphql_api_id": gid("AppSubscription", s.id),
        "name": s.name,
        "status": s.status,
        "admin_graphql_api_shop_id": gid("Shop", shop_id),
        "created_at": rfc3339(s.created_ms),
        "updated_at": rfc3339(s.updated_ms),
    });
    for l in &s.line_items {
        match &l.pricing {
            Pricing::Recurring { price_cents, currency, interval } => {
                body["price"] = json!(money(*price_cents));
                body["currency"] = json!(currency);
                body["interval"] = json!(interval.to_lowercase());
            }
            Pricing::Usage { capped_cents, currency, .. } => {
                body["capped_amount"] = json!(money(*capped_cents));
                body["currency"] = json!(currency);
            }
        }
    }
    json!({ "app_subscription": body })
}

/// Moves subscription `id` to `status` and tells the app. Approving one cancels the shop's
/// other active recurring subscription: an installation has one plan at a time.
pub fn set_status(app: &AppState, shop: &str, id: u64, status: &str) -> bool {
    let w = app.world();
    let now = w.clock.now_ms();
    let changed = with_shop(&w, shop, |s| {
        let shop_id = s.id;
        let Some(i) = s.billing.subscriptions.iter().position(|x| x.id == id) else { return vec![] };
        if s.billing.subscriptions[i].status == status {
            return vec![];
        }
        let mut changed = vec![];
        if status == "ACTIVE" && s.billing.subscriptions[i].status == "PENDING" {
            for other in s.billing.subscriptions.iter_mut().filter(|x| x.id != id && (x.status == "ACTIVE" || x.status == "FROZEN")) {
                other.status = "CANCELLED".into();
                other.updated_ms = now;
                changed.push(webhook_body(shop_id, other));
            }
            let sub = &mut s.billing.subscriptions[i];
            let trial = i64::from(sub.trial_days) * DAY_MS;
            sub.current_period_end_ms = Some(now + trial + sub.interval_ms());
        }
        let sub = &mut s.billing.subscriptions[i];
        sub.status = status.into();
        sub.updated_ms = now;
        changed.push(webhook_body(shop_id, sub));
        changed
    });
    let any = !changed.is_empty();
    for body in changed {
        fire(app, shop, "APP_SUBSCRIPTIONS_UPDATE", body);
    }
    any
}

/// What the sandbox clock made happen since the last look: unapproved subscriptions expire after
/// two days, and an active one starts a new period (its usage balance back to zero).
pub fn settle(app: &AppState, shop: &str) {
    let w = app.world();
    let now = w.clock.now_ms();
    let expired: Vec<u64> = read_shop(&w, shop, |s| {
        s.billing.subscriptions.iter().filter(|x| x.status == "PENDING" && now - x.created_ms > APPROVAL_WINDOW_MS).map(|x| x.id).collect()
    })
    .unwrap_or_default();
    for id in expired {
        set_status(app, shop, id, "EXPIRED");
    }
    with_shop(&w, shop, |s| {
        for sub in s.billing.subscriptions.iter_mut().filter(|x| x.status == "ACTIVE") {
            let step = sub.interval_ms();
            while let Some(end) = sub.current_period_end_ms.filter(|e| *e <= now) {
                sub.current_period_end_ms = Some(end + step);
                for l in &mut sub.line_items {
                    if let Pricing::Usage { balance_cents, .. } = &mut l.pricing {
                        *balance_cents = 0;
                    }
                }
            }
        }
    });
}

pub fn routes() -> Router<AppState> {
    let page = "/shops/{shop}/admin/charges/{id}/RecurringApplicationCharge/confirm_recurring_application_charge";
    Router::new()
        .route(page, get(confirmation_page))
        .route("/shops/{shop}/admin/charges/{id}/RecurringApplicationCharge/{decision}", post(decide))
        .route("/_sandbox/shopify/{shop}/app_subscriptions/{id}/status", post(force_status))
}

/// The confirmation address `appSubscriptionCreate` answers.
pub fn confirmation_url(base: &str, shop: &str, s: &Subscription) -> String {
    format!("{base}/shops/{shop}/admin/charges/{}/RecurringApplicationCharge/confirm_recurring_application_charge?signature={}", s.id, enc(&s.signature))
}

fn find(app: &AppState, shop: &str, id: u64, signature: Option<&str>) -> Option<Subscription> {
    let w = app.world();
    read_shop(&w, shop, |s| s.billing.subscriptions.iter().find(|x| x.id == id).cloned()).flatten().filter(|s| signature.is_none_or(|sig| sig == s.signature))
}

async fn confirmation_page(State(app): State<AppState>, Path((shop, id)): Path<(String, u64)>, Query(q): Query<HashMap<String, String>>) -> Response {
    let shop = normalize_shop(&shop);
    settle(&app, &shop);
    let Some(sub) = find(&app, &shop, id, Some(q.get("signature").map(String::as_str).unwrap_or(""))) else {
        return (StatusCode::NOT_FOUND, "This charge does not exist").into_response();
    };
    if sub.status != "PENDING" {
        return Html(format!("<h1>{}</h1><p>This charge is {}.</p>", sub.name, sub.status.to_lowercase())).into_response();
    }
    let price = sub.recurring().map(|(c, cur, i)| format!("{} {cur} {}", money(c), if i == "ANNUAL" { "every year" } else { "every 30 days" }));
    let form = |d: &str, label: &str| {
        format!(
            r#"<form method="post" action="/shops/{shop}/admin/charges/{id}/RecurringApplicationCharge/{d}?signature={}"><button type="submit" data-decision="{d}">{label}</button></form>"#,
            enc(&sub.signature)
        )
    };
    Html(format!(
        "<!doctype html><title>Approve subscription</title><h1>{}</h1><p>{}</p>{}{}{}",
        sub.name,
        price.unwrap_or_default(),
        if sub.test { "<p>Test charge: the shop will not be billed.</p>" } else { "" },
        form("approve", "Approve"),
        form("decline", "Cancel")
    ))
    .into_response()
}

/// The merchant's answer: back to the app's `returnUrl` with `charge_id`, as Shopify does.
async fn decide(State(app): State<AppState>, Path((shop, id, decision)): Path<(String, u64, String)>, Query(q): Query<HashMap<String, String>>) -> Response {
    let shop = normalize_shop(&shop);
    settle(&app, &shop);
    let Some(sub) = find(&app, &shop, id, Some(q.get("signature").map(String::as_str).unwrap_or(""))) else {
        return (StatusCode::NOT_FOUND, "This charge does not exist").into_response();
    };
    let status = match decision.as_str() {
        "approve" => "ACTIVE",
        "decline" => "DECLINED",
        _ => return (StatusCode::NOT_FOUND, "unknown decision").into_response(),
    };
    if sub.status != "PENDING" {
        return json_error(StatusCode::UNPROCESSABLE_ENTITY, json!({"errors": format!("This charge is already {}", sub.status.to_lowercase())}));
    }
    set_status(&app, &shop, id, status);
    let sep = if sub.return_url.contains('?') { '&' } else { '?' };
    found(&format!("{}{sep}charge_id={id}", sub.return_url))
}

#[derive(Deserialize)]
struct StatusIn {
    status: String,
}

/// Test side: what Shopify does on its own (a shop that stops paying is FROZEN, and ACTIVE again
/// once it pays; a pending one EXPIRED).
async fn force_status(State(app): State<AppState>, Path((shop, id)): Path<(String, u64)>, Json(body): Json<StatusIn>) -> Response {
    let shop = normalize_shop(&shop);
    let Some(sub) = find(&app, &shop, id, None) else {
        return json_error(StatusCode::NOT_FOUND, json!({"error": "no such subscription"}));
    };
    let allowed =
        matches!((sub.status.as_str(), body.status.as_str()), ("ACTIVE", "FROZEN") | ("FROZEN", "ACTIVE") | ("PENDING", "EXPIRED") | ("FROZEN", "CANCELLED"));
    if !allowed {
        return json_error(StatusCode::UNPROCESSABLE_ENTITY, json!({"error": format!("Shopify does not move {} to {}", sub.status, body.status)}));
    }
    set_status(&app, &shop, id, &body.status);
    Json(json!({"id": gid("AppSubscription", id), "status": body.status})).into_response()
}
