//! Publishing to sales channels, fulfillment and webhook subscription mutations.
use async_graphql::{Context, ID, Object, SimpleObject};

use super::super::model::{self, gid, parse_gid};
use super::inputs::*;
use super::publications::Publishable;
use super::types::{PlainUserError, Product, UserError, payload};
use super::types_orders::{Fulfillment, WebhookSubscription};
use super::{Gql, gql};

#[derive(Default)]
pub struct FulfilMutation;

payload!(PublishablePublishPayload { publishable: Publishable }, PlainUserError);
payload!(PublishableUnpublishPayload { publishable: Publishable }, PlainUserError);
payload!(FulfillmentCreatePayload { fulfillment: Fulfillment }, PlainUserError);
payload!(FulfillmentCreateV2Payload { fulfillment: Fulfillment }, PlainUserError);
payload!(FulfillmentTrackingInfoUpdatePayload { fulfillment: Fulfillment }, PlainUserError);
payload!(FulfillmentTrackingInfoUpdateV2Payload { fulfillment: Fulfillment }, PlainUserError);
payload!(WebhookSubscriptionCreatePayload { webhook_subscription: WebhookSubscription }, PlainUserError);
payload!(WebhookSubscriptionDeletePayload { deleted_webhook_subscription_id: ID }, PlainUserError);

fn err(field: &[&str], msg: &str) -> Vec<UserError> {
    vec![UserError::new(field, msg, None)]
}

fn publish(g: &Gql, id: &ID, input: &[PublicationInput], on: bool) -> Result<Publishable, Vec<UserError>> {
    let pid = parse_gid(id).unwrap_or(0);
    let r = g.write(|s| {
        if !s.products.contains_key(&pid) {
            return Err(err(&["id"], "Product does not exist"));
        }
        for (i, p) in input.iter().enumerate() {
            let pubid = p.publication_id.as_deref().and_then(|s| parse_gid(s)).unwrap_or(0);
            if !s.publications.iter().any(|x| x.id == pubid) {
                return Err(err(&["input", &i.to_string(), "publicationId"], "Publication does not exist"));
            }
            let set = s.published.entry(pubid).or_default();
            if on {
                set.insert(pid);
            } else {
                set.remove(&pid);
            }
        }
        Ok(s.products[&pid].clone())
    });
    r.map(|p| Publishable::Product(Product(p)))
}

fn tracking_of(t: Option<&FulfillmentTrackingInput>) -> Vec<model::Tracking> {
    let Some(t) = t else { return vec![] };
    let mut numbers: Vec<String> = t.number.iter().cloned().chain(t.numbers.iter().flatten().cloned()).collect();
    let urls: Vec<String> = t.url.iter().chain(t.urls.iter().flatten()).map(|u| u.0.clone()).collect();
    if numbers.is_empty() && !urls.is_empty() {
        numbers.push(String::new());
    }
    numbers
        .into_iter()
        .enumerate()
        .map(|(i, n)| model::Tracking { company: t.company.clone(), number: Some(n).filter(|n| !n.is_empty()), url: urls.get(i).cloned() })
        .collect()
}

