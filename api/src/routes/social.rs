//! Google and Facebook sign-in (spec section 7: `auth/social/{social}`, `auth/callback/{social}`).
use axum::extract::State;
use domain::accounts::{self, social};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::auth::SignedIn;
use super::replies::UrlReply;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiPath, ApiQuery, AppHeader};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(start)).routes(routes!(social_callback))
}

/// The provider address the browser goes to (google or facebook).
#[utoipa::path(get, path = "/auth/social/{social}", params(("social" = String, Path)), responses((status = 200, body = UrlReply)))]
async fn start(State(state): State<AppState>, ApiPath(name): ApiPath<String>) -> ApiResult<UrlReply> {
    let url = social::start(&state.pool, &state.settings, &name).await?;
    reply(UrlReply { url })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CallbackQuery {
    code: String,
    state: String,
}

/// Finishes the sign-in from the provider's redirect: a new account is created on first use.
#[utoipa::path(get, path = "/auth/callback/{social}", params(("social" = String, Path), CallbackQuery), responses((status = 200, body = SignedIn)))]
async fn social_callback(
    State(state): State<AppState>,
    AppHeader(app): AppHeader,
    ApiPath(name): ApiPath<String>,
    ApiQuery(q): ApiQuery<CallbackQuery>,
) -> ApiResult<SignedIn> {
    let session = social::finish(&state.pool, &state.settings, &name, &q.code, &q.state, app).await?;
    let viewer = accounts::Viewer { client: app, billing: state.settings.plans.billing };
    let user = accounts::account_view(&state.pool, session.user_id, viewer).await?;
    reply(SignedIn { token: session.token, expires_at: session.expires_at, user })
}
