//! GraphQL Admin API endpoint: token check, cost-based throttling, then the
//! async-graphql schema (Shopify's type and field names) does the work.
//! We parse the HTTP body ourselves instead of using async-graphql-axum so
//! auth, throttling and `extensions.cost` stay in one place.
use std::sync::{Arc, OnceLock};

use async_graphql::{Context, EmptySubscription, MergedObject, Schema, Variables};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::model::{Shop, normalize_shop};
use super::{shop_from_headers, with_shop};
use crate::AppState;
use crate::state::World;
use crate::util::json_error;

mod billing;
mod bulk;
mod codes;
mod collections;
pub mod cost;
mod enums;
mod fulfil;
mod inputs;
mod locations;
mod product_set;
mod products;
mod publications;
mod query;
pub mod scalars;
mod staged;
mod types;
mod types_orders;

#[derive(MergedObject, Default)]
pub struct Mutation(
    products::ProductMutation,
    fulfil::FulfilMutation,
    billing::BillingMutation,
    staged::StagedMutation,
    collections::CollectionMutation,
    bulk::BulkMutation,
);

/// Shopify names its root query type `QueryRoot`.
#[derive(MergedObject, Default)]
pub struct QueryRoot(query::Query, locations::LocationQuery, billing::BillingQuery, collections::CollectionQuery, bulk::BulkQuery);

pub type AdminSchema = Schema<QueryRoot, Mutation, EmptySubscription>;

fn schema() -> &'static AdminSchema {
    static SCHEMA: OnceLock<AdminSchema> = OnceLock::new();
    SCHEMA.get_or_init(|| Schema::build(QueryRoot::default(), Mutation::default(), EmptySubscription).finish())
}

/// Per-request context handed to resolvers.
pub struct Gql {
    pub app: AppState,
    pub world: Arc<World>,
    pub shop: String,
    pub version: String,
    /// A line of a bulk operation (`bulk.rs`), not a call of the app's own.
    pub in_bulk: bool,
}

impl Gql {
    pub fn read<R>(&self, f: impl FnOnce(&Shop) -> R) -> R {
        with_shop(&self.world, &self.shop, |s| f(s))
    }
    pub fn write<R>(&self, f: impl FnOnce(&mut Shop) -> R) -> R {
        with_shop(&self.world, &self.shop, f)
    }
    pub fn now_ms(&self) -> i64 {
        self.world.clock.now_ms()
    }
}

pub fn gql<'a>(ctx: &'a Context<'_>) -> &'a Gql {
    ctx.data_unchecked::<Gql>()
}

pub async fn handle_prefixed(app: State<AppState>, Path((shop, version)): Path<(String, String)>, headers: HeaderMap, body: Bytes) -> Response {
    handle(app, normalize_shop(&shop), version, headers, body).await
}

pub async fn handle_host(app: State<AppState>, Path(version): Path<String>, headers: HeaderMap, body: Bytes) -> Response {
    match shop_from_headers(&headers, None) {
        Some(shop) => handle(app, shop, version, headers, body).await,
        None => (StatusCode::NOT_FOUND, "unknown shop: use /shops/{shop}/admin/api/... or X-Shop-Domain").into_response(),
    }
}

fn authorized(w: &World, shop: &str, headers: &HeaderMap) -> bool {
    let Some(token) = headers.get("x-shopify-access-token").and_then(|v| v.to_str().ok()) else { return false };
    let st = w.shopify.read().expect("shopify lock");
    st.tokens.get(token).is_some_and(|s| s == shop) && st.shops.get(shop).is_some_and(|s| s.installed)
}

/// The Admin API versions served: Shopify's stable versions whose published schemas the contract
/// test holds the sandbox against (`sandbox/contracts`).
pub const SUPPORTED_VERSIONS: [&str; 5] = ["2025-10", "2026-01", "2026-04", "2026-07", "2026-10"];

/// A version Shopify no longer supports (or never had) falls forward to the oldest supported
/// stable one; every answer says which version served it.
pub fn served_version(requested: &str) -> &'static str {
    SUPPORTED_VERSIONS.iter().find(|v| **v == requested).copied().unwrap_or(SUPPORTED_VERSIONS[0])
}

