//! QueryRoot: shop, products, productVariants, publications, orders,
//! fulfillmentOrders, webhookSubscriptions. The `query:` argument supports
//! Shopify's `field:value` search syntax for the common fields.
use async_graphql::connection::Connection;
use async_graphql::{Context, ID, Object, Result};

use super::super::model::{self, gid, parse_gid};
use super::codes::CurrencyCode;
use super::gql;
use super::inputs::{ProductIdentifierInput, WebhookSubscriptionTopic};
use super::publications::Publication;
use super::types::{Product, ProductVariant, paginate};
use super::types_orders::{Fulfillment, FulfillmentOrder, Order, ShopInfo, ShopResourceLimits, WebhookSubscription};

#[derive(Default)]
pub struct Query;

/// Parses `title:foo status:active bar` into (field, value) terms; bare words get field "".
pub(super) fn terms(q: &Option<String>) -> Vec<(String, String)> {
    q.as_deref()
        .unwrap_or("")
        .split_whitespace()
        .filter(|t| !matches!(*t, "AND" | "OR"))
        .map(|t| match t.split_once(':') {
            Some((k, v)) => (k.to_lowercase(), v.trim_matches(['"', '\'']).to_lowercase()),
            None => (String::new(), t.trim_matches(['"', '\'']).to_lowercase()),
        })
        .collect()
}

fn wild(hay: &str, pat: &str) -> bool {
    let hay = hay.to_lowercase();
    match pat.strip_suffix('*') {
        Some(p) => hay.starts_with(p),
        None => hay == pat,
    }
}

/// The products a search can match, in id order: those holding an exact `sku:` term's SKU
/// (from the shop's index), else all of them. Each is still checked against every term.
fn candidates<'a>(s: &'a model::Shop, terms: &[(String, String)]) -> Box<dyn Iterator<Item = &'a model::Product> + 'a> {
    match terms.iter().find(|(k, v)| k == "sku" && !v.ends_with('*')) {
        Some((_, sku)) => Box::new(s.products.products_with_sku(sku)),
        None => Box::new(s.products.values()),
    }
}

fn product_matches(p: &model::Product, terms: &[(String, String)]) -> bool {
    terms.iter().all(|(k, v)| match k.as_str() {
        "" => p.title.to_lowercase().contains(v.as_str()),
        "title" => wild(&p.title, v) || p.title.to_lowercase().contains(v.as_str()),
        "handle" => wild(&p.handle, v),
        "status" => v.split(',').any(|s| p.status.eq_ignore_ascii_case(s)),
        "sku" => p.variants.iter().any(|x| wild(&x.sku, v)),
        "tag" => p.tags.iter().any(|t| t.eq_ignore_ascii_case(v)),
        "vendor" => wild(&p.vendor, v),
        "product_type" => wild(&p.product_type, v),
        "id" => p.id.to_string() == *v,
        _ => true,
    })
}

fn order_matches(o: &model::Order, terms: &[(String, String)]) -> bool {
    terms.iter().all(|(k, v)| match k.as_str() {
        "name" | "" => o.name().trim_start_matches('#') == v.trim_start_matches('#'),
        "email" => o.email.eq_ignore_ascii_case(v),
        "status" => match v.as_str() {
            "open" => o.cancelled_ms.is_none(),
            "cancelled" => o.cancelled_ms.is_some(),
            _ => true,
        },
        "id" => o.id.to_string() == *v,
        _ => true,
    })
}

// `product`, `productByHandle` and `productByIdentifier` look products up the same two ways.
fn find_product(ctx: &Context<'_>, id: &str) -> Option<Product> {
    let pid = parse_gid(id)?;
    gql(ctx).read(|s| s.products.get(&pid).cloned().map(Product))
}

fn find_by_handle(ctx: &Context<'_>, handle: &str) -> Option<Product> {
    gql(ctx).read(|s| s.products.by_handle(handle).cloned().map(Product))
}

fn ordered<T>(mut v: Vec<(u64, T)>, reverse: Option<bool>) -> Vec<(u64, T)> {
    if reverse.unwrap_or(false) {
        v.reverse();
    }
    v
}

#[Object]
impl Query {
    async fn shop(&self, ctx: &Context<'_>) -> Result<ShopInfo> {
        gql(ctx).read(|s| {
            Ok(ShopInfo {
                id: ID(gid("Shop", s.id)),
                name: s.name.clone(),
                myshopify_domain: s.domain.clone(),
                email: s.email.clone(),
                currency_code: CurrencyCode::of(&s.currency)?,
                resource_limits: ShopResourceLimits {
                    location_limit: if matches!(s.throttle.plan.as_str(), "plus" | "enterprise") { 200 } else { 10 },
                    max_product_options: super::products::MAX_OPTIONS as i32,
                    max_product_variants: s.limits.max_product_variants as i32,
                    redirect_limit_reached: false,
                },
            })
        })
    }