fn create_fulfillment(
    g: &Gql,
    groups: &[FulfillmentOrderLineItemsInput],
    tracking: Option<&FulfillmentTrackingInput>,
    notify: bool,
) -> Result<Fulfillment, Vec<UserError>> {
    let now = g.now_ms();
    let id = g.world.next_id();
    let r = g.write(|s| {
        let mut plan: Vec<(u64, u64, i64)> = vec![]; // (fo id, line id, qty)
        let mut order_id = None;
        for (i, grp) in groups.iter().enumerate() {
            let foid = parse_gid(&grp.fulfillment_order_id).unwrap_or(0);
            let Some(fo) = s.fulfillment_orders.get(&foid) else {
                return Err(err(&["fulfillment", "lineItemsByFulfillmentOrder", &i.to_string()], "Fulfillment order does not exist."));
            };
            if !matches!(fo.status.as_str(), "OPEN" | "IN_PROGRESS") {
                return Err(err(&["fulfillment"], "Fulfillment order is not in a fulfillable state."));
            }
            if order_id.is_some_and(|o| o != fo.order_id) {
                return Err(err(&["fulfillment"], "All fulfillment orders must belong to the same order."));
            }
            order_id = Some(fo.order_id);
            match &grp.fulfillment_order_line_items {
                None => plan.extend(fo.line_items.iter().filter(|l| l.remaining_quantity > 0).map(|l| (foid, l.id, l.remaining_quantity))),
                Some(items) => {
                    for it in items {
                        let lid = parse_gid(&it.id).unwrap_or(0);
                        let Some(l) = fo.line_items.iter().find(|l| l.id == lid) else {
                            return Err(err(&["fulfillment"], "Fulfillment order line item does not exist."));
                        };
                        if it.quantity as i64 > l.remaining_quantity || it.quantity <= 0 {
                            return Err(err(&["fulfillment"], "Invalid fulfillment order line item quantity requested."));
                        }
                        plan.push((foid, lid, it.quantity as i64));
                    }
                }
            }
        }
        let Some(order_id) = order_id else { return Err(err(&["fulfillment"], "No line items to fulfill.")) };
        if plan.is_empty() {
            return Err(err(&["fulfillment"], "Fulfillment order has no remaining items."));
        }
        for (foid, lid, q) in &plan {
            let fo = s.fulfillment_orders.get_mut(foid).expect("checked");
            if let Some(l) = fo.line_items.iter_mut().find(|l| l.id == *lid) {
                l.remaining_quantity -= q;
            }
            fo.status = if fo.line_items.iter().all(|l| l.remaining_quantity == 0) { "CLOSED" } else { "IN_PROGRESS" }.into();
        }
        let f = model::Fulfillment {
            id,
            order_id,
            status: "SUCCESS".into(),
            created_ms: now,
            updated_ms: now,
            tracking: tracking_of(tracking),
            lines: plan.iter().map(|(_, l, q)| (*l, *q)).collect(),
            notify_customer: notify,
        };
        s.fulfillments.insert(id, f.clone());
        Ok(f)
    });
    r.map(Fulfillment)
}

fn update_tracking(g: &Gql, fulfillment_id: &ID, t: &FulfillmentTrackingInput) -> Result<Fulfillment, Vec<UserError>> {
    let id = parse_gid(fulfillment_id).unwrap_or(0);
    let now = g.now_ms();
    match g.write(|s| {
        s.fulfillments.get_mut(&id).map(|f| {
            f.tracking = tracking_of(Some(t));
            f.updated_ms = now;
            f.clone()
        })
    }) {
        Some(f) => Ok(Fulfillment(f)),
        None => Err(err(&["fulfillmentId"], "Fulfillment does not exist.")),
    }
}

