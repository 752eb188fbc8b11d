//! Output types for orders, fulfillment, publications, webhooks and the shop.
use async_graphql::connection::Connection;
use async_graphql::{Context, ID, Object, Result, SimpleObject, Union};

use super::super::model::{self, gid};
use super::codes::{CountryCode, CurrencyCode};
use super::enums::{
    FulfillmentOrderRequestStatus, FulfillmentOrderStatus, FulfillmentStatus, OrderCancelReason, OrderDisplayFinancialStatus, OrderDisplayFulfillmentStatus,
    WebhookSubscriptionFormat,
};
use super::gql;
use super::inputs::WebhookSubscriptionTopic;
use super::locations::Location;
use super::scalars::{DateTime, Decimal, UnsignedInt64, Url};
use super::types::{ProductVariant, paginate};
use crate::util::{money, rfc3339};

#[derive(SimpleObject, Clone)]
#[graphql(name = "MoneyV2")]
pub struct MoneyV2 {
    pub amount: Decimal,
    pub currency_code: CurrencyCode,
}

#[derive(SimpleObject, Clone)]
pub struct MoneyBag {
    pub shop_money: MoneyV2,
    pub presentment_money: MoneyV2,
}

fn bag(cents: i64, currency: &str) -> Result<MoneyBag> {
    let m = MoneyV2 { amount: Decimal(money(cents)), currency_code: CurrencyCode::of(currency)? };
    Ok(MoneyBag { shop_money: m.clone(), presentment_money: m })
}

#[derive(SimpleObject, Clone)]
pub struct MailingAddress {
    pub name: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub zip: Option<String>,
    pub province_code: Option<String>,
    pub country_code_v2: Option<CountryCode>,
    pub phone: Option<String>,
}

#[derive(Clone)]
pub struct Order(pub model::Order);

/// Protected customer data is null for an app Shopify has not approved for it.
fn customers_shown(ctx: &Context<'_>) -> bool {
    gql(ctx).read(|s| s.customer_data_approved)
}

