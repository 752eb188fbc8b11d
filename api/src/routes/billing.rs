//! Paying for plans: the current plan with its subscription, upgrades through the payment
//! vendor's Checkout, downgrades and cancellation at the end of the paid period, the plan's card,
//! extra quota and the payment logs. The rules live in `domain::billing`; the vendor's events
//! arrive at `/webhooks/payments` (wallet.rs).
use axum::extract::State;
use domain::billing::charge::{self, Billing};
use domain::billing::logs::PaymentLog;
use domain::billing::view::{self, ChargeReply, CheckoutUrl, CurrentPlan, SubscriptionView};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::replies::PackageReply;
use crate::error::{ApiResult, reply};
use crate::extract::{ApiJson, ApiQuery, BillingOn, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(current_plan))
        .routes(routes!(charge_subscription))
        .routes(routes!(cancel_subscription))
        .routes(routes!(skip_recharge))
        .routes(routes!(update_payment_method))
        .routes(routes!(charge_extra))
        .routes(routes!(charge_ready2sale))
        .routes(routes!(payment_logs))
        .routes(routes!(package_detail))
}

fn billing(state: &AppState) -> Billing<'_> {
    Billing {
        pool: &state.pool,
        sealer: &state.sealer,
        vendor: &state.payments,
        base_url: &state.settings.application.base_url,
        grace_days: state.settings.payments.grace_days,
    }
}

/// A text field taken as any JSON, so a number or object is reported on the field.
fn text<'a>(v: &'a Option<Value>, field: &str) -> Result<Option<&'a str>, domain::Error> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(domain::Error::field(field, format!("{field} must be a string"))),
    }
}

fn whole(v: &Option<Value>, field: &str) -> Result<Option<i64>, domain::Error> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_i64().map(Some).ok_or_else(|| domain::Error::field(field, format!("{field} must be a whole number"))),
    }
}

/// The workplace's plan with this cycle's usage, its paid subscription and who bills it.
#[utoipa::path(get, path = "/payments/user/current-plan", responses((status = 200, body = CurrentPlan)))]
#[instrument(skip_all)]
async fn current_plan(State(state): State<AppState>, scope: Scope) -> ApiResult<CurrentPlan> {
    reply(view::current_plan(&state.pool, scope.workplace.id).await?)
}

#[derive(Deserialize, ToSchema)]
struct ChargeInput {
    /// A plan key of `payments/pricing`.
    #[serde(default)]
    #[schema(value_type = String)]
    package_key: Option<Value>,
}

/// An upgrade or a first paid plan answers the vendor's Checkout `url` (the plan changes when
/// the vendor confirms the payment); a cheaper plan or the free one is scheduled for the end of
/// the paid period (`pending_plan_key`, `effective_at`).
#[utoipa::path(post, path = "/payments/charge-subscription", request_body = ChargeInput, responses((status = 200, body = ChargeReply)))]
#[instrument(skip_all)]
async fn charge_subscription(State(state): State<AppState>, scope: Scope, _on: BillingOn, ApiJson(input): ApiJson<ChargeInput>) -> ApiResult<ChargeReply> {
    let key = text(&input.package_key, "package_key")?;
    if let Some(store) = domain::billing::shopify::billing_store(&state.pool, scope.workplace.id).await? {
        let s = &state;
        return reply(domain::billing::shopify::charge_subscription(&s.pool, &s.settings, &s.sealer, scope.workplace.id, store, key).await?);
    }
    reply(charge::charge_subscription(&billing(&state), scope.workplace.id, key).await?)
}

/// Cancels at the end of the paid period: the plan is kept until `current_period_end`. Billed
/// through Shopify, the app subscription is cancelled now (Shopify has no period-end cancel).
#[utoipa::path(post, path = "/payments/cancel-subscription", responses((status = 200, body = SubscriptionView)))]
#[instrument(skip_all)]
async fn cancel_subscription(State(state): State<AppState>, scope: Scope, _on: BillingOn) -> ApiResult<SubscriptionView> {
    let workplace = scope.workplace.id;
    if let Some(store) = domain::billing::shopify::billing_store(&state.pool, workplace).await? {
        domain::billing::shopify::cancel(&state.pool, &state.settings, &state.sealer, workplace, store).await?;
        let view = domain::billing::view::subscription(&state.pool, workplace).await?;
        return reply(view.ok_or_else(|| domain::Error::field("subscription", "NoActiveSubscription"))?);
    }
    reply(charge::cancel(&billing(&state), workplace).await?)
}

/// After a failed renewal: stop charging the card for it; the subscription ends now and the
/// workplace moves to the free plan (field error on `subscription` when no renewal failed).
#[utoipa::path(post, path = "/payments/skip-recharge", responses((status = 200, body = SubscriptionView)))]
#[instrument(skip_all)]
async fn skip_recharge(State(state): State<AppState>, scope: Scope, _on: BillingOn) -> ApiResult<SubscriptionView> {
    reply(charge::skip_recharge(&billing(&state), scope.workplace.id).await?)
}

