//! The order center: list, counts, detail, logs and the user's edits to orders.
//! See docs/API.md "Orders (issue 7)". Older versions of a path answer the same.
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post, put};
use domain::orders::{edit, list, view};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::Updated;
use crate::error::{ApiError, ApiResult, reply, reply_written};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(order_list))
        .route("/orders/v4/list", get(order_list))
        .routes(routes!(count_status))
        .route("/orders/v4/count-order-status", get(count_status))
        .routes(routes!(detail))
        .route("/orders/v4/detail/{id}", get(detail))
        .routes(routes!(order_log))
        .routes(routes!(update_customer))
        .routes(routes!(save_shipping))
        .routes(routes!(multiple_shipping))
        .route("/orders/update-multiple-shipping-method", post(multiple_shipping))
        .routes(routes!(change_supplier))
        .routes(routes!(mark_order))
        .routes(routes!(mark_archive))
        .routes(routes!(update_to_fail))
        .routes(routes!(revert_order))
        .route("/orders/v4/revert", put(revert_order))
        .routes(routes!(manually_fulfill))
        .routes(routes!(columns, save_columns))
}

#[utoipa::path(get, path = "/orders/v5/list", params(list::ListQuery), responses((status = 200, body = list::OrderPage)))]
async fn order_list(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<list::ListQuery>) -> Result<Response, ApiError> {
    let filter = list::Filter::parse(&q, true)?;
    let json = list::list_json(&state.pool, &state.order_memo, scope.workplace.id, &scope.workplace.currency, &filter).await?;
    Ok(reply_written(json.len(), |out| out.extend_from_slice(&json)))
}

#[utoipa::path(get, path = "/orders/v5/count-order-status", params(list::ListQuery), responses((status = 200, body = list::OrderCounts)))]
async fn count_status(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<list::ListQuery>) -> Result<Response, ApiError> {
    let filter = list::Filter::parse(&q, false)?;
    let json = list::counts_json(&state.pool, &state.order_memo, scope.workplace.id, &filter).await?;
    Ok(reply_written(json.len(), |out| out.extend_from_slice(&json)))
}

/// The order with its log, oldest first.
#[derive(Serialize, ToSchema)]
struct OrderDetail {
    #[serde(flatten)]
    order: view::OrderView,
    logs: Vec<view::OrderLog>,
    /// The workspace's currency and the rates into it, as on the list.
    display: domain::orders::display::Display,
}

#[utoipa::path(get, path = "/orders/v5/detail/{id}", params(("id" = i64, Path)), responses((status = 200, body = OrderDetail)))]
async fn detail(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<i64>) -> ApiResult<OrderDetail> {
    let order = view::one(&state.pool, scope.workplace.id, id).await?;
    let logs = view::logs(&state.pool, scope.workplace.id, id).await?;
    let display = domain::orders::display::for_page(&state.pool, &scope.workplace.currency, std::slice::from_ref(&order)).await?;
    reply(OrderDetail { order, logs, display })
}

/// `{items}`: the order's log, oldest first.
#[derive(Serialize, ToSchema)]
struct OrderLogs {
    items: Vec<view::OrderLog>,
}

#[utoipa::path(get, path = "/orders/v4/order_log/order/{id}", params(("id" = i64, Path)), responses((status = 200, body = OrderLogs)))]
async fn order_log(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<i64>) -> ApiResult<OrderLogs> {
    view::one(&state.pool, scope.workplace.id, id).await?;
    reply(OrderLogs { items: view::logs(&state.pool, scope.workplace.id, id).await? })
}

#[derive(Deserialize, ToSchema)]
struct CustomerInput {
    order_id: i64,
    address: edit::Address,
    email: Option<String>,
}

#[utoipa::path(post, path = "/orders/update-customer", request_body = CustomerInput, responses((status = 200, body = view::OrderView)))]
async fn update_customer(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<CustomerInput>) -> ApiResult<view::OrderView> {
    edit::update_customer(&state.pool, scope.workplace.id, i.order_id, &i.address, i.email).await?;
    reply(view::one(&state.pool, scope.workplace.id, i.order_id).await?)
}

#[derive(Deserialize, ToSchema)]
struct ShippingInput {
    line_item_id: i64,
    service_name: String,
}

#[utoipa::path(post, path = "/orders/{id}/save-shipping", params(("id" = i64, Path)), request_body = ShippingInput, responses((status = 200, body = view::OrderView)))]
async fn save_shipping(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(id): ApiPath<i64>,
    ApiJson(i): ApiJson<ShippingInput>,
) -> ApiResult<view::OrderView> {
    edit::save_shipping(&state.pool, &state.suppliers, scope.workplace.id, id, i.line_item_id, &i.service_name).await?;
    reply(view::one(&state.pool, scope.workplace.id, id).await?)
}

#[derive(Deserialize, ToSchema)]
struct MultipleShipping {
    items: Vec<MultipleShippingItem>,
}

