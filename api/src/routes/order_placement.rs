//! Placing and paying supplier orders, and the placement toast.
//! See docs/API.md "Orders (issue 7)".
use axum::extract::State;
use axum::routing::post;
use domain::orders::place::{self, PayWith, PlacementItem};
use domain::orders::{pay, preview};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::Placements;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(order_preview))
        .route("/orders/order-preview", post(order_preview))
        .routes(routes!(order_confirm))
        .route("/orders/order-confirm", post(order_confirm))
        .routes(routes!(create))
        .routes(routes!(place_orders))
        .routes(routes!(placements))
        .routes(routes!(placement_event))
        .routes(routes!(payment))
        .route("/orders/v4/payment", post(payment))
        .routes(routes!(retry_all))
}

#[derive(Deserialize, ToSchema)]
struct OrderIds {
    order_ids: Vec<i64>,
}

#[utoipa::path(post, path = "/orders/v4/preview", request_body = OrderIds, responses((status = 200, body = preview::OrderPreview)))]
async fn order_preview(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<OrderIds>) -> ApiResult<preview::OrderPreview> {
    reply(preview::preview(&state.pool, &state.suppliers, scope.workplace.id, &i.order_ids, false).await?)
}

#[utoipa::path(post, path = "/orders/v4/confirm", request_body = OrderIds, responses((status = 200, body = preview::OrderPreview)))]
async fn order_confirm(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<OrderIds>) -> ApiResult<preview::OrderPreview> {
    reply(preview::preview(&state.pool, &state.suppliers, scope.workplace.id, &i.order_ids, true).await?)
}

#[derive(Deserialize, ToSchema)]
struct CreateInput {
    #[serde(default)]
    order_ids: Vec<i64>,
    #[serde(default)]
    all_ready: bool,
    source: Option<String>,
    pay: Option<PayWith>,
}

async fn start(state: &AppState, scope: &Scope, i: CreateInput) -> ApiResult<Placements> {
    let ids = if i.all_ready { domain::orders::list::ready_ids(&state.pool, scope.workplace.id).await? } else { i.order_ids };
    if ids.len() > 1 {
        place::check_bulk(&state.pool, scope.workplace.id).await?;
    }
    let items = place::start(&state.pool, scope.workplace.id, &ids, i.source.as_deref(), i.pay).await?;
    reply(Placements { items })
}

/// Places the orders: one supplier order per order and source, each by its own job.
#[utoipa::path(post, path = "/orders/v5/create", request_body = CreateInput, responses((status = 200, body = Placements)))]
async fn create(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<CreateInput>) -> ApiResult<Placements> {
    start(&state, &scope, i).await
}

/// Bulk placement (BULK_ORDER_FULFILLMENT).
#[utoipa::path(post, path = "/orders/place-orders", request_body = CreateInput, responses((status = 200, body = Placements)))]
async fn place_orders(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<CreateInput>) -> ApiResult<Placements> {
    place::check_bulk(&state.pool, scope.workplace.id).await?;
    start(&state, &scope, i).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PlacementQuery {
    /// Comma-separated source order ids; none: the toast's items of the last day.
    ids: Option<String>,
}

fn id_list(field: &str, s: Option<&str>) -> Result<Option<Vec<i64>>, domain::Error> {
    match s.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => s
            .split(',')
            .map(|i| i.trim().parse::<i64>())
            .collect::<Result<_, _>>()
            .map(Some)
            .map_err(|_| domain::Error::field(field, "a comma-separated list of ids")),
    }
}

#[utoipa::path(get, path = "/orders/placements", params(PlacementQuery), responses((status = 200, body = Placements)))]
async fn placements(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<PlacementQuery>) -> ApiResult<Placements> {
    let ids = id_list("ids", q.ids.as_deref())?;
    let items: Vec<PlacementItem> = place::items(&state.pool, scope.workplace.id, ids.as_deref()).await?;
    reply(Placements { items })
}

#[derive(Deserialize, ToSchema)]
struct EventInput {
    source: Option<String>,
    id: Option<i64>,
}

/// `{changed, items}`: how many supplier orders the event changed, and the toast's items now.
#[derive(Serialize, ToSchema)]
struct PlacementEventReply {
    changed: u64,
    items: Vec<PlacementItem>,
}

/// The toast's events: `start` and `update` are the create call and polling; `stop`, `remove`, `clear` land here.
#[utoipa::path(post, path = "/orders/placements/{event}", params(("event" = String, Path)), request_body = EventInput, responses((status = 200, body = PlacementEventReply)))]
async fn placement_event(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(event): ApiPath<String>,
    ApiJson(i): ApiJson<EventInput>,
) -> ApiResult<PlacementEventReply> {
    let wp = scope.workplace.id;
    let changed = match event.as_str() {
        "stop" => place::stop(&state.pool, wp, i.source.as_deref().ok_or_else(|| domain::Error::field("source", "source is required"))?).await?,
        "remove" => place::dismiss(&state.pool, wp, Some(i.id.ok_or_else(|| domain::Error::field("id", "id is required"))?)).await?,
        "clear" => place::dismiss(&state.pool, wp, None).await?,
        other => return Err(domain::Error::field("event", format!("unknown event {other}: stop, remove or clear")).into()),
    };
    reply(PlacementEventReply { changed, items: place::items(&state.pool, wp, None).await? })
}

#[derive(Deserialize, ToSchema)]
struct PaymentInput {
    source_order_ids: Vec<i64>,
    method: String,
}

/// Pays waiting supplier orders (each by its job); the wallet's balance must cover them all.
#[utoipa::path(post, path = "/orders/v5/payment", request_body = PaymentInput, responses((status = 200, body = Placements)))]
async fn payment(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<PaymentInput>) -> ApiResult<Placements> {
    let ids = pay::request(&state.pool, scope.workplace.id, &i.source_order_ids, &i.method).await?;
    reply(Placements { items: place::items(&state.pool, scope.workplace.id, Some(&ids)).await? })
}

/// Pays every waiting supplier order with the saved method.
#[utoipa::path(get, path = "/orders/v6/payments/retry-all", responses((status = 200, body = Placements)))]
async fn retry_all(State(state): State<AppState>, scope: Scope) -> ApiResult<Placements> {
    let wp = scope.workplace.id;
    let waiting = pay::waiting_ids(&state.pool, wp).await?;
    let method = pay::saved_method(&state.pool, wp).await?;
    let ids = pay::request(&state.pool, wp, &waiting, &method).await?;
    reply(Placements { items: place::items(&state.pool, wp, Some(&ids)).await? })
}