/// The vendor's page where the owner types the card the plan renews with.
#[utoipa::path(post, path = "/payments/update-payment-method", responses((status = 200, body = CheckoutUrl)))]
#[instrument(skip_all)]
async fn update_payment_method(State(state): State<AppState>, scope: Scope, _on: BillingOn) -> ApiResult<CheckoutUrl> {
    reply(charge::update_payment_method(&billing(&state), scope.workplace.id).await?)
}

#[derive(Deserialize, ToSchema)]
struct ExtraInput {
    /// The feature to raise: IMPORT_PRODUCT, LISTING_PRODUCTS, AI_PRODUCT_WRITING,
    /// ORDER_TRACKING_NUMBERS or READY2SALE.
    #[serde(default)]
    #[schema(value_type = String)]
    feature_id: Option<Value>,
    /// Packs to buy, 1 to 20 (1 when absent).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    quantity: Option<Value>,
}

/// One-off extra quota for the running cycle, paid on the vendor's Checkout; credited once when
/// the vendor confirms the payment.
#[utoipa::path(post, path = "/payments/charge-extra", request_body = ExtraInput, responses((status = 200, body = CheckoutUrl)))]
#[instrument(skip_all)]
async fn charge_extra(State(state): State<AppState>, scope: Scope, _on: BillingOn, ApiJson(input): ApiJson<ExtraInput>) -> ApiResult<CheckoutUrl> {
    let feature = text(&input.feature_id, "feature_id")?;
    let quantity = whole(&input.quantity, "quantity")?;
    if let Some(store) = domain::billing::shopify::billing_store(&state.pool, scope.workplace.id).await? {
        let s = &state;
        return reply(domain::billing::shopify::charge_extra(&s.pool, &s.settings, &s.sealer, scope.workplace.id, store, feature, quantity).await?);
    }
    reply(domain::billing::extras::charge(&billing(&state), scope.workplace.id, feature, quantity).await?)
}

#[derive(Deserialize, ToSchema)]
struct Ready2SaleInput {
    /// Packs of READY2SALE units to buy, 1 to 20 (1 when absent).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    quantity: Option<Value>,
}

/// `charge-extra` for READY2SALE units.
#[utoipa::path(post, path = "/payments/charge-ready2sale", request_body = Ready2SaleInput, responses((status = 200, body = CheckoutUrl)))]
#[instrument(skip_all)]
async fn charge_ready2sale(State(state): State<AppState>, scope: Scope, _on: BillingOn, ApiJson(input): ApiJson<Ready2SaleInput>) -> ApiResult<CheckoutUrl> {
    let quantity = whole(&input.quantity, "quantity")?;
    if let Some(store) = domain::billing::shopify::billing_store(&state.pool, scope.workplace.id).await? {
        let s = &state;
        return reply(domain::billing::shopify::charge_extra(&s.pool, &s.settings, &s.sealer, scope.workplace.id, store, Some("READY2SALE"), quantity).await?);
    }
    reply(domain::billing::extras::charge(&billing(&state), scope.workplace.id, Some("READY2SALE"), quantity).await?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    page: Option<i64>,
    page_size: Option<i64>,
}

/// `{items, total}`: plan invoices, extra quota, refunds and disputes, newest first.
#[derive(Serialize, ToSchema)]
struct PaymentLogPage {
    items: Vec<PaymentLog>,
    total: i64,
}

#[utoipa::path(get, path = "/payments/user/payment-logs", params(PageQuery), responses((status = 200, body = PaymentLogPage)))]
#[instrument(skip_all)]
async fn payment_logs(State(state): State<AppState>, scope: Scope, ApiQuery(q): ApiQuery<PageQuery>) -> ApiResult<PaymentLogPage> {
    let (page, size) = super::page_and_size(q.page, q.page_size)?;
    let (total, items) = domain::billing::logs::list(&state.pool, scope.workplace.id, page, size).await?;
    reply(PaymentLogPage { items, total })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct DetailQuery {
    /// The plan key.
    id: Option<String>,
}

/// One plan of the catalogue, by key (field error on `id` for an unknown one).
#[utoipa::path(get, path = "/payments/package/detail", params(DetailQuery), responses((status = 200, body = PackageReply)))]
#[instrument(skip_all)]
async fn package_detail(_scope: Scope, ApiQuery(q): ApiQuery<DetailQuery>) -> ApiResult<PackageReply> {
    let plan = charge::known_plan(q.id.as_deref(), "id")?;
    reply(PackageReply { package: domain::plans::package_view(plan.key) })
}
