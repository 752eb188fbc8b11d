//! eBay Buy Order API v2 (guest checkout) over the `ebay` catalogue, under a client-credentials
//! token with the `buy.guest.order` scope: `POST guest_checkout_session/initiate` and `GET
//! guest_checkout_session/{id}` here, `GET guest_purchase_order/{id}` in `ebay_purchase.rs`.
//! v2 has no call that pays: the buyer pays in eBay's "Checkout with eBay" widget, launched with
//! the `X-EBAY-SECURITY-SIGNATURE` the session answers, and the widget hands back the purchase
//! order id. Here `/_sandbox/ebay/checkout/{id}/pay` is that widget. A session is not an order:
//! initiating twice buys nothing twice, so eBay needs no idempotency key for it.
use std::collections::BTreeMap;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::model::Order;
use super::orders::{ItemIn, OrderIn, place};
use crate::util::{bearer, header, json_error, money, rfc3339};
use crate::{AppState, creds};

pub const BASE: &str = "/ebay/buy/order/v2";
/// The catalogue is priced in US dollars, so the sandbox sells on eBay US only.
const MARKETPLACES: [(&str, &str); 1] = [("EBAY_US", "US")];
const MAX_LINES: usize = 10;

#[derive(Default)]
pub struct EbayOrders {
    pub sessions: BTreeMap<String, Session>,
    /// purchaseOrderId → checkoutSessionId.
    pub purchase_orders: BTreeMap<String, String>,
}

#[derive(Clone)]
pub struct Session {
    pub id: String,
    pub marketplace: String,
    pub request: Value,
    /// (lineItemId, itemId) per line, in the request's order.
    pub lines: Vec<(String, String)>,
    /// The priced order, stored (stock taken) only once it is paid.
    pub order: Order,
    pub purchase_order_id: Option<String>,
}

pub fn routes() -> axum::Router<AppState> {
    axum::Router::new()
        .route(&format!("{BASE}/guest_checkout_session/initiate"), post(initiate))
        .route(&format!("{BASE}/guest_checkout_session/{{id}}"), get(session))
        .merge(super::ebay_purchase::routes())
}

/// eBay's error body, `API_ORDER` domain.
pub fn error(status: StatusCode, id: u32, category: &str, message: &str) -> Response {
    json_error(status, json!({"errors": [{"errorId": id, "domain": "API_ORDER", "category": category, "message": message}]}))
}

fn request(id: u32, message: &str) -> Response {
    error(StatusCode::BAD_REQUEST, id, "REQUEST", message)
}

fn business(id: u32, message: &str) -> Response {
    error(StatusCode::CONFLICT, id, "BUSINESS", message)
}

fn missing(field: &str) -> Response {
    request(15001, &format!("Missing field: {field}. The indicated field is required for this request. Add the field and resubmit the call."))
}

/// A token without the `buy.guest.order` scope.
pub fn insufficient_scope() -> Response {
    json_error(
        StatusCode::FORBIDDEN,
        json!({"errors": [{"errorId": 1100, "domain": "ACCESS", "category": "REQUEST", "message": "Access denied",
            "longMessage": "Insufficient permissions to fulfill the request."}]}),
    )
}

/// The Order API takes only a token granted with `buy.guest.order`.
pub fn authed(h: &HeaderMap) -> Result<(), Response> {
    match bearer(h).as_deref() {
        Some(creds::EBAY_ORDER_TOKEN | creds::EBAY_APP_ORDER_TOKEN) => Ok(()),
        Some(creds::EBAY_APP_TOKEN) => Err(insufficient_scope()),
        _ => Err(super::ebay::invalid_token()),
    }
}

/// The marketplace header, required, and the one country it ships to (the Order API ships
/// domestically only).
fn marketplace(h: &HeaderMap) -> Result<(String, &'static str), Response> {
    let Some(m) = header(h, "x-ebay-c-marketplace-id").filter(|m| !m.trim().is_empty()) else { return Err(missing("X-EBAY-C-MARKETPLACE-ID")) };
    let supported = MARKETPLACES.iter().map(|(m, _)| *m).collect::<Vec<_>>().join(", ");
    match MARKETPLACES.iter().find(|(id, _)| *id == m.trim()) {
        Some((id, country)) => Ok((id.to_string(), country)),
        None => Err(business(15027, &format!("The value {m} is not supported for the X-EBAY-C-MARKETPLACE-ID. The supported values are: {supported}."))),
    }
}

fn text<'a>(v: &'a Value, field: &str) -> Result<&'a str, Response> {
    v.as_str().map(str::trim).filter(|s| !s.is_empty()).ok_or_else(|| missing(field))
}

