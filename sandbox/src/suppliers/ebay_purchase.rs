//! eBay guest purchase orders: `GET /ebay/buy/order/v2/guest_purchase_order/{purchaseOrderId}`
//! (GuestPurchaseOrderV2), and the control calls that stand in for the buyer: paying a checkout
//! session in the "Checkout with eBay" widget (`POST /_sandbox/ebay/checkout/{id}/pay`, which
//! answers the purchase order id the widget hands back) and `GET /_sandbox/ebay` (every session
//! and purchase order). The order moves on the virtual clock like every supplier order; the
//! line status is what eBay tells of it (v2 answers no tracking number, only the carrier).
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::ebay_orders::{BASE, Session, authed, error};
use super::model::Order;
use super::orders::commit;
use crate::AppState;
use crate::util::{header, json_error, money, parse_money, rfc3339};

pub fn routes() -> axum::Router<AppState> {
    axum::Router::new()
        .route(&format!("{BASE}/guest_purchase_order/{{id}}"), get(purchase_order))
        .route("/_sandbox/ebay/checkout/{id}/pay", post(pay))
        .route("/_sandbox/ebay", get(inspect))
}

fn amount(cents: i64) -> Value {
    json!({"value": money(cents), "currency": "USD"})
}

/// LineItemStatusEnum (and PurchaseOrderStatusEnum, which has the same values) from the order's
/// progress.
fn line_status(status: &str) -> &'static str {
    match status {
        "shipped" => "FULFILLMENT_IN_PROGRESS",
        "delivered" => "DELIVERED",
        "cancelled" | "refunded" => "CANCELLED",
        _ => "PENDING",
    }
}

fn purchase_json(app: &AppState, po: &str, s: &Session, o: &Order) -> Value {
    let w = app.world();
    let status = o.status(w.clock.now_ms());
    let paid = if o.paid_ms.is_some() { "PAID" } else { "PENDING" };
    let lines: Vec<Value> = s
        .lines
        .iter()
        .zip(&o.items)
        .map(|((line_id, item_id), i)| {
            let unit = parse_money(&i.unit_price).unwrap_or(0);
            json!({"lineItemId": line_id, "itemId": item_id, "title": i.title, "quantity": i.quantity, "orderId": format!("{}-{line_id}", o.id),
                "baseUnitPrice": amount(unit), "netPrice": amount(unit * i.quantity as i64), "seller": {"username": "sandbox-seller"},
                "lineItemPaymentStatus": paid, "lineItemStatus": line_status(status),
                "shippingDetail": {"shippingCarrierCode": o.carrier, "shippingServiceCode": o.shipping_method,
                    "minEstimatedDeliveryDate": o.paid_ms.map(|p| rfc3339(p + o.min_days as i64 * super::model::DAY)),
                    "maxEstimatedDeliveryDate": o.paid_ms.map(|p| rfc3339(p + o.max_days as i64 * super::model::DAY))}})
        })
        .collect();
    json!({"purchaseOrderId": po, "purchaseOrderCreationDate": rfc3339(o.created_ms), "purchaseOrderPaymentStatus": paid,
        "purchaseOrderStatus": line_status(status), "lineItems": lines,
        "pricingSummary": {"priceSubtotal": amount(o.total_cents - o.shipping_amount_cents), "deliveryCost": amount(o.shipping_amount_cents),
            "tax": amount(0), "total": amount(o.total_cents)}})
}

/// `GET guest_purchase_order/{purchaseOrderId}`; the marketplace header is optional here, and
/// must be the session's when given.
async fn purchase_order(State(app): State<AppState>, h: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let w = app.world();
    let found = {
        let st = w.suppliers.read().expect("suppliers lock");
        st.ebay.purchase_orders.get(&id).and_then(|sid| st.ebay.sessions.get(sid)).and_then(|s| Some((s.clone(), st.orders.get(&s.order.id)?.clone())))
    };
    let Some((s, o)) = found else { return error(StatusCode::BAD_REQUEST, 16002, "REQUEST", "The purchase order ID was not found.") };
    if header(&h, "x-ebay-c-marketplace-id").is_some_and(|m| m.trim() != s.marketplace) {
        return error(StatusCode::BAD_REQUEST, 16003, "REQUEST", "Access to the purchase order is not authorized.");
    }
    Json(purchase_json(&app, &id, &s, &o)).into_response()
}

/// The buyer pays the session in the widget: the order is made (stock taken) and paid, and the
/// widget's purchase order id comes back. The stock is checked again, as at eBay's payment.
async fn pay(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let refuse = |status: StatusCode, message: &str| json_error(status, json!({"error": message}));
    let w = app.world();
    let Some(s) = w.suppliers.read().expect("suppliers lock").ebay.sessions.get(&id).cloned() else {
        return refuse(StatusCode::NOT_FOUND, "no such checkout session");
    };
    if let Some(po) = &s.purchase_order_id {
        return refuse(StatusCode::CONFLICT, &format!("this checkout session was paid already: purchase order {po}"));
    }
    for i in &s.order.items {
        let left = w.catalogue.product("ebay", &i.product_id).and_then(|p| p.variant(&i.sku_id).map(|v| super::stock_left(&app, &v.sku_id, v.stock)));
        if left.is_none_or(|l| l < i.quantity) {
            return refuse(StatusCode::CONFLICT, &format!("item {} cannot be bought any more", i.sku_id));
        }
    }
    let mut order = s.order.clone();
    order.paid_ms = Some(w.clock.now_ms());
    let (_, order) = commit(&app, "ebay", None, order);
    let po = format!("{}", 50_000_000_000u64 + w.next_id());
    let mut st = w.suppliers.write().expect("suppliers lock");
    st.ebay.purchase_orders.insert(po.clone(), id.clone());
    if let Some(s) = st.ebay.sessions.get_mut(&id) {
        s.purchase_order_id = Some(po.clone());
        s.order = order;
    }
    Json(json!({"purchaseOrderId": po, "checkoutSessionId": id})).into_response()
}

async fn inspect(State(app): State<AppState>) -> Response {
    let w = app.world();
    let st = w.suppliers.read().expect("suppliers lock");
    let sessions: Vec<Value> = st
        .ebay
        .sessions
        .values()
        .map(|s| json!({"checkoutSessionId": s.id, "marketplace": s.marketplace, "request": s.request, "purchaseOrderId": s.purchase_order_id}))
        .collect();
    Json(json!({"sessions": sessions, "purchase_orders": st.ebay.purchase_orders})).into_response()
}
