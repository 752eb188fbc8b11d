//! The owner's own AliExpress account, where AliExpress orders are created and paid: see it,
//! sign in (the authorisation page's address, then the code and state AliExpress sent back),
//! disconnect.
use axum::extract::State;
use domain::orders::aliexpress_account::{self, AliExpressAccount};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::UrlReply;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(aliexpress_account))
        .routes(routes!(aliexpress_auth))
        .routes(routes!(aliexpress_callback))
        .routes(routes!(aliexpress_disconnect))
}

#[derive(Serialize, ToSchema)]
struct AliExpressAccountReply {
    account: AliExpressAccount,
}

#[utoipa::path(get, path = "/suppliers/aliexpress/account", responses((status = 200, body = AliExpressAccountReply)))]
async fn aliexpress_account(State(state): State<AppState>, scope: Scope) -> ApiResult<AliExpressAccountReply> {
    reply(AliExpressAccountReply { account: aliexpress_account::view(&state.pool, scope.workplace.id).await? })
}

/// AliExpress's sign-in page for this workplace.
#[utoipa::path(post, path = "/suppliers/aliexpress/auth", responses((status = 200, body = UrlReply)))]
async fn aliexpress_auth(State(state): State<AppState>, scope: Scope) -> ApiResult<UrlReply> {
    let url = aliexpress_account::start(&state.pool, &state.settings, &state.suppliers, scope.user_id, scope.workplace.id).await?;
    reply(UrlReply { url })
}

#[derive(Deserialize, ToSchema)]
struct AliExpressCallbackInput {
    code: String,
    state: String,
}

#[utoipa::path(post, path = "/suppliers/aliexpress/callback", request_body = AliExpressCallbackInput, responses((status = 200, body = AliExpressAccountReply)))]
async fn aliexpress_callback(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<AliExpressCallbackInput>) -> ApiResult<AliExpressAccountReply> {
    let account = aliexpress_account::finish(&state.pool, &state.sealer, &state.suppliers, scope.user_id, scope.workplace.id, &i.code, &i.state).await?;
    reply(AliExpressAccountReply { account })
}

#[utoipa::path(post, path = "/suppliers/aliexpress/disconnect", responses((status = 200, body = AliExpressAccountReply)))]
async fn aliexpress_disconnect(State(state): State<AppState>, scope: Scope) -> ApiResult<AliExpressAccountReply> {
    reply(AliExpressAccountReply { account: aliexpress_account::disconnect(&state.pool, scope.workplace.id).await? })
}
