//! eBay orders through the Buy Order API v2 (guest checkout), with an application token granted
//! the `buy.guest.order` scope: `POST {checkout_api_url}/buy/order/v2/guest_checkout_session/
//! initiate` (`contactEmail`, `lineItemInputs[{itemId, quantity}]`, `shippingAddress`, header
//! `X-EBAY-C-MARKETPLACE-ID`) prices the order in a checkout session, and `GET {api_url}/buy/
//! order/v2/guest_purchase_order/{purchaseOrderId}` reads the order once paid. v2 has no call that
//! pays: the buyer pays in eBay's "Checkout with eBay" widget, which hands back the purchase order
//! id. So Dropline never pays eBay orders; the owner completes them at eBay.
use serde_json::{Value, json};

use super::ebay::{Ebay, GUEST_ORDER_SCOPE};
use super::orders::{NewOrder, OrderError, SupplierOrder};
use super::{Suppliers, parse_cents};

const ORDER_API: &str = "buy/order/v2";

/// What a checkout session priced.
#[derive(Debug, Clone)]
pub struct Checkout {
    pub session_id: String,
    pub total_cents: i64,
    pub shipping_cents: i64,
}

/// What eBay tells of a purchase order: the order in the suppliers' words, its payment status
/// (`PurchaseOrderPaymentStatusEnum`) and the eBay item of each line.
#[derive(Debug, Clone)]
pub struct PurchaseOrder {
    pub order: SupplierOrder,
    pub payment: String,
    pub item_ids: Vec<String>,
}

/// The eBay item a stored variant names. A product read through Browse keeps each variant under
/// its RESTful item id, `v1|{legacy item id}|{variation id}` (0 without variations), and the
/// product under the legacy id: the same listing on both sides, or the line names no eBay item
/// (a product imported through the JSON protocol, whose SKU ids are the protocol's own).
pub fn item_id(product_id: &str, sku_id: &str) -> Option<String> {
    let parts: Vec<&str> = sku_id.split('|').collect();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (parts.len() == 3 && parts[0] == "v1" && parts[1] == product_id && digits(parts[1]) && digits(parts[2])).then(|| sku_id.to_string())
}

/// eBay's error ids (the Order API's pages list them per call) in the suppliers' common codes.
fn refusal(status: u16, body: &Value) -> OrderError {
    let first = &body["errors"][0];
    let id = first["errorId"].as_i64().unwrap_or(0);
    let message = format!("eBay {id}: {}", first["message"].as_str().unwrap_or("no message"));
    let ours = match id {
        15013 | 15053 | 15055 => "OUT_OF_STOCK",
        15018 | 15043 | 15044 | 15045 | 20002 => "SKU_NOT_FOUND",
        15026 | 15028 => "CANNOT_SHIP_TO_COUNTRY",
        15001 | 15002 | 15007 | 15048 | 17002 => "INVALID_REQUEST",
        1001 | 1100 | 15025 => "UNAUTHORIZED",
        15003 | 16002 | 16003 => "ORDER_NOT_FOUND",
        15011 | 15012 | 15014 | 15019 | 15027 | 15029 | 15031 | 15047 => "ORDER_FAILED",
        _ => return OrderError::Unavailable(format!("ebay answered {status}: {message}")),
    };
    OrderError::Refused { code: ours.into(), message }
}

fn cents(v: &Value) -> i64 {
    v["value"].as_str().map(parse_cents).unwrap_or(0)
}

/// The buyer's address as eBay takes it: the recipient's name in two parts (eBay requires both;
/// a one-word name is both), phone with the address.
fn shipping_address(a: &Value) -> Value {
    let name = a["name"].as_str().unwrap_or_default().trim();
    let (first, last) = name.split_once(' ').map(|(f, l)| (f, l.trim())).unwrap_or((name, name));
    json!({"recipient": {"firstName": first, "lastName": last}, "addressLine1": a["address1"], "addressLine2": a["address2"],
        "city": a["city"], "stateOrProvince": a["province"], "postalCode": a["zip"], "country": a["country"], "phoneNumber": a["phone"]})
}