async fn handle(app: State<AppState>, shop: String, version: String, headers: HeaderMap, body: Bytes) -> Response {
    let served = served_version(&version);
    let mut response = serve(app, shop, served.to_string(), headers, body).await;
    response.headers_mut().insert("x-shopify-api-version", axum::http::HeaderValue::from_static(served));
    response
}

/// The Admin schema as SDL, for the contract test (`sandbox --shopify-schema`).
pub fn sdl() -> String {
    schema().sdl()
}

async fn serve(State(app): State<AppState>, shop: String, version: String, headers: HeaderMap, body: Bytes) -> Response {
    let w = app.world();
    if !authorized(&w, &shop, &headers) {
        return json_error(StatusCode::UNAUTHORIZED, json!({"errors": "[API] Invalid API key or access token (unrecognized login or wrong password)"}));
    }
    let is_graphql = headers.get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|c| c.starts_with("application/graphql"));
    let (query, vars, op) = if is_graphql {
        (String::from_utf8_lossy(&body).into_owned(), Value::Null, None)
    } else {
        let Ok(v) = serde_json::from_slice::<Value>(&body) else {
            return json_error(StatusCode::BAD_REQUEST, json!({"errors": {"query": "Required parameter missing or invalid"}}));
        };
        let q = v.get("query").and_then(Value::as_str).unwrap_or("").to_string();
        let op = v.get("operationName").and_then(Value::as_str).map(str::to_string);
        (q, v.get("variables").cloned().unwrap_or(Value::Null), op)
    };
    if query.is_empty() {
        return json_error(StatusCode::BAD_REQUEST, json!({"errors": {"query": "Required parameter missing or invalid"}}));
    }
    let requested = cost::requested_cost(&query, op.as_deref(), &vars).unwrap_or(1);
    if requested > cost::MAX_QUERY_COST {
        return axum::Json(json!({"errors": [{
            "message": format!("Query cost is {requested}, which exceeds the single query max cost limit ({}).", cost::MAX_QUERY_COST),
            "extensions": {"code": "MAX_COST_EXCEEDED", "cost": requested, "maxCost": cost::MAX_QUERY_COST}
        }]}))
        .into_response();
    }
    let now = w.clock.now_ms();
    let (throttled, bucket) = with_shop(&w, &shop, |s| {
        cost::refill(&mut s.throttle, now);
        let throttled = s.throttle.enabled && s.throttle.available < requested as f64;
        if !throttled && s.throttle.enabled {
            s.throttle.available -= requested as f64;
            s.throttle.points_charged += requested as f64;
        }
        if throttled {
            s.throttle.throttled_replies += 1;
        }
        (throttled, s.throttle.clone())
    });
    if throttled {
        tracing::info!(%shop, requested, available = bucket.available, "shopify: THROTTLED");
        return axum::Json(json!({
            "errors": [{"message": "Throttled", "extensions": {"code": "THROTTLED", "documentation": "https://shopify.dev/api/usage/rate-limits"}}],
            "extensions": cost::cost_extension(requested, 0, &bucket),
        }))
        .into_response();
    }
    let mut req = async_graphql::Request::new(query.clone()).variables(Variables::from_json(vars.clone()));
    if let Some(op) = &op {
        req = req.operation_name(op);
    }
    let ctx = Gql { app: app.clone(), world: w.clone(), shop: shop.clone(), version, in_bulk: false };
    let resp = schema().execute(req.data(ctx)).await;
    let mut out = serde_json::to_value(&resp).unwrap_or_else(|_| json!({}));
    // The bucket gets back what the answer did not use (Shopify's refund of requested over actual).
    let actual = cost::actual_cost(&query, op.as_deref(), &vars, &out).unwrap_or(requested).min(requested);
    let bucket = match (bucket.enabled, requested - actual) {
        (true, refund) if refund > 0 => with_shop(&w, &shop, |s| {
            cost::refill(&mut s.throttle, w.clock.now_ms());
            s.throttle.available = (s.throttle.available + refund as f64).min(s.throttle.maximum);
            s.throttle.points_charged -= refund as f64;
            s.throttle.clone()
        }),
        _ => bucket,
    };
    out["extensions"] = cost::cost_extension(requested, actual, &bucket);
    axum::Json(out).into_response()
}