#[derive(Deserialize, ToSchema)]
struct MultipleShippingItem {
    order_id: i64,
    line_item_id: i64,
    service_name: String,
}

#[utoipa::path(post, path = "/orders/v5/update-multiple-shipping-method", request_body = MultipleShipping, responses((status = 200, body = Updated)))]
async fn multiple_shipping(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<MultipleShipping>) -> ApiResult<Updated> {
    for it in &i.items {
        edit::save_shipping(&state.pool, &state.suppliers, scope.workplace.id, it.order_id, it.line_item_id, &it.service_name).await?;
    }
    reply(Updated { updated: i.items.len() as u64 })
}

#[derive(Deserialize, ToSchema)]
struct SupplierInput {
    line_item_id: i64,
    source: String,
    source_product_id: String,
    sku_id: String,
}

#[utoipa::path(post, path = "/orders/{id}/change-supplier", params(("id" = i64, Path)), request_body = SupplierInput, responses((status = 200, body = view::OrderView)))]
async fn change_supplier(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(id): ApiPath<i64>,
    ApiJson(i): ApiJson<SupplierInput>,
) -> ApiResult<view::OrderView> {
    edit::change_supplier(
        &state.pool,
        &state.suppliers,
        &state.settings.catalogue,
        scope.workplace.id,
        id,
        i.line_item_id,
        &i.source,
        &i.source_product_id,
        &i.sku_id,
    )
    .await?;
    reply(view::one(&state.pool, scope.workplace.id, id).await?)
}

#[derive(Deserialize, ToSchema)]
struct FlagInput {
    orders: Vec<i64>,
    marked: Option<bool>,
    archived: Option<bool>,
}

#[utoipa::path(put, path = "/orders/v5/mark-order", request_body = FlagInput, responses((status = 200, body = Updated)))]
async fn mark_order(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<FlagInput>) -> ApiResult<Updated> {
    let updated = edit::set_flag(&state.pool, scope.workplace.id, &i.orders, "marked", i.marked.unwrap_or(true)).await?;
    reply(Updated { updated })
}

#[utoipa::path(put, path = "/orders/v5/mark-archive", request_body = FlagInput, responses((status = 200, body = Updated)))]
async fn mark_archive(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<FlagInput>) -> ApiResult<Updated> {
    let updated = edit::set_flag(&state.pool, scope.workplace.id, &i.orders, "archived", i.archived.unwrap_or(true)).await?;
    reply(Updated { updated })
}

#[derive(Deserialize, ToSchema)]
struct OrdersInput {
    orders: Vec<i64>,
}

#[utoipa::path(put, path = "/orders/v4/update-to-fail", request_body = OrdersInput, responses((status = 200, body = Updated)))]
async fn update_to_fail(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<OrdersInput>) -> ApiResult<Updated> {
    let updated = edit::set_failed(&state.pool, scope.workplace.id, &i.orders, true).await?;
    reply(Updated { updated })
}

#[utoipa::path(post, path = "/orders/v5/revert-order", request_body = OrdersInput, responses((status = 200, body = Updated)))]
async fn revert_order(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<OrdersInput>) -> ApiResult<Updated> {
    let updated = edit::set_failed(&state.pool, scope.workplace.id, &i.orders, false).await?;
    reply(Updated { updated })
}

#[derive(Deserialize, ToSchema)]
struct ManualInput {
    order_id: i64,
    source: String,
    order_no: String,
}

#[utoipa::path(put, path = "/orders/v4/manually-fulfill", request_body = ManualInput, responses((status = 200, body = view::OrderView)))]
async fn manually_fulfill(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<ManualInput>) -> ApiResult<view::OrderView> {
    edit::manually_fulfill(&state.pool, scope.workplace.id, i.order_id, &i.source, &i.order_no).await?;
    reply(view::one(&state.pool, scope.workplace.id, i.order_id).await?)
}

/// `{columns}`: the order list's columns as the web saved them (a list, empty when never saved).
#[derive(Serialize, ToSchema)]
struct OrderColumns {
    #[schema(value_type = Vec<Object>)]
    columns: Vec<Value>,
}

#[utoipa::path(get, path = "/core/workplaces/settings/order-column-list", responses((status = 200, body = OrderColumns)))]
async fn columns(State(state): State<AppState>, scope: Scope) -> ApiResult<OrderColumns> {
    reply(OrderColumns { columns: edit::columns(&state.pool, scope.workplace.id).await? })
}

#[derive(Deserialize, ToSchema)]
struct ColumnsInput {
    columns: Value,
}

#[utoipa::path(post, path = "/core/workplaces/settings/order-column-list", request_body = ColumnsInput, responses((status = 200, body = OrderColumns)))]
async fn save_columns(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<ColumnsInput>) -> ApiResult<OrderColumns> {
    edit::save_columns(&state.pool, scope.workplace.id, &i.columns).await?;
    // save_columns refuses anything but a list.
    let columns = match i.columns {
        Value::Array(columns) => columns,
        _ => vec![],
    };
    reply(OrderColumns { columns })
}