/// The `initiateGuestCheckoutSession` body for the order, or the line that names no eBay item.
pub fn checkout_request(order: &NewOrder, email: &str) -> Result<Value, OrderError> {
    let mut lines = vec![];
    for i in &order.items {
        let Some(id) = item_id(&i.product_id, &i.sku_id) else {
            let message = format!(
                "variant {} of product {} names no eBay item (it was not read through eBay's Browse API): change this line's supplier",
                i.sku_id, i.product_id
            );
            return Err(OrderError::Refused { code: "SKU_NOT_FOUND".into(), message });
        };
        lines.push(json!({"itemId": id, "quantity": i.quantity}));
    }
    Ok(json!({"contactEmail": email, "lineItemInputs": lines, "shippingAddress": shipping_address(&order.ship_to)}))
}

/// GuestPurchaseOrderV2 in the suppliers' words. Paid orders follow `purchaseOrderStatus`; v2
/// answers no tracking number (only the carrier), so no parcel comes from it.
fn purchase_from(id: &str, p: &Value) -> PurchaseOrder {
    let payment = p["purchaseOrderPaymentStatus"].as_str().unwrap_or("PENDING").to_string();
    let status = match (payment.as_str(), p["purchaseOrderStatus"].as_str().unwrap_or_default()) {
        (_, "CANCELLED") => "cancelled",
        ("PAID", "FULFILLMENT_IN_PROGRESS") => "shipped",
        ("PAID", "DELIVERED") => "delivered",
        ("PAID", _) => "paid",
        _ => "awaiting_payment",
    };
    let money = |v: &Value| json!({"amount": v["value"].as_str().unwrap_or("0"), "currency": v["currency"]});
    let lines = p["lineItems"].as_array().cloned().unwrap_or_default();
    PurchaseOrder {
        order: SupplierOrder {
            id: p["purchaseOrderId"].as_str().unwrap_or(id).to_string(),
            status: status.into(),
            total: money(&p["pricingSummary"]["total"]),
            shipping: money(&p["pricingSummary"]["deliveryCost"]),
            tracking: Value::Null,
        },
        payment,
        item_ids: lines.iter().filter_map(|l| l["itemId"].as_str().map(str::to_string)).collect(),
    }
}

impl Ebay {
    /// One Order API call under the guest-order token; a token eBay refuses is bought again once.
    async fn order_call(&self, build: impl Fn(&str) -> reqwest::RequestBuilder) -> Result<Value, OrderError> {
        let unavailable = |e: String| OrderError::Unavailable(format!("ebay: {e}"));
        for _ in 0..2 {
            let token = self.token_for(&self.order_token, GUEST_ORDER_SCOPE).await.map_err(|e| unavailable(e.to_string()))?;
            let res = build(&token).header("X-EBAY-C-MARKETPLACE-ID", &self.settings.marketplace_id).send().await.map_err(|e| unavailable(e.to_string()))?;
            let status = res.status().as_u16();
            let body: Value = res.json().await.unwrap_or(Value::Null);
            match status {
                200..=299 => return Ok(body),
                401 => *self.order_token.lock().await = None,
                400..=499 if status != 429 && status != 408 => return Err(refusal(status, &body)),
                _ => return Err(unavailable(format!("answered {status}"))),
            }
        }
        Err(refusal(401, &json!({"errors": [{"errorId": 1001, "message": "the guest-order token is refused"}]})))
    }

    fn order_url(&self, host: &str, path: &str) -> String {
        let host = if host.is_empty() { &self.settings.api_url } else { host };
        format!("{}/{ORDER_API}/{path}", host.trim_end_matches('/'))
    }

    pub async fn checkout(&self, request: &Value) -> Result<Checkout, OrderError> {
        let url = self.order_url(&self.settings.checkout_api_url, "guest_checkout_session/initiate");
        let s = self.order_call(|t| self.http.post(&url).bearer_auth(t).json(request)).await?;
        let session_id = s["checkoutSessionId"].as_str().ok_or_else(|| OrderError::Unavailable("ebay answered no checkoutSessionId".into()))?;
        Ok(Checkout {
            session_id: session_id.to_string(),
            total_cents: cents(&s["pricingSummary"]["total"]),
            shipping_cents: cents(&s["pricingSummary"]["deliveryCost"]),
        })
    }

