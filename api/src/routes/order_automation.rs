//! Order automation flows (`/orders/v7/automation/panel`) and the store's fulfilment request
//! that runs the `request_fulfillment` flows. See docs/API.md "Orders (issue 7)".
use axum::extract::State;
use domain::orders::automation;
use domain::orders::automation_flows::{self, Flow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::Flows;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_flows, create_flow, update_flow, delete_flow)).routes(routes!(request_fulfillment))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct IdQuery {
    id: Option<i64>,
}

#[utoipa::path(get, path = "/orders/v7/automation/panel", responses((status = 200, body = Flows)))]
#[instrument(skip_all)]
async fn list_flows(State(state): State<AppState>, scope: Scope) -> ApiResult<Flows> {
    reply(Flows { flows: automation_flows::list(&state.pool, scope.workplace.id).await? })
}

/// Creates a flow; 422 names every bad field.
#[utoipa::path(post, path = "/orders/v7/automation/panel", request_body = Object, responses((status = 200, body = Flow)))]
#[instrument(skip_all)]
async fn create_flow(State(state): State<AppState>, scope: Scope, ApiJson(body): ApiJson<Value>) -> ApiResult<Flow> {
    let input = automation_flows::parse(&body)?;
    reply(automation_flows::save(&state.pool, scope.workplace.id, None, &input).await?)
}

/// Replaces the flow `id` (in the body, or `?id=`).
#[utoipa::path(put, path = "/orders/v7/automation/panel", params(IdQuery), request_body = Object, responses((status = 200, body = Flow)))]
#[instrument(skip_all)]
async fn update_flow(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<IdQuery>, ApiJson(body): ApiJson<Value>) -> ApiResult<Flow> {
    let id = body["id"].as_i64().or(q.id).ok_or_else(|| domain::Error::field("id", "the flow's id is required"))?;
    let input = automation_flows::parse(&body)?;
    reply(automation_flows::save(&state.pool, scope.workplace.id, Some(id), &input).await?)
}

#[utoipa::path(delete, path = "/orders/v7/automation/panel", params(IdQuery), responses((status = 200, body = Flows)))]
#[instrument(skip_all)]
async fn delete_flow(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<Flows> {
    let id = q.id.ok_or_else(|| domain::Error::field("id", "the flow's id is required"))?;
    automation_flows::delete(&state.pool, scope.workplace.id, id).await?;
    reply(Flows { flows: automation_flows::list(&state.pool, scope.workplace.id).await? })
}

/// What a fulfilment request did: the flow that ran, or `automated: false` with
/// `outcome: "no_matching_flow"`.
#[derive(Serialize, ToSchema)]
struct FulfillmentRequested {
    automated: bool,
    flow_id: Option<i64>,
    /// started (placement queued), nothing_to_place, pending (scheduled), already (ran before)
    /// or no_matching_flow.
    outcome: String,
    source_order_ids: Vec<i64>,
}

/// The store side asks Dropline to fulfil the order: the first matching active
/// `request_fulfillment` flow runs (once per flow and order).
#[utoipa::path(post, path = "/orders/{id}/request-fulfillment", params(("id" = i64, Path)), responses((status = 200, body = FulfillmentRequested)))]
#[instrument(skip_all)]
async fn request_fulfillment(State(state): State<AppState>, scope: Scope, ApiPath(id): ApiPath<i64>) -> ApiResult<FulfillmentRequested> {
    let fired = automation::request_fulfillment(&state.pool, scope.workplace.id, id).await?;
    reply(match fired {
        Some(f) => FulfillmentRequested { automated: true, flow_id: Some(f.flow_id), outcome: f.outcome, source_order_ids: f.source_order_ids },
        None => FulfillmentRequested { automated: false, flow_id: None, outcome: "no_matching_flow".into(), source_order_ids: vec![] },
    })
}
