//! Health, the current plan, and the development outbox.
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use domain::store::outbox;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies_setup::OutboxList;
use crate::error::{ApiResult, Envelope, code, reply};
use crate::extract::ApiQuery;
use crate::startup::AppState;

pub fn router(dev_outbox: bool) -> OpenApiRouter<AppState> {
    let r = OpenApiRouter::new().routes(routes!(health));
    if dev_outbox { r.routes(routes!(dev_outbox_list)) } else { r }
}

#[derive(Serialize, ToSchema)]
struct Health {
    postgres: bool,
    redis: bool,
}

/// PostgreSQL and Redis reachability; HTTP 503 when either is down.
#[utoipa::path(get, path = "/health", responses((status = 200, body = Health), (status = 503, body = Health)))]
async fn health(State(state): State<AppState>) -> Response {
    let postgres = domain::db::ping(&state.pool).await;
    let redis = match &state.queues {
        Some(q) => q.ping().await,
        None => false,
    };
    let up = postgres && redis;
    let body = Envelope {
        status: if up { code::OK } else { code::SERVER_ERROR },
        success: up,
        message: if up { "OK".into() } else { "A backing service is unreachable".into() },
        data: Health { postgres, redis },
        errors: None,
    };
    let http = if up { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (http, axum::Json(body)).into_response()
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct OutboxQuery {
    to: String,
}

/// Development only: emails written to the outbox for an address, newest first.
#[utoipa::path(get, path = "/dev/outbox", params(OutboxQuery), responses((status = 200, body = OutboxList)))]
async fn dev_outbox_list(State(state): State<AppState>, ApiQuery(q): ApiQuery<OutboxQuery>) -> ApiResult<OutboxList> {
    let items = outbox::to_address(&state.pool, q.to.trim(), 20).await?;
    // The dashboard follows relative links; the stored link carries the configured base URL.
    let base = state.settings.application.base_url.trim_end_matches('/').to_string();
    let items = items
        .into_iter()
        .map(|m| {
            let link = m.link.as_deref().map(|l| l.strip_prefix(&base).unwrap_or(l).to_string());
            outbox::OutboxEmail { link, ..m }
        })
        .collect();
    reply(OutboxList { items })
}
