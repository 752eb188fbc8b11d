//! Shopify's Billing API: an app sold to Shopify merchants charges them through Shopify. A plan
//! is an app subscription (`appSubscriptionCreate`) the merchant approves on Shopify's
//! confirmation page; what is in force is read back from `currentAppInstallation`; extra quota
//! is a usage record against the subscription's capped amount.
use serde::Serialize;
use serde_json::{Value, json};

use super::shopify::{Admin, ShopifyError};

pub const CREATE: &str = "mutation($name: String!, $lineItems: [AppSubscriptionLineItemInput!]!, $returnUrl: URL!, $test: Boolean, $trialDays: Int) {
    appSubscriptionCreate(name: $name, lineItems: $lineItems, returnUrl: $returnUrl, test: $test, trialDays: $trialDays) {
        appSubscription { id status }
        confirmationUrl
        userErrors { field message } } }";

pub const ACTIVE: &str = "{ currentAppInstallation { activeSubscriptions { id name status test currentPeriodEnd createdAt
    lineItems { id plan { pricingDetails {
        __typename
        ... on AppRecurringPricing { interval price { amount currencyCode } }
        ... on AppUsagePricing { cappedAmount { amount currencyCode } balanceUsed { amount currencyCode } terms } } } } } } }";

pub const CANCEL: &str = "mutation($id: ID!) { appSubscriptionCancel(id: $id) { appSubscription { id status } userErrors { field message } } }";

pub const USAGE_RECORD: &str = "mutation($lineItem: ID!, $price: MoneyInput!, $description: String!, $key: String) {
    appUsageRecordCreate(subscriptionLineItemId: $lineItem, price: $price, description: $description, idempotencyKey: $key) {
        appUsageRecord { id } userErrors { field message } } }";

/// How often the plan's price is charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interval {
    Every30Days,
    Annual,
}

/// What the merchant is asked to approve.
#[derive(Debug, Clone)]
pub struct NewSubscription<'a> {
    /// Shown to the merchant on the confirmation page and in their bill.
    pub name: &'a str,
    /// US dollars, e.g. "29.90".
    pub price: String,
    pub interval: Interval,
    pub return_url: &'a str,
    /// A test charge: approved without billing the shop (the owner's sandbox payment mode).
    pub test: bool,
    /// A capped usage line for extra quota, with its terms (monthly plans only: Shopify takes
    /// no usage line beside an annual price).
    pub usage_cap: Option<(String, &'a str)>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Created {
    pub id: String,
    pub confirmation_url: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ActiveSubscription {
    pub id: String,
    pub name: String,
    pub status: String,
    pub test: bool,
    pub current_period_end: Option<String>,
    /// The usage line's id, to record extra charges against.
    pub usage_line_item: Option<String>,
}

fn user_error(a: &Value, field: &str) -> Option<String> {
    if let Some(m) = a["errors"].as_array().and_then(|e| e.first()) {
        return Some(m["message"].as_str().unwrap_or("error").to_string());
    }
    let errors = a["data"][field]["userErrors"].as_array()?;
    errors.first().map(|e| e["message"].as_str().unwrap_or("error").to_string())
}

impl Admin {
    pub async fn create_app_subscription(&self, s: &NewSubscription<'_>) -> Result<Created, ShopifyError> {
        let interval = match s.interval {
            Interval::Every30Days => "EVERY_30_DAYS",
            Interval::Annual => "ANNUAL",
        };
        let mut items =
            vec![json!({ "plan": { "appRecurringPricingDetails": { "price": { "amount": s.price, "currencyCode": "USD" }, "interval": interval } } })];
        if let (Some((cap, terms)), Interval::Every30Days) = (&s.usage_cap, s.interval) {
            items.push(json!({ "plan": { "appUsagePricingDetails": { "cappedAmount": { "amount": cap, "currencyCode": "USD" }, "terms": terms } } }));
        }
        let vars = json!({ "name": s.name, "lineItems": items, "returnUrl": s.return_url, "test": s.test });
        let a = self.graphql(CREATE, vars).await?;
        if let Some(m) = user_error(&a, "appSubscriptionCreate") {
            return Err(ShopifyError::Failed(format!("Shopify refused the subscription: {m}")));
        }
        let p = &a["data"]["appSubscriptionCreate"];
        match (p["appSubscription"]["id"].as_str(), p["confirmationUrl"].as_str()) {
            (Some(id), Some(url)) => Ok(Created { id: id.into(), confirmation_url: url.into() }),
            _ => Err(ShopifyError::Failed("Shopify answered no confirmation page".into())),
        }
    }

    /// The installation's subscriptions in force (ACTIVE, or FROZEN while the shop does not pay).
    pub async fn active_subscriptions(&self) -> Result<Vec<ActiveSubscription>, ShopifyError> {
        let a = self.graphql(ACTIVE, json!({})).await?;
        if let Some(m) = user_error(&a, "currentAppInstallation") {
            return Err(ShopifyError::Failed(format!("Shopify refused to list the app's subscriptions: {m}")));
        }
        let subs = a["data"]["currentAppInstallation"]["activeSubscriptions"].as_array().cloned().unwrap_or_default();
        Ok(subs
            .iter()
            .map(|s| ActiveSubscription {
                id: s["id"].as_str().unwrap_or_default().into(),
                name: s["name"].as_str().unwrap_or_default().into(),
                status: s["status"].as_str().unwrap_or_default().into(),
                test: s["test"].as_bool().unwrap_or(false),
                current_period_end: s["currentPeriodEnd"].as_str().map(str::to_string),
                usage_line_item: s["lineItems"].as_array().and_then(|l| {
                    l.iter().find(|i| i["plan"]["pricingDetails"]["__typename"] == "AppUsagePricing").and_then(|i| i["id"].as_str()).map(str::to_string)
                }),
            })
            .collect())
    }

    pub async fn cancel_app_subscription(&self, id: &str) -> Result<(), ShopifyError> {
        let a = self.graphql(CANCEL, json!({ "id": id })).await?;
        match user_error(&a, "appSubscriptionCancel") {
            None => Ok(()),
            Some(m) => Err(ShopifyError::Failed(format!("Shopify refused to cancel the subscription: {m}"))),
        }
    }

    /// Charges `price` (USD) against the usage line. `key` makes a retried call charge once.
    pub async fn create_usage_record(&self, line_item: &str, price: &str, description: &str, key: &str) -> Result<String, ShopifyError> {
        let vars = json!({ "lineItem": line_item, "price": { "amount": price, "currencyCode": "USD" }, "description": description, "key": key });
        let a = self.graphql(USAGE_RECORD, vars).await?;
        if let Some(m) = user_error(&a, "appUsageRecordCreate") {
            return Err(ShopifyError::Failed(format!("Shopify refused the charge: {m}")));
        }
        Ok(a["data"]["appUsageRecordCreate"]["appUsageRecord"]["id"].as_str().unwrap_or_default().to_string())
    }
}
