//! The wallet, payment settings and the payment vendor's webhook.
//! See docs/API.md "Orders (issue 7)"; the money rules live in `domain::wallet`.
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use domain::wallet::settings::{self, CardInput, PaymentSetting, SettingInput};
use domain::wallet::topup::{self, TopupStarted, WebhookOutcome};
use domain::wallet::views::{self, Bonus, ChartPoint, TransactionLog, Wallet};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(wallet))
        .routes(routes!(accept_policy))
        .routes(routes!(start_topup))
        .routes(routes!(chart_summary))
        .routes(routes!(bonus))
        .routes(routes!(get_setting, put_setting))
        .routes(routes!(save_card))
        .routes(routes!(start_card_setup))
        .routes(routes!(transaction_logs))
        .routes(routes!(payments_webhook))
}

#[utoipa::path(get, path = "/payments/user/wallets", responses((status = 200, body = Wallet)))]
#[instrument(skip_all)]
async fn wallet(State(state): State<AppState>, scope: Scope) -> ApiResult<Wallet> {
    reply(views::wallet(&state.pool, scope.workplace.id).await?)
}

#[utoipa::path(post, path = "/payments/user/wallets/accept-policy", responses((status = 200, body = Wallet)))]
#[instrument(skip_all)]
async fn accept_policy(State(state): State<AppState>, scope: Scope) -> ApiResult<Wallet> {
    reply(views::accept_policy(&state.pool, scope.workplace.id).await?)
}

#[derive(Deserialize, ToSchema)]
struct TopupInput {
    /// Dollars, 10 to 10,000. Taken as any JSON so a bad value is reported on `amount`.
    #[serde(default)]
    #[schema(value_type = f64)]
    amount: Option<Value>,
}

/// Starts a top-up at the vendor's hosted checkout; the balance rises when its webhook confirms.
#[utoipa::path(post, path = "/payments/user/wallets/topup", request_body = TopupInput, responses((status = 200, body = TopupStarted)))]
#[instrument(skip_all)]
async fn start_topup(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<TopupInput>) -> ApiResult<TopupStarted> {
    let base = &state.settings.application.base_url;
    reply(topup::start(&state.pool, &state.sealer, &state.payments, base, scope.workplace.id, input.amount.as_ref()).await?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ChartQuery {
    /// Days back from today (UTC), 1 to 365; 30 when absent.
    days: Option<i64>,
}

/// `{points}`: one per UTC day, today last.
#[derive(Serialize, ToSchema)]
struct ChartSummary {
    points: Vec<ChartPoint>,
}

#[utoipa::path(get, path = "/payments/user/wallets/chart-summary", params(ChartQuery), responses((status = 200, body = ChartSummary)))]
#[instrument(skip_all)]
async fn chart_summary(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<ChartQuery>) -> ApiResult<ChartSummary> {
    let points = views::chart_summary(&state.pool, scope.workplace.id, q.days.unwrap_or(30)).await?;
    reply(ChartSummary { points })
}

#[utoipa::path(get, path = "/orders/v7/wallet/bonus", responses((status = 200, body = Bonus)))]
#[instrument(skip_all)]
async fn bonus(State(state): State<AppState>, scope: Scope) -> ApiResult<Bonus> {
    reply(views::bonus(&state.pool, scope.workplace.id).await?)
}

#[utoipa::path(get, path = "/orders/v6/payments/setting", responses((status = 200, body = PaymentSetting)))]
#[instrument(skip_all)]
async fn get_setting(State(state): State<AppState>, scope: Scope) -> ApiResult<PaymentSetting> {
    reply(settings::get(&state.pool, scope.workplace.id).await?)
}

#[utoipa::path(put, path = "/orders/v6/payments/setting", request_body = SettingInput, responses((status = 200, body = PaymentSetting)))]
#[instrument(skip_all)]
async fn put_setting(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<SettingInput>) -> ApiResult<PaymentSetting> {
    reply(settings::put(&state.pool, scope.workplace.id, input).await?)
}

/// The card saved: its kind (`credit_card`) and how it is shown.
#[derive(Serialize, ToSchema)]
struct SavedCard {
    #[serde(rename = "type")]
    kind: String,
    card_label: String,
}

/// Saves the card orders are paid with (a vendor payment method id).
#[utoipa::path(post, path = "/orders/v6/payments/info", request_body = CardInput, responses((status = 200, body = SavedCard)))]
#[instrument(skip_all)]
async fn save_card(State(state): State<AppState>, scope: Scope, ApiJson(input): ApiJson<CardInput>) -> ApiResult<SavedCard> {
    let (kind, card_label) = settings::save_card(&state.pool, scope.workplace.id, input).await?;
    reply(SavedCard { kind, card_label })
}

/// Opens the payment vendor's page where the owner types the card supplier orders are paid
/// with; the vendor's webhook saves it.
#[utoipa::path(post, path = "/orders/v6/payments/card-setup", responses((status = 200, body = super::replies::UrlReply)))]
#[instrument(skip_all)]
async fn start_card_setup(State(state): State<AppState>, scope: Scope) -> ApiResult<super::replies::UrlReply> {
    let base = &state.settings.application.base_url;
    let url = domain::wallet::card_setup::start(&state.pool, &state.sealer, &state.payments, scope.workplace.id, base).await?;
    reply(super::replies::UrlReply { url })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    page: Option<i64>,
    page_size: Option<i64>,
}

/// A page of the wallet's transactions, newest first.
#[derive(Serialize, ToSchema)]
struct TransactionLogPage {
    total: i64,
    page: i64,
    page_size: i64,
    items: Vec<TransactionLog>,
}

#[utoipa::path(get, path = "/orders/v6/payments/transaction-logs", params(PageQuery), responses((status = 200, body = TransactionLogPage)))]
#[instrument(skip_all)]
async fn transaction_logs(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<PageQuery>) -> ApiResult<TransactionLogPage> {
    let (page, size) = super::page_and_size(q.page, q.page_size)?;
    let (total, items) = views::transaction_logs(&state.pool, scope.workplace.id, page, size).await?;
    reply(TransactionLogPage { total, page, page_size: size, items })
}

/// The vendor's signed events; a bad signature is 401 and books nothing.
#[utoipa::path(post, path = "/webhooks/payments", request_body(content = String, content_type = "application/json"), responses((status = 200, body = WebhookOutcome), (status = 401, description = "bad signature")))]
#[instrument(skip_all)]
async fn payments_webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<WebhookOutcome> {
    let signature = headers.get("stripe-signature").and_then(|v| v.to_str().ok()).unwrap_or("");
    reply(topup::receive(&state.pool, &state.sealer, &state.payments, state.settings.payments.grace_days, signature, &body).await?)
}
