//! The Billing API's GraphQL: `appSubscriptionCreate`, `appSubscriptionCancel`,
//! `appUsageRecordCreate` and `currentAppInstallation { activeSubscriptions }`, with Shopify's
//! names, nullability and refusals. The subscriptions' life is `shopify/billing.rs`.
use async_graphql::{Context, Enum, ID, InputObject, Object, SimpleObject, Union};

use super::super::billing::{self, LineItem, Pricing, Subscription, UsageRecord};
use super::super::model::gid;
use super::codes::CurrencyCode;
use super::gql;
use super::scalars::{DateTime, Decimal, Url};
use super::types::{PlainUserError, UserError, payload};
use super::types_orders::MoneyV2;
use crate::util::{money, parse_money, rfc3339};

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(rename_items = "SCREAMING_SNAKE_CASE")]
pub enum AppPricingInterval {
    Annual,
    Every30Days,
}

impl AppPricingInterval {
    fn as_str(self) -> &'static str {
        match self {
            Self::Annual => "ANNUAL",
            Self::Every30Days => "EVERY_30_DAYS",
        }
    }
    fn of(s: &str) -> Self {
        if s == "ANNUAL" { Self::Annual } else { Self::Every30Days }
    }
}

/// `ACCEPTED` is deprecated (an approval goes straight to ACTIVE) and never set.
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(rename_items = "UPPERCASE")]
pub enum AppSubscriptionStatus {
    Active,
    Cancelled,
    Declined,
    Expired,
    Frozen,
    Pending,
}

impl AppSubscriptionStatus {
    fn of(s: &str) -> Self {
        match s {
            "ACTIVE" => Self::Active,
            "CANCELLED" => Self::Cancelled,
            "DECLINED" => Self::Declined,
            "EXPIRED" => Self::Expired,
            "FROZEN" => Self::Frozen,
            _ => Self::Pending,
        }
    }
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(rename_items = "SCREAMING_SNAKE_CASE")]
pub enum AppSubscriptionReplacementBehavior {
    ApplyImmediately,
    ApplyOnNextBillingCycle,
    Standard,
}

#[derive(InputObject, Clone)]
pub struct MoneyInput {
    pub amount: Decimal,
    pub currency_code: CurrencyCode,
}

#[derive(InputObject, Clone)]
pub struct AppRecurringPricingInput {
    pub interval: Option<AppPricingInterval>,
    pub price: MoneyInput,
}

#[derive(InputObject, Clone)]
pub struct AppUsagePricingInput {
    pub capped_amount: MoneyInput,
    pub terms: String,
}

#[derive(InputObject, Clone)]
pub struct AppPlanInput {
    pub app_recurring_pricing_details: Option<AppRecurringPricingInput>,
    pub app_usage_pricing_details: Option<AppUsagePricingInput>,
}

#[derive(InputObject, Clone)]
pub struct AppSubscriptionLineItemInput {
    pub plan: AppPlanInput,
}

fn money_v2(cents: i64, currency: &str) -> async_graphql::Result<MoneyV2> {
    Ok(MoneyV2 { amount: Decimal(money(cents)), currency_code: CurrencyCode::of(currency)? })
}

#[derive(SimpleObject, Clone)]
pub struct AppRecurringPricing {
    pub interval: AppPricingInterval,
    pub price: MoneyV2,
}

#[derive(SimpleObject, Clone)]
pub struct AppUsagePricing {
    pub balance_used: MoneyV2,
    pub capped_amount: MoneyV2,
    pub interval: AppPricingInterval,
    pub terms: String,
}

#[derive(Union, Clone)]
pub enum AppPricingDetails {
    AppRecurringPricing(AppRecurringPricing),
    AppUsagePricing(AppUsagePricing),
}

#[derive(SimpleObject, Clone)]
#[graphql(name = "AppPlanV2")]
pub struct AppPlanV2 {
    pub pricing_details: AppPricingDetails,
}

pub struct AppSubscriptionLineItem(LineItem);

#[Object]
impl AppSubscriptionLineItem {
    async fn id(&self) -> ID {
        ID(gid("AppSubscriptionLineItem", self.0.id))
    }
    async fn plan(&self) -> async_graphql::Result<AppPlanV2> {
        let pricing_details = match &self.0.pricing {
            Pricing::Recurring { price_cents, currency, interval } => AppPricingDetails::AppRecurringPricing(AppRecurringPricing {
                interval: AppPricingInterval::of(interval),
                price: money_v2(*price_cents, currency)?,
            }),
            Pricing::Usage { capped_cents, balance_cents, currency, terms, interval } => AppPricingDetails::AppUsagePricing(AppUsagePricing {
                balance_used: money_v2(*balance_cents, currency)?,
                capped_amount: money_v2(*capped_cents, currency)?,
                interval: AppPricingInterval::of(interval),
                terms: terms.clone(),
            }),
        };
        Ok(AppPlanV2 { pricing_details })
    }
}