    pub async fn purchase_order(&self, id: &str) -> Result<PurchaseOrder, OrderError> {
        let encoded: String = url::form_urlencoded::byte_serialize(id.as_bytes()).collect();
        let url = self.order_url(&self.settings.api_url, &format!("guest_purchase_order/{encoded}"));
        Ok(purchase_from(id, &self.order_call(|t| self.http.get(&url).bearer_auth(t)).await?))
    }
}

impl Suppliers {
    fn ebay_orders(&self) -> Result<&Ebay, OrderError> {
        self.ebay.as_ref().ok_or_else(|| OrderError::Refused {
            code: "UNAUTHORIZED".into(),
            message: "eBay orders need Dropline's eBay application keys (suppliers.ebay.client_id)".into(),
        })
    }

    /// Opens a guest checkout session for the order; nothing is bought until it is paid at eBay.
    pub async fn ebay_checkout(&self, order: &NewOrder, email: &str) -> Result<Checkout, OrderError> {
        let request = checkout_request(order, email)?;
        self.ebay_orders()?.checkout(&request).await
    }

    pub async fn ebay_purchase_order(&self, id: &str) -> Result<PurchaseOrder, OrderError> {
        self.ebay_orders()?.purchase_order(id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connectors::suppliers::orders::OrderItem;

    #[test]
    fn only_browse_item_ids_of_the_same_listing_map() {
        assert_eq!(item_id("1234", "v1|1234|2").as_deref(), Some("v1|1234|2"));
        assert_eq!(item_id("1234", "v1|1234|0").as_deref(), Some("v1|1234|0"));
        assert_eq!(item_id("1234", "1234-1"), None, "a JSON-protocol SKU names no eBay item");
        assert_eq!(item_id("1234", "v1|999|2"), None, "another listing's item");
        let order =
            NewOrder { items: vec![OrderItem { product_id: "1234".into(), sku_id: "1234-0".into(), quantity: 1 }], ship_to: json!({}), shipping_method: None };
        assert_eq!(checkout_request(&order, "a@b.c").unwrap_err().code(), "SKU_NOT_FOUND");
    }

    #[test]
    fn the_request_and_the_answers() {
        let order = NewOrder {
            items: vec![OrderItem { product_id: "77".into(), sku_id: "v1|77|3".into(), quantity: 2 }],
            ship_to: json!({"name": "Ada King Lovelace", "address1": "1 Main St", "city": "Austin", "province": "TX", "zip": "78701", "country": "US", "phone": "+15125550100"}),
            shipping_method: None,
        };
        let r = checkout_request(&order, "owner@example.com").unwrap();
        assert_eq!(r["lineItemInputs"][0], json!({"itemId": "v1|77|3", "quantity": 2}));
        assert_eq!(r["shippingAddress"]["recipient"], json!({"firstName": "Ada", "lastName": "King Lovelace"}));
        assert_eq!(refusal(409, &json!({"errors": [{"errorId": 15018, "message": "ended"}]})).code(), "SKU_NOT_FOUND");
        assert_eq!(refusal(409, &json!({"errors": [{"errorId": 15013}]})).code(), "OUT_OF_STOCK");
        assert_eq!(refusal(400, &json!({"errors": [{"errorId": 15001}]})).code(), "INVALID_REQUEST");
        assert_eq!(refusal(500, &json!({"errors": [{"errorId": 15000}]})).code(), "UNAVAILABLE");
        let p = purchase_from(
            "5",
            &json!({"purchaseOrderPaymentStatus": "PAID", "purchaseOrderStatus": "DELIVERED",
            "pricingSummary": {"total": {"value": "21.50", "currency": "USD"}, "deliveryCost": {"value": "3.20", "currency": "USD"}},
            "lineItems": [{"itemId": "v1|77|3"}]}),
        );
        assert_eq!((p.order.status.as_str(), p.order.total_cents(), p.order.shipping_cents()), ("delivered", 2150, 320));
        assert_eq!(p.item_ids, vec!["v1|77|3".to_string()]);
        assert!(!purchase_from("5", &json!({"purchaseOrderPaymentStatus": "PENDING", "purchaseOrderStatus": "PENDING"})).order.is_paid());
    }
}