#[Object]
impl FulfilMutation {
    async fn publishable_publish(&self, ctx: &Context<'_>, id: ID, input: Vec<PublicationInput>) -> Option<PublishablePublishPayload> {
        PublishablePublishPayload::of(publish(gql(ctx), &id, &input, true))
    }
    async fn publishable_unpublish(&self, ctx: &Context<'_>, id: ID, input: Vec<PublicationInput>) -> Option<PublishableUnpublishPayload> {
        PublishableUnpublishPayload::of(publish(gql(ctx), &id, &input, false))
    }
    async fn fulfillment_create(
        &self,
        ctx: &Context<'_>,
        fulfillment: FulfillmentInput,
        #[graphql(name = "message")] _message: Option<String>,
    ) -> Option<FulfillmentCreatePayload> {
        FulfillmentCreatePayload::of(create_fulfillment(
            gql(ctx),
            &fulfillment.line_items_by_fulfillment_order,
            fulfillment.tracking_info.as_ref(),
            fulfillment.notify_customer.unwrap_or(false),
        ))
    }
    #[graphql(deprecation = "Use fulfillmentCreate instead.")]
    async fn fulfillment_create_v2(
        &self,
        ctx: &Context<'_>,
        fulfillment: FulfillmentV2Input,
        #[graphql(name = "message")] _message: Option<String>,
    ) -> Option<FulfillmentCreateV2Payload> {
        FulfillmentCreateV2Payload::of(create_fulfillment(
            gql(ctx),
            &fulfillment.line_items_by_fulfillment_order,
            fulfillment.tracking_info.as_ref(),
            fulfillment.notify_customer.unwrap_or(false),
        ))
    }
    async fn fulfillment_tracking_info_update(
        &self,
        ctx: &Context<'_>,
        fulfillment_id: ID,
        tracking_info_input: FulfillmentTrackingInput,
        #[graphql(name = "notifyCustomer")] _notify_customer: Option<bool>,
    ) -> Option<FulfillmentTrackingInfoUpdatePayload> {
        FulfillmentTrackingInfoUpdatePayload::of(update_tracking(gql(ctx), &fulfillment_id, &tracking_info_input))
    }
    #[graphql(deprecation = "Use fulfillmentTrackingInfoUpdate instead.")]
    async fn fulfillment_tracking_info_update_v2(
        &self,
        ctx: &Context<'_>,
        fulfillment_id: ID,
        tracking_info_input: FulfillmentTrackingInput,
        #[graphql(name = "notifyCustomer")] _notify_customer: Option<bool>,
    ) -> Option<FulfillmentTrackingInfoUpdateV2Payload> {
        FulfillmentTrackingInfoUpdateV2Payload::of(update_tracking(gql(ctx), &fulfillment_id, &tracking_info_input))
    }
    async fn webhook_subscription_create(
        &self,
        ctx: &Context<'_>,
        topic: WebhookSubscriptionTopic,
        webhook_subscription: WebhookSubscriptionInput,
    ) -> Option<WebhookSubscriptionCreatePayload> {
        let g = gql(ctx);
        // `uri` (2025-04+) replaces the deprecated `callbackUrl`; the sandbox delivers over HTTP only.
        let field = if webhook_subscription.uri.is_some() { "uri" } else { "callbackUrl" };
        let Some(url) = webhook_subscription.uri.or(webhook_subscription.callback_url.map(|u| u.0)).filter(|u| u.starts_with("http")) else {
            return WebhookSubscriptionCreatePayload::of(Err(err(&["webhookSubscription", field], "Address is invalid")));
        };
        let dup = g.read(|s| s.webhooks.values().any(|w| w.topic == topic.as_str() && w.callback_url == url));
        if dup {
            return WebhookSubscriptionCreatePayload::of(Err(err(&["webhookSubscription", field], "Address for this topic has already been taken")));
        }
        let sub = model::WebhookSub {
            id: g.world.next_id(),
            topic: topic.as_str().into(),
            callback_url: url,
            format: webhook_subscription.format.unwrap_or(WebhookSubscriptionFormat::JSON).as_str().into(),
            created_ms: g.now_ms(),
        };
        g.write(|s| s.webhooks.insert(sub.id, sub.clone()));
        WebhookSubscriptionCreatePayload::of(Ok(WebhookSubscription::of(&sub)))
    }
    async fn webhook_subscription_delete(&self, ctx: &Context<'_>, id: ID) -> Option<WebhookSubscriptionDeletePayload> {
        let wid = parse_gid(&id).unwrap_or(0);
        let removed = gql(ctx).write(|s| s.webhooks.remove(&wid).is_some());
        WebhookSubscriptionDeletePayload::of(if removed {
            Ok(ID(gid("WebhookSubscription", wid)))
        } else {
            Err(err(&["id"], "Webhook subscription does not exist"))
        })
    }
}