pub struct AppSubscription(Subscription);

#[Object]
impl AppSubscription {
    async fn id(&self) -> ID {
        ID(gid("AppSubscription", self.0.id))
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    async fn status(&self) -> AppSubscriptionStatus {
        AppSubscriptionStatus::of(&self.0.status)
    }
    async fn test(&self) -> bool {
        self.0.test
    }
    async fn trial_days(&self) -> i32 {
        self.0.trial_days
    }
    async fn return_url(&self) -> Url {
        Url(self.0.return_url.clone())
    }
    async fn created_at(&self) -> DateTime {
        DateTime(rfc3339(self.0.created_ms))
    }
    async fn current_period_end(&self) -> Option<DateTime> {
        self.0.current_period_end_ms.map(|ms| DateTime(rfc3339(ms)))
    }
    async fn line_items(&self) -> Vec<AppSubscriptionLineItem> {
        self.0.line_items.iter().cloned().map(AppSubscriptionLineItem).collect()
    }
}

pub struct AppUsageRecord(UsageRecord, LineItem);

#[Object]
impl AppUsageRecord {
    async fn id(&self) -> ID {
        ID(gid("AppUsageRecord", self.0.id))
    }
    async fn description(&self) -> &str {
        &self.0.description
    }
    async fn idempotency_key(&self) -> Option<&str> {
        self.0.idempotency_key.as_deref()
    }
    async fn created_at(&self) -> DateTime {
        DateTime(rfc3339(self.0.created_ms))
    }
    async fn price(&self) -> async_graphql::Result<MoneyV2> {
        money_v2(self.0.price_cents, &self.0.currency)
    }
    async fn subscription_line_item(&self) -> AppSubscriptionLineItem {
        AppSubscriptionLineItem(self.1.clone())
    }
}

pub struct AppInstallation {
    shop_id: u64,
    active: Vec<Subscription>,
}

#[Object]
impl AppInstallation {
    async fn id(&self) -> ID {
        ID(gid("AppInstallation", self.shop_id))
    }
    async fn active_subscriptions(&self) -> Vec<AppSubscription> {
        self.active.iter().cloned().map(AppSubscription).collect()
    }
}

#[derive(SimpleObject)]
pub struct AppSubscriptionCreatePayload {
    pub app_subscription: Option<AppSubscription>,
    pub confirmation_url: Option<Url>,
    pub user_errors: Vec<PlainUserError>,
}

payload!(AppSubscriptionCancelPayload { app_subscription: AppSubscription }, PlainUserError);
payload!(AppUsageRecordCreatePayload { app_usage_record: AppUsageRecord }, PlainUserError);

#[derive(Default)]
pub struct BillingQuery;

#[Object]
impl BillingQuery {
    async fn current_app_installation(&self, ctx: &Context<'_>) -> AppInstallation {
        let g = gql(ctx);
        billing::settle(&g.app, &g.shop);
        g.read(|s| AppInstallation { shop_id: s.id, active: s.billing.active() })
    }
}

#[derive(Default)]
pub struct BillingMutation;

fn refuse(field: &[&str], message: &str) -> Vec<UserError> {
    vec![UserError::new(field, message, None)]
}

/// Cents of a `MoneyInput`, refused unless positive and in the shop's billing currency (USD or
/// the shop's own).
fn cents_of(m: &MoneyInput, field: &[&str], shop_currency: &str) -> Result<(i64, String), Vec<UserError>> {
    let cents = parse_money(&m.amount).filter(|c| *c > 0).ok_or_else(|| refuse(field, "Amount must be greater than 0"))?;
    let currency = m.currency_code.as_str().to_string();
    if currency != "USD" && currency != shop_currency {
        return Err(refuse(field, &format!("Currency code {currency} is not the shop's billing currency")));
    }
    Ok((cents, currency))
}

/// Recurring charges below this are refused, as Shopify refuses charges under half a dollar.
const MIN_RECURRING_CENTS: i64 = 50;

fn line_items_of(input: &[AppSubscriptionLineItemInput], shop_currency: &str, next_id: impl Fn() -> u64) -> Result<Vec<LineItem>, Vec<UserError>> {
    if input.is_empty() || input.len() > 2 {
        return Err(refuse(&["lineItems"], "A subscription has one or two line items"));
    }
    let mut out: Vec<LineItem> = vec![];
    for (i, item) in input.iter().enumerate() {
        let idx = i.to_string();
        let pricing = match (&item.plan.app_recurring_pricing_details, &item.plan.app_usage_pricing_details) {
            (Some(r), None) => {
                let (cents, currency) = cents_of(&r.price, &["lineItems", &idx, "plan", "appRecurringPricingDetails", "price"], shop_currency)?;
                if cents < MIN_RECURRING_CENTS {
                    return Err(refuse(&["lineItems", &idx, "plan", "appRecurringPricingDetails", "price"], "Price must be at least 0.50"));
                }
                let interval = r.interval.unwrap_or(AppPricingInterval::Every30Days).as_str().to_string();
                Pricing::Recurring { price_cents: cents, currency, interval }
            }
            (None, Some(u)) => {
                let (cents, currency) = cents_of(&u.capped_amount, &["lineItems", &idx, "plan", "appUsagePricingDetails", "cappedAmount"], shop_currency)?;
                if u.terms.trim().is_empty() {
                    return Err(refuse(&["lineItems", &idx, "plan", "appUsagePricingDetails", "terms"], "Terms can't be blank"));
                }
                Pricing::Usage { capped_cents: cents, balance_cents: 0, currency, terms: u.terms.clone(), interval: "EVERY_30_DAYS".into() }
            }
            _ => return Err(refuse(&["lineItems", &idx, "plan"], "A line item has exactly one of appRecurringPricingDetails and appUsagePricingDetails")),
        };
        out.push(LineItem { id: next_id(), pricing });
    }
    let recurring: Vec<&Pricing> = out.iter().map(|l| &l.pricing).filter(|p| matches!(p, Pricing::Recurring { .. })).collect();
    let usage = out.len() - recurring.len();
    if recurring.len() > 1 || usage > 1 {
        return Err(refuse(&["lineItems"], "A subscription has at most one recurring and one usage line item"));
    }
    if usage == 1 && recurring.iter().any(|p| matches!(p, Pricing::Recurring { interval, .. } if interval == "ANNUAL")) {
        return Err(refuse(&["lineItems"], "Annual subscriptions can't have a usage line item"));
    }
    let currencies: std::collections::BTreeSet<&str> = out
        .iter()
        .map(|l| match &l.pricing {
            Pricing::Recurring { currency, .. } | Pricing::Usage { currency, .. } => currency.as_str(),
        })
        .collect();
    if currencies.len() > 1 {
        return Err(refuse(&["lineItems"], "All line items must use the same currency"));
    }
    Ok(out)
}

fn valid_return_url(u: &str) -> bool {
    reqwest::Url::parse(u).is_ok_and(|u| matches!(u.scheme(), "https" | "http") && u.host().is_some())
}

#[Object]
impl BillingMutation {
    #[allow(clippy::too_many_arguments)]
    async fn app_subscription_create(
        &self,
        ctx: &Context<'_>,
        name: String,
        line_items: Vec<AppSubscriptionLineItemInput>,
        return_url: Url,
        test: Option<bool>,
        trial_days: Option<i32>,
        replacement_behavior: Option<AppSubscriptionReplacementBehavior>,
    ) -> Option<AppSubscriptionCreatePayload> {
        let _ = replacement_behavior;
        let g = gql(ctx);
        let refused = |e: Vec<UserError>| {
            Some(AppSubscriptionCreatePayload { app_subscription: None, confirmation_url: None, user_errors: e.into_iter().map(Into::into).collect() })
        };
        if name.trim().is_empty() || name.chars().count() > 255 {
            return refused(refuse(&["name"], "Name can't be blank and is at most 255 characters"));
        }
        if !valid_return_url(&return_url) {
            return refused(refuse(&["returnUrl"], "Return url is not a valid URL"));
        }
        if trial_days.is_some_and(|d| !(0..=1000).contains(&d)) {
            return refused(refuse(&["trialDays"], "Trial days must be between 0 and 1000"));
        }
        let shop_currency = g.read(|s| s.currency.clone());
        let items = match line_items_of(&line_items, &shop_currency, || g.world.next_id()) {
            Ok(items) => items,
            Err(e) => return refused(e),
        };
        let now = g.now_ms();
        let sub = Subscription {
            id: g.world.next_id(),
            name,
            status: "PENDING".into(),
            test: test.unwrap_or(false),
            trial_days: trial_days.unwrap_or(0),
            return_url: return_url.0,
            line_items: items,
            created_ms: now,
            updated_ms: now,
            current_period_end_ms: None,
            signature: g.world.token(""),
        };
        g.write(|s| s.billing.subscriptions.push(sub.clone()));
        let url = billing::confirmation_url(&g.app.base_url(), &g.shop, &sub);
        Some(AppSubscriptionCreatePayload { app_subscription: Some(AppSubscription(sub)), confirmation_url: Some(Url(url)), user_errors: vec![] })
    }