/// The address as eBay requires it: recipient, first line, city, country, phone and, in the US,
/// the state and postal code; first lines past 40 characters (US) are too long.
fn check_address(a: &Value, country: &str) -> Result<(), Response> {
    if a.is_null() {
        return Err(missing("shippingAddress"));
    }
    let line1 = text(&a["addressLine1"], "shippingAddress.addressLine1")?;
    text(&a["recipient"]["firstName"], "shippingAddress.recipient.firstName")?;
    text(&a["recipient"]["lastName"], "shippingAddress.recipient.lastName")?;
    text(&a["city"], "shippingAddress.city")?;
    let to = text(&a["country"], "shippingAddress.country")?;
    text(&a["phoneNumber"], "shippingAddress.phoneNumber")?;
    text(&a["postalCode"], "shippingAddress.postalCode")?;
    if country == "US" {
        text(&a["stateOrProvince"], "shippingAddress.stateOrProvince")?;
    }
    if line1.chars().count() > 40 {
        return Err(request(15048, "The value of shippingAddress.addressLine1 is too long. For more information, see the documentation for this call."));
    }
    if !to.eq_ignore_ascii_case(country) {
        return Err(business(15026, "The item is not shippable to the specified shipping address."));
    }
    Ok(())
}

/// `v1|{legacy id}|{variation}` → the catalogue product and its variant's SKU.
fn variant_of(app: &AppState, item_id: &str) -> Option<(String, String)> {
    let mut parts = item_id.split('|');
    let (Some("v1"), Some(legacy), Some(n), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else { return None };
    let n: usize = n.parse().ok()?;
    let p = app.world().catalogue.product("ebay", legacy)?;
    let k = match (p.options.is_empty(), n) {
        (true, 0) => 0,
        (false, n) if n >= 1 => n - 1,
        _ => return None,
    };
    p.variants.get(k).map(|v| (legacy.to_string(), v.sku_id.clone()))
}

fn well_formed(item_id: &str) -> bool {
    let parts: Vec<&str> = item_id.split('|').collect();
    parts.len() == 3 && parts[0] == "v1" && parts[1..].iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// The lines and the priced order, or eBay's refusal.
fn price(app: &AppState, lines: &[Value], address: &Value) -> Result<(Vec<String>, Order), Response> {
    if lines.is_empty() {
        return Err(missing("lineItemInputs"));
    }
    if lines.len() > MAX_LINES {
        return Err(business(15011, &format!("You have exceeded the maximum number of {MAX_LINES} line items. Correct the request and resubmit the call.")));
    }
    let country = address["country"].as_str().unwrap_or_default().to_uppercase();
    let mut items = vec![];
    let mut ids = vec![];
    for l in lines {
        let item_id = text(&l["itemId"], "lineItemInputs.itemId")?;
        if !well_formed(item_id) {
            return Err(request(
                15002,
                "Invalid field: lineItemInputs.itemId. The indicated field contains an invalid value. Correct the value and resubmit the call.",
            ));
        }
        let Some(q) = l.get("quantity").filter(|q| !q.is_null()) else { return Err(missing("lineItemInputs.quantity")) };
        let quantity = q
            .as_i64()
            .filter(|n| *n >= 1 && *n <= u32::MAX as i64)
            .ok_or_else(|| business(15014, "The quantity submitted for this item is invalid. Correct the quantity value and resubmit the call."))?;
        let Some((product_id, sku_id)) = variant_of(app, item_id) else {
            return Err(business(
                15018,
                "The item is not available for purchase. This can be for several reasons including the listing has ended. Remove the item and resubmit the call.",
            ));
        };
        ids.push(item_id.to_string());
        items.push(ItemIn { product_id, sku_id, quantity: quantity as u32, expected_price: None });
    }
    let body = OrderIn { items, ship_to: json!({"country": country, "address": address}), shipping_method: None };
    match place(app, "ebay", &body) {
        Ok(o) => Ok((ids, o)),
        Err((_, "SOLD_OUT" | "OUT_OF_STOCK", _)) => Err(business(
            15013,
            "The item is either out of stock, or the desired quantity exceeds the quantity available. If out of stock, please wait for seller to restock. If desired quantity exceeds available quantity, please reduce the quantity value and try again.",
        )),
        Err((_, "CANNOT_SHIP_TO_COUNTRY", msg)) => {
            let item = ids.iter().find(|i| msg.contains(i.split('|').nth(1).unwrap_or("?"))).cloned().unwrap_or_default();
            Err(business(15028, &format!("The item {item} is not available for purchase because it cannot be shipped to {country}.")))
        }
        Err((_, _, _)) => Err(business(
            15018,
            "The item is not available for purchase. This can be for several reasons including the listing has ended. Remove the item and resubmit the call.",
        )),
    }
}

fn amount(cents: i64) -> Value {
    json!({"value": money(cents), "currency": "USD"})
}

/// GuestCheckoutSessionResponseV2.
fn session_json(app: &AppState, s: &Session) -> Value {
    let now = app.world().clock.now_ms();
    let day = super::model::DAY;
    let o = &s.order;
    let lines: Vec<Value> = s
        .lines
        .iter()
        .zip(&o.items)
        .enumerate()
        .map(|(k, ((line_id, item_id), i))| {
            let unit = crate::util::parse_money(&i.unit_price).unwrap_or(0);
            let mut line = json!({"lineItemId": line_id, "itemId": item_id, "title": i.title, "quantity": i.quantity,
                "baseUnitPrice": amount(unit), "netPrice": amount(unit * i.quantity as i64), "seller": {"username": "sandbox-seller"}});
            // The whole order's delivery is quoted on the first line, as the catalogue prices it.
            let cost = if k == 0 { o.shipping_amount_cents } else { 0 };
            line["shippingOptions"] = json!([{"shippingOptionId": format!("{line_id}-1"), "shippingServiceCode": o.shipping_method, "shippingCarrierCode": o.carrier,
                "baseDeliveryCost": amount(cost), "selected": true,
                "minEstimatedDeliveryDate": rfc3339(now + o.min_days as i64 * day), "maxEstimatedDeliveryDate": rfc3339(now + o.max_days as i64 * day)}]);
            line
        })
        .collect();
    let subtotal = o.total_cents - o.shipping_amount_cents;
    json!({"checkoutSessionId": s.id, "lineItems": lines, "shippingAddress": s.request["shippingAddress"],
        "pricingSummary": {"priceSubtotal": amount(subtotal), "deliveryCost": amount(o.shipping_amount_cents), "tax": amount(0), "total": amount(o.total_cents)}})
}

/// `POST guest_checkout_session/initiate {contactEmail, lineItemInputs[{itemId, quantity}],
/// shippingAddress}`: a session priced for the address; nothing is bought yet.
async fn initiate(State(app): State<AppState>, h: HeaderMap, body: Bytes) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let (marketplace, country) = match marketplace(&h) {
        Ok(m) => m,
        Err(e) => return e,
    };
    let Ok(r) = serde_json::from_slice::<Value>(&body) else {
        return request(15002, "Invalid field: request body. The indicated field contains an invalid value. Correct the value and resubmit the call.");
    };
    if let Err(e) = text(&r["contactEmail"], "contactEmail") {
        return e;
    }
    let lines = r["lineItemInputs"].as_array().cloned().unwrap_or_default();
    let address = &r["shippingAddress"];
    let (ids, order) = match check_address(address, country).and_then(|_| price(&app, &lines, address)) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let w = app.world();
    let id = format!("{}", 10_000_000_000u64 + w.next_id());
    let lines = ids.into_iter().map(|item| (format!("{}", 20_000_000_000u64 + w.next_id()), item)).collect();
    let s = Session { id: id.clone(), marketplace, request: r, lines, order, purchase_order_id: None };
    let answer = session_json(&app, &s);
    let signature = w.token("ebaysig.");
    w.suppliers.write().expect("suppliers lock").ebay.sessions.insert(id, s);
    ([("X-EBAY-SECURITY-SIGNATURE", signature)], Json(answer)).into_response()
}

/// `GET guest_checkout_session/{id}`, in the marketplace it was made in.
async fn session(State(app): State<AppState>, h: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(e) = authed(&h) {
        return e;
    }
    let (marketplace, _) = match marketplace(&h) {
        Ok(m) => m,
        Err(e) => return e,
    };
    let s = app.world().suppliers.read().expect("suppliers lock").ebay.sessions.get(&id).cloned();
    let Some(s) = s else { return request(15003, "The checkout session requested does not exist.") };
    if s.marketplace != marketplace {
        return request(
            15029,
            &format!(
                "The X-EBAY-C-MARKETPLACE-ID value {marketplace} is invalid for this checkout session because it is different from the X-EBAY-C-MARKETPLACE-ID header value used to create the session. For all calls in this checkout session, you must use X-EBAY-C-MARKETPLACE-ID {}.",
                s.marketplace
            ),
        );
    }
    Json(session_json(&app, &s)).into_response()
}
