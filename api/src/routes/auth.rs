//! Sign-up, sign-in, verification and password reset (spec section 7, "Account and auth").
use axum::extract::State;
use domain::accounts::{self, AccountView, RegisterInput};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::replies::ProgressReply;
use super::replies_setup::Registered;
use crate::error::{ApiError, ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, AppHeader, AuthUser, ClientAddr, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(auto_login))
        .routes(routes!(embedded_config))
        .routes(routes!(logout))
        .routes(routes!(verify_email))
        .routes(routes!(send_verification_email))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(first_time_in_app))
}

/// A session handed to the client with the account it belongs to.
#[derive(Serialize, ToSchema)]
pub(super) struct SignedIn {
    pub token: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
    pub user: AccountView,
}

async fn signed_in(state: &AppState, session: accounts::Session) -> ApiResult<SignedIn> {
    let viewer = accounts::Viewer { billing: state.settings.plans.billing, ..accounts::Viewer::web() };
    let user = accounts::account_view(&state.pool, session.user_id, viewer).await?;
    reply(SignedIn { token: session.token, expires_at: session.expires_at, user })
}

/// Creates an account and its first workplace, and emails a verification link.
#[utoipa::path(post, path = "/auth/register", request_body = RegisterInput, responses((status = 200, body = Registered)))]
async fn register(State(state): State<AppState>, AppHeader(app): AppHeader, ApiJson(input): ApiJson<RegisterInput>) -> ApiResult<Registered> {
    let (id, email) = accounts::register(&state.pool, &state.settings, input).await?;
    if app != accounts::flags::ClientApp::Web {
        accounts::flags::set_signup_app(&state.pool, id, app).await?;
    }
    reply(Registered { id, email })
}

#[derive(Deserialize, ToSchema)]
struct LoginInput {
    email: String,
    password: String,
}

/// Email and password sign-in; EMAIL_NOT_VERIFIED (110) before verification, RATE_LIMIT (229)
/// after repeated failures.
#[utoipa::path(post, path = "/auth/login", request_body = LoginInput, responses((status = 200, body = SignedIn)))]
async fn login(State(state): State<AppState>, ClientAddr(addr): ClientAddr, ApiJson(input): ApiJson<LoginInput>) -> ApiResult<SignedIn> {
    let session = accounts::login(&state.pool, &state.settings, &input.email, &input.password, &addr).await?;
    signed_in(&state, session).await
}

#[derive(Deserialize, ToSchema)]
struct AutoLoginInput {
    /// The session token App Bridge gave the dashboard inside the store's admin.
    session_token: String,
}

/// Signs in the owner of the shop a Shopify session token names, installing the store through
/// Shopify's token exchange first when it is not connected. A bad, foreign or expired token is
/// UNAUTHORIZED (101); an owner email that already has an account is
/// STORE_INSTALL_WITHOUT_SIGNIN (114).
#[utoipa::path(post, path = "/auth/platform/{platform}/auto-login", params(("platform" = String, Path)), request_body = AutoLoginInput, responses((status = 200, body = SignedIn)))]
async fn auto_login(State(state): State<AppState>, ApiPath(platform): ApiPath<String>, ApiJson(input): ApiJson<AutoLoginInput>) -> ApiResult<SignedIn> {
    let session = domain::stores::embedded::auto_login(&state.pool, &state.settings, &state.sealer, &platform, &input.session_token).await?;
    signed_in(&state, session).await
}

#[derive(Serialize, ToSchema)]
struct EmbeddedConfig {
    /// The app's client id (App Bridge's `shopify-api-key`).
    api_key: String,
    /// The App Bridge script to load.
    app_bridge_url: String,
}

/// What the dashboard embedded in the Shopify admin needs before it can ask App Bridge for a
/// session token.
#[utoipa::path(get, path = "/auth/platform/shopify/embedded-config", responses((status = 200, body = EmbeddedConfig)))]
async fn embedded_config(State(state): State<AppState>) -> ApiResult<EmbeddedConfig> {
    let s = &state.settings.shopify;
    reply(EmbeddedConfig { api_key: s.client_id.clone(), app_bridge_url: s.app_bridge_url.clone() })
}

/// Revokes the bearer token.
#[utoipa::path(post, path = "/auth/logout", responses((status = 200, description = "data: null")))]
async fn logout(State(state): State<AppState>, user: AuthUser) -> ApiResult<()> {
    accounts::logout(&state.pool, &user.token).await?;
    state.scope_cache.forget_token(&accounts::digest(&user.token));
    reply(())
}

/// Confirms the address from the emailed link and signs the user in.
#[utoipa::path(get, path = "/auth/verify-email/{id}/{code}/", params(("id" = Uuid, Path), ("code" = String, Path)), responses((status = 200, body = SignedIn)))]
async fn verify_email(State(state): State<AppState>, ApiPath((id, code)): ApiPath<(Uuid, String)>) -> ApiResult<SignedIn> {
    let session = accounts::verify_email(&state.pool, &state.settings, id, &code).await?;
    signed_in(&state, session).await
}

#[derive(Deserialize, ToSchema)]
struct EmailInput {
    email: String,
}

/// Sends a new verification link (answers OK whether or not the address is known).
#[utoipa::path(post, path = "/auth/send-verification-email", request_body = EmailInput, responses((status = 200, description = "data: null")))]
async fn send_verification_email(State(state): State<AppState>, ApiJson(input): ApiJson<EmailInput>) -> ApiResult<()> {
    accounts::send_verification(&state.pool, &state.settings, &input.email).await?;
    reply(())
}

/// Emails a password-reset link (answers OK whether or not the address is known).
#[utoipa::path(post, path = "/auth/forgot-password", request_body = EmailInput, responses((status = 200, description = "data: null")))]
async fn forgot_password(State(state): State<AppState>, ApiJson(input): ApiJson<EmailInput>) -> ApiResult<()> {
    accounts::forgot_password(&state.pool, &state.settings, &input.email).await?;
    reply(())
}

#[derive(Deserialize, ToSchema)]
struct ResetInput {
    token: String,
    password: String,
}

/// Sets a new password from a reset link; every session of the account is signed out.
#[utoipa::path(post, path = "/auth/reset-password", request_body = ResetInput, responses((status = 200, description = "data: null")))]
async fn reset_password(State(state): State<AppState>, ApiJson(input): ApiJson<ResetInput>) -> ApiResult<()> {
    accounts::reset_password(&state.pool, &input.token, &input.password).await?;
    state.scope_cache.clear();
    reply(())
}

#[derive(Deserialize, ToSchema)]
struct FirstTimeInput {
    owner_id: Uuid,
}

/// First-visit bookkeeping, run as a job; returns its progress item id.
#[utoipa::path(post, path = "/auth/first-time-in-app", request_body = FirstTimeInput, responses((status = 200, body = ProgressReply)))]
async fn first_time_in_app(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<FirstTimeInput>) -> ApiResult<ProgressReply> {
    if input.owner_id != scope.user_id {
        return Err(ApiError::Domain(domain::Error::Forbidden("owner_id is not the signed-in account".into())));
    }
    let id = domain::accounts::welcome::first_visit(&state.pool, scope.user_id, scope.workplace.id).await?;
    reply(ProgressReply { progress_id: id })
}