    async fn app_subscription_cancel(&self, ctx: &Context<'_>, id: ID, prorate: Option<bool>) -> Option<AppSubscriptionCancelPayload> {
        let _ = prorate;
        let g = gql(ctx);
        let wanted = id.strip_prefix("gid://shopify/AppSubscription/").and_then(|n| n.parse::<u64>().ok());
        let found = wanted.and_then(|n| g.read(|s| s.billing.subscriptions.iter().find(|x| x.id == n).cloned()));
        let r = match found {
            None => Err(refuse(&["id"], "Couldn't find RecurringApplicationCharge")),
            Some(sub) if sub.status != "ACTIVE" && sub.status != "FROZEN" => {
                Err(refuse(&["id"], &format!("Cannot cancel a subscription that is {}", sub.status.to_lowercase())))
            }
            Some(sub) => {
                billing::set_status(&g.app, &g.shop, sub.id, "CANCELLED");
                Ok(AppSubscription(g.read(|s| s.billing.subscriptions.iter().find(|x| x.id == sub.id).cloned()).unwrap_or(sub)))
            }
        };
        AppSubscriptionCancelPayload::of(r)
    }

    async fn app_usage_record_create(
        &self,
        ctx: &Context<'_>,
        description: String,
        price: MoneyInput,
        subscription_line_item_id: ID,
        idempotency_key: Option<String>,
    ) -> Option<AppUsageRecordCreatePayload> {
        let g = gql(ctx);
        billing::settle(&g.app, &g.shop);
        let line_id = subscription_line_item_id.strip_prefix("gid://shopify/AppSubscriptionLineItem/").and_then(|n| n.split('?').next()?.parse::<u64>().ok());
        let now = g.now_ms();
        let next = g.world.next_id();
        let r = g.write(|s| -> Result<AppUsageRecord, Vec<UserError>> {
            if description.trim().is_empty() {
                return Err(refuse(&["description"], "Description can't be blank"));
            }
            if idempotency_key.as_ref().is_some_and(|k| k.chars().count() > 255) {
                return Err(refuse(&["idempotencyKey"], "Idempotency key is at most 255 characters"));
            }
            let shop_currency = s.currency.clone();
            let sub = s
                .billing
                .subscriptions
                .iter_mut()
                .find(|x| line_id.is_some_and(|l| x.line_items.iter().any(|li| li.id == l)))
                .ok_or_else(|| refuse(&["subscriptionLineItemId"], "Subscription line item not found"))?;
            if sub.status != "ACTIVE" {
                return Err(refuse(&["subscriptionLineItemId"], &format!("The subscription is {}", sub.status.to_lowercase())));
            }
            let line = sub.line_items.iter_mut().find(|li| Some(li.id) == line_id).expect("found above");
            let line_id = line.id;
            if let Some(key) = &idempotency_key
                && let Some(old) = s.billing.usage_records.iter().find(|r| r.line_item_id == line_id && r.idempotency_key.as_ref() == Some(key))
            {
                let line = s.billing.subscriptions.iter().flat_map(|x| x.line_items.iter()).find(|li| li.id == line_id).cloned().expect("found above");
                return Ok(AppUsageRecord(old.clone(), line));
            }
            let (cents, currency) = cents_of(&price, &["price"], &shop_currency)?;
            let Pricing::Usage { capped_cents, balance_cents, currency: line_currency, .. } = &mut line.pricing else {
                return Err(refuse(&["subscriptionLineItemId"], "The line item does not have usage pricing"));
            };
            if currency != *line_currency {
                return Err(refuse(&["price"], "Currency must match the subscription's"));
            }
            if *balance_cents + cents > *capped_cents {
                return Err(refuse(&["price"], "Total price exceeds balance remaining"));
            }
            *balance_cents += cents;
            let line = line.clone();
            let record = UsageRecord {
                id: next,
                line_item_id: line_id,
                description: description.clone(),
                price_cents: cents,
                currency,
                idempotency_key: idempotency_key.clone(),
                created_ms: now,
            };
            s.billing.usage_records.push(record.clone());
            Ok(AppUsageRecord(record, line))
        });
        AppUsageRecordCreatePayload::of(r)
    }
}