#[Object]
impl Order {
    async fn id(&self) -> ID {
        ID(gid("Order", self.0.id))
    }
    async fn legacy_resource_id(&self) -> UnsignedInt64 {
        UnsignedInt64(self.0.id.to_string())
    }
    async fn name(&self) -> String {
        self.0.name()
    }
    async fn email(&self, ctx: &Context<'_>) -> Option<&str> {
        customers_shown(ctx).then_some(self.0.email.as_str())
    }
    async fn created_at(&self) -> DateTime {
        DateTime(rfc3339(self.0.created_ms))
    }
    async fn cancelled_at(&self) -> Option<DateTime> {
        self.0.cancelled_ms.map(|ms| DateTime(rfc3339(ms)))
    }
    /// Kept as the REST webhook spells it (`customer`); GraphQL's enum is upper case.
    async fn cancel_reason(&self) -> Option<OrderCancelReason> {
        self.0.cancel_reason.as_deref().and_then(|r| OrderCancelReason::parse(&r.to_uppercase()))
    }
    async fn currency_code(&self) -> Result<CurrencyCode> {
        CurrencyCode::of(&self.0.currency)
    }
    /// Nullable on Shopify; every sandbox order is paid at checkout and refunded on cancelling.
    async fn display_financial_status(&self) -> Option<OrderDisplayFinancialStatus> {
        Some(if self.0.cancelled_ms.is_some() { OrderDisplayFinancialStatus::REFUNDED } else { OrderDisplayFinancialStatus::PAID })
    }
    async fn display_fulfillment_status(&self, ctx: &Context<'_>) -> OrderDisplayFulfillmentStatus {
        let (total, remaining) = gql(ctx).read(|s| {
            s.fulfillment_orders
                .values()
                .filter(|f| f.order_id == self.0.id)
                .flat_map(|f| &f.line_items)
                .fold((0, 0), |(t, r), l| (t + l.total_quantity, r + l.remaining_quantity))
        });
        if remaining == 0 && total > 0 {
            OrderDisplayFulfillmentStatus::FULFILLED
        } else if remaining < total {
            OrderDisplayFulfillmentStatus::PARTIALLY_FULFILLED
        } else {
            OrderDisplayFulfillmentStatus::UNFULFILLED
        }
    }
    async fn total_price_set(&self) -> Result<MoneyBag> {
        bag(self.0.total_cents(), &self.0.currency)
    }
    async fn subtotal_price_set(&self) -> Result<Option<MoneyBag>> {
        bag(self.0.total_cents() - self.0.shipping_cents, &self.0.currency).map(Some)
    }
    async fn shipping_address(&self, ctx: &Context<'_>) -> Option<MailingAddress> {
        if !customers_shown(ctx) {
            return None;
        }
        let a = &self.0.shipping;
        Some(MailingAddress {
            name: Some(a.name.clone()),
            address1: Some(a.address1.clone()),
            city: Some(a.city.clone()),
            zip: Some(a.zip.clone()),
            province_code: a.province_code.clone(),
            country_code_v2: CountryCode::parse(&a.country_code),
            phone: a.phone.clone(),
        })
    }
    async fn line_items(&self, first: Option<i32>, after: Option<String>, last: Option<i32>, before: Option<String>) -> Result<Connection<String, LineItem>> {
        let items = self.0.line_items.iter().map(|l| (l.id, LineItem(l.clone(), self.0.currency.clone()))).collect();
        paginate(items, first, after, last, before)
    }
    async fn fulfillment_orders(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> Result<Connection<String, FulfillmentOrder>> {
        let fos = gql(ctx).read(|s| s.fulfillment_orders.values().filter(|f| f.order_id == self.0.id).map(|f| (f.id, FulfillmentOrder(f.clone()))).collect());
        paginate(fos, first, after, last, before)
    }
    async fn fulfillments(&self, ctx: &Context<'_>, first: Option<i32>) -> Vec<Fulfillment> {
        let n = first.unwrap_or(i32::MAX).max(0) as usize;
        gql(ctx).read(|s| s.fulfillments.values().filter(|f| f.order_id == self.0.id).take(n).map(|f| Fulfillment(f.clone())).collect())
    }
}

#[derive(Clone)]
pub struct LineItem(pub model::LineItem, pub String);

#[Object]
impl LineItem {
    async fn id(&self) -> ID {
        ID(gid("LineItem", self.0.id))
    }
    async fn title(&self) -> &str {
        &self.0.title
    }
    async fn variant_title(&self) -> Option<&str> {
        self.0.variant_title.as_deref()
    }
    async fn sku(&self) -> Option<&str> {
        Some(self.0.sku.as_str())
    }
    async fn quantity(&self) -> i64 {
        self.0.quantity
    }
    async fn original_unit_price_set(&self) -> Result<MoneyBag> {
        bag(self.0.price_cents, &self.1)
    }
    async fn variant(&self, ctx: &Context<'_>) -> Option<ProductVariant> {
        let vid = self.0.variant_id?;
        gql(ctx).read(|s| s.find_variant(vid).map(|(p, v)| ProductVariant::of(p, v)))
    }
}

#[derive(Clone)]
pub struct FulfillmentOrder(pub model::FulfillmentOrder);

#[derive(SimpleObject, Clone)]
pub struct FulfillmentOrderAssignedLocation {
    pub name: String,
    pub location: Option<Location>,
}

#[Object]
impl FulfillmentOrder {
    async fn id(&self) -> ID {
        ID(gid("FulfillmentOrder", self.0.id))
    }
    async fn order_id(&self) -> ID {
        ID(gid("Order", self.0.order_id))
    }
    async fn status(&self) -> Result<FulfillmentOrderStatus> {
        FulfillmentOrderStatus::of(&self.0.status)
    }
    /// No fulfillment service takes requests here: the merchant fulfils.
    async fn request_status(&self) -> FulfillmentOrderRequestStatus {
        FulfillmentOrderRequestStatus::UNSUBMITTED
    }
    /// Orders are fulfilled from the primary location.
    async fn assigned_location(&self, ctx: &Context<'_>) -> FulfillmentOrderAssignedLocation {
        let location = gql(ctx).read(|s| s.primary_location().cloned());
        FulfillmentOrderAssignedLocation { name: location.as_ref().map(|l| l.name.clone()).unwrap_or_default(), location: location.map(Location) }
    }
    async fn order(&self, ctx: &Context<'_>) -> Result<Order> {
        gql(ctx).read(|s| s.orders.get(&self.0.order_id).cloned().map(Order)).ok_or_else(|| "the order is gone".into())
    }
    async fn line_items(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> Result<Connection<String, FulfillmentOrderLineItem>> {
        let order = gql(ctx).read(|s| s.orders.get(&self.0.order_id).cloned());
        let items = self
            .0
            .line_items
            .iter()
            .map(|l| {
                let li = order.as_ref().and_then(|o| o.line_items.iter().find(|x| x.id == l.line_item_id).map(|x| (x.clone(), o.currency.clone())));
                (l.id, FulfillmentOrderLineItem { line: l.clone(), item: li })
            })
            .collect();
        paginate(items, first, after, last, before)
    }
}

#[derive(Clone)]
pub struct FulfillmentOrderLineItem {
    line: model::FoLine,
    item: Option<(model::LineItem, String)>,
}

#[Object]
impl FulfillmentOrderLineItem {
    async fn id(&self) -> ID {
        ID(gid("FulfillmentOrderLineItem", self.line.id))
    }
    async fn total_quantity(&self) -> i64 {
        self.line.total_quantity
    }
    async fn remaining_quantity(&self) -> i64 {
        self.line.remaining_quantity
    }
    async fn sku(&self) -> Option<String> {
        self.item.as_ref().map(|(l, _)| l.sku.clone())
    }
    async fn line_item(&self) -> Result<LineItem> {
        self.item.clone().map(|(l, c)| LineItem(l, c)).ok_or_else(|| "the line item is gone".into())
    }
}

#[derive(SimpleObject, Clone)]
pub struct FulfillmentTrackingInfo {
    pub company: Option<String>,
    pub number: Option<String>,
    pub url: Option<Url>,
}

#[derive(Clone)]
pub struct Fulfillment(pub model::Fulfillment);

#[Object]
impl Fulfillment {
    async fn id(&self) -> ID {
        ID(gid("Fulfillment", self.0.id))
    }
    async fn legacy_resource_id(&self) -> UnsignedInt64 {
        UnsignedInt64(self.0.id.to_string())
    }
    async fn status(&self) -> Result<FulfillmentStatus> {
        FulfillmentStatus::of(&self.0.status)
    }
    async fn created_at(&self) -> DateTime {
        DateTime(rfc3339(self.0.created_ms))
    }
    async fn updated_at(&self) -> DateTime {
        DateTime(rfc3339(self.0.updated_ms))
    }
    async fn tracking_info(&self, first: Option<i32>) -> Vec<FulfillmentTrackingInfo> {
        let n = first.unwrap_or(i32::MAX).max(0) as usize;
        self.0
            .tracking
            .iter()
            .take(n)
            .map(|t| FulfillmentTrackingInfo { company: t.company.clone(), number: t.number.clone(), url: t.url.clone().map(Url) })
            .collect()
    }
    async fn order(&self, ctx: &Context<'_>) -> Result<Order> {
        gql(ctx).read(|s| s.orders.get(&self.0.order_id).cloned().map(Order)).ok_or_else(|| "the order is gone".into())
    }
}

#[derive(SimpleObject, Clone)]
pub struct WebhookHttpEndpoint {
    pub callback_url: Url,
}

#[derive(Union, Clone)]
pub enum WebhookSubscriptionEndpoint {
    WebhookHttpEndpoint(WebhookHttpEndpoint),
}

#[derive(SimpleObject, Clone)]
pub struct WebhookSubscription {
    pub id: ID,
    pub topic: WebhookSubscriptionTopic,
    pub format: WebhookSubscriptionFormat,
    pub created_at: DateTime,
    #[graphql(deprecation = "Use `uri` instead.")]
    pub callback_url: Url,
    pub uri: String,
    pub endpoint: WebhookSubscriptionEndpoint,
}

impl WebhookSubscription {
    pub fn of(w: &model::WebhookSub) -> Self {
        WebhookSubscription {
            id: ID(gid("WebhookSubscription", w.id)),
            topic: WebhookSubscriptionTopic::from_str(&w.topic).unwrap_or(WebhookSubscriptionTopic::OrdersCreate),
            format: WebhookSubscriptionFormat::parse(&w.format).unwrap_or(WebhookSubscriptionFormat::JSON),
            created_at: DateTime(rfc3339(w.created_ms)),
            callback_url: Url(w.callback_url.clone()),
            uri: w.callback_url.clone(),
            endpoint: WebhookSubscriptionEndpoint::WebhookHttpEndpoint(WebhookHttpEndpoint { callback_url: Url(w.callback_url.clone()) }),
        }
    }
}

#[derive(SimpleObject, Clone)]
#[graphql(name = "Shop")]
pub struct ShopInfo {
    pub id: ID,
    pub name: String,
    pub myshopify_domain: String,
    pub email: String,
    pub currency_code: CurrencyCode,
    pub resource_limits: ShopResourceLimits,
}

#[derive(SimpleObject, Clone)]
pub struct ShopResourceLimits {
    pub location_limit: i32,
    pub max_product_options: i32,
    pub max_product_variants: i32,
    pub redirect_limit_reached: bool,
}