    #[allow(clippy::too_many_arguments)]
    async fn products(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
        reverse: Option<bool>,
        query: Option<String>,
    ) -> Result<Connection<String, Product>> {
        let t = terms(&query);
        let items = gql(ctx).read(|s| candidates(s, &t).filter(|p| product_matches(p, &t)).map(|p| (p.id, Product(p.clone()))).collect());
        paginate(ordered(items, reverse), first, after, last, before)
    }

    async fn product(&self, ctx: &Context<'_>, id: ID) -> Option<Product> {
        find_product(ctx, &id)
    }

    /// By id or handle (2025-04+; `customId` is not emulated).
    async fn product_by_identifier(&self, ctx: &Context<'_>, identifier: ProductIdentifierInput) -> Option<Product> {
        match (identifier.id, identifier.handle) {
            (Some(id), _) => find_product(ctx, &id),
            (None, Some(h)) => find_by_handle(ctx, &h),
            (None, None) => None,
        }
    }

    async fn product_by_handle(&self, ctx: &Context<'_>, handle: String) -> Option<Product> {
        find_by_handle(ctx, &handle)
    }

    #[allow(clippy::too_many_arguments)]
    async fn product_variants(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
        reverse: Option<bool>,
        query: Option<String>,
    ) -> Result<Connection<String, ProductVariant>> {
        let t = terms(&query);
        let mut items: Vec<(u64, ProductVariant)> = gql(ctx).read(|s| {
            candidates(s, &t)
                .flat_map(|p| p.variants.iter().map(move |v| (p, v)))
                .filter(|(p, v)| {
                    t.iter().all(|(k, val)| match k.as_str() {
                        "sku" => wild(&v.sku, val),
                        "product_id" => p.id.to_string() == *val,
                        "" | "title" => v.title().to_lowercase().contains(val.as_str()),
                        _ => true,
                    })
                })
                .map(|(p, v)| (v.id, ProductVariant::of(p, v)))
                .collect()
        });
        items.sort_by_key(|(id, _)| *id);
        paginate(ordered(items, reverse), first, after, last, before)
    }

    async fn product_variant(&self, ctx: &Context<'_>, id: ID) -> Option<ProductVariant> {
        let vid = parse_gid(&id)?;
        gql(ctx).read(|s| s.find_variant(vid).map(|(p, v)| ProductVariant::of(p, v)))
    }

    async fn publications(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> Result<Connection<String, Publication>> {
        let items = gql(ctx).read(|s| s.publications.iter().map(|p| (p.id, Publication::of(p))).collect());
        paginate(items, first, after, last, before)
    }

    #[allow(clippy::too_many_arguments)]
    async fn orders(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
        reverse: Option<bool>,
        query: Option<String>,
    ) -> Result<Connection<String, Order>> {
        let t = terms(&query);
        let items = gql(ctx).read(|s| s.orders.values().filter(|o| order_matches(o, &t)).map(|o| (o.id, Order(o.clone()))).collect());
        paginate(ordered(items, reverse), first, after, last, before)
    }

    async fn order(&self, ctx: &Context<'_>, id: ID) -> Option<Order> {
        let oid = parse_gid(&id)?;
        gql(ctx).read(|s| s.orders.get(&oid).cloned().map(Order))
    }

    #[allow(clippy::too_many_arguments)]
    async fn fulfillment_orders(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
        reverse: Option<bool>,
        include_closed: Option<bool>,
    ) -> Result<Connection<String, FulfillmentOrder>> {
        let closed = include_closed.unwrap_or(false);
        let items = gql(ctx).read(|s| {
            s.fulfillment_orders
                .values()
                .filter(|f| closed || !matches!(f.status.as_str(), "CLOSED" | "CANCELLED"))
                .map(|f| (f.id, FulfillmentOrder(f.clone())))
                .collect()
        });
        paginate(ordered(items, reverse), first, after, last, before)
    }

    async fn fulfillment_order(&self, ctx: &Context<'_>, id: ID) -> Option<FulfillmentOrder> {
        let fid = parse_gid(&id)?;
        gql(ctx).read(|s| s.fulfillment_orders.get(&fid).cloned().map(FulfillmentOrder))
    }

    async fn fulfillment(&self, ctx: &Context<'_>, id: ID) -> Option<Fulfillment> {
        let fid = parse_gid(&id)?;
        gql(ctx).read(|s| s.fulfillments.get(&fid).cloned().map(Fulfillment))
    }

    async fn webhook_subscriptions(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
        topics: Option<Vec<WebhookSubscriptionTopic>>,
    ) -> Result<Connection<String, WebhookSubscription>> {
        let items = gql(ctx).read(|s| {
            s.webhooks
                .values()
                .filter(|w| topics.as_ref().is_none_or(|t| t.iter().any(|t| t.as_str() == w.topic)))
                .map(|w| (w.id, WebhookSubscription::of(w)))
                .collect()
        });
        paginate(items, first, after, last, before)
    }
}
