//! Supplier orders. CJ takes them through its API 2.0 (`cj_orders.rs`), AliExpress in the owner's
//! own account (`aliexpress_orders.rs`, not routed here), eBay through its Order API
//! (`ebay_orders.rs`: placed by `orders/ebay_placing.rs`, read here); Dropline's own catalogue
//! and the sources without a public ordering API through the suppliers' order API (`POST
//! {api}/orders` with `Idempotency-Key`, `GET {api}/orders/{id}`, `pay`, `cancel`, `refund`).
//! The key is Dropline's own, chosen before the first call: a replay answers with the order the
//! first call created.
use reqwest::{Method, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Suppliers, parse_cents};
use crate::values::Source;

#[derive(Debug, Clone, Serialize)]
pub struct OrderItem {
    pub product_id: String,
    pub sku_id: String,
    pub quantity: i32,
}

#[derive(Debug, Clone, Serialize)]
pub struct NewOrder {
    pub items: Vec<OrderItem>,
    /// name, address1, address2, city, province, zip, country, phone.
    pub ship_to: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shipping_method: Option<String>,
}

/// What the supplier says about an order.
#[derive(Debug, Clone, Deserialize)]
pub struct SupplierOrder {
    pub id: String,
    pub status: String,
    #[serde(default)]
    pub total: Value,
    #[serde(default)]
    pub shipping: Value,
    #[serde(default)]
    pub tracking: Value,
}

impl SupplierOrder {
    pub fn total_cents(&self) -> i64 {
        parse_cents(self.total["amount"].as_str().unwrap_or("0"))
    }
    pub fn shipping_cents(&self) -> i64 {
        parse_cents(self.shipping["amount"].as_str().unwrap_or("0"))
    }
    pub fn is_paid(&self) -> bool {
        !matches!(self.status.as_str(), "awaiting_payment" | "cancelled")
    }
}

/// A refusal carries the supplier's code (SKU_NOT_FOUND, SOLD_OUT, OUT_OF_STOCK,
/// CANNOT_SHIP_TO_COUNTRY, PRICE_CHANGED, PAYMENT_FAILED, INVALID_STATE, INVALID_REQUEST,
/// ORDER_NOT_FOUND, UNAUTHORIZED); `Unavailable` is worth retrying with the same key.
#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error("{code}: {message}")]
    Refused { code: String, message: String },
    #[error("the supplier could not be reached: {0}")]
    Unavailable(String),
}

impl OrderError {
    pub fn code(&self) -> &str {
        match self {
            OrderError::Refused { code, .. } => code,
            OrderError::Unavailable(_) => "UNAVAILABLE",
        }
    }
}

/// Where a source's orders go.
enum Route<'a> {
    Gateway,
    Cj(&'a super::cj::Cj),
    Ebay,
}

/// eBay's Order API v2 neither pays, cancels nor refunds: the owner does those at eBay.
fn ebay_at_ebay(what: &str) -> OrderError {
    OrderError::Refused { code: "UNSUPPORTED".into(), message: format!("eBay orders are {what} at eBay: its Order API has no call for it") }
}

impl Suppliers {
    /// CJ orders go only to CJ: without Dropline's CJ API key there is nowhere to send them.
    fn route(&self, source: Source) -> Result<Route<'_>, OrderError> {
        match (source, &self.cj) {
            (Source::Cj, Some(cj)) => Ok(Route::Cj(cj)),
            (Source::Cj, None) => {
                Err(OrderError::Refused { code: "UNAUTHORIZED".into(), message: "CJ orders need Dropline's CJ API key (suppliers.cj.api_key)".into() })
            }
            // AliExpress orders live in the owner's own account (`aliexpress_orders.rs`): Dropline
            // neither pays, cancels nor refunds them there.
            (Source::Aliexpress, _) => Err(OrderError::Refused {
                code: "UNSUPPORTED".into(),
                message: "AliExpress orders are paid, cancelled and refunded in your own AliExpress account".into(),
            }),
            (Source::Ebay, _) => Ok(Route::Ebay),
            _ => Ok(Route::Gateway),
        }
    }

    async fn order_call(&self, source: Source, method: Method, path: &str, key: Option<&str>, body: Option<Value>) -> Result<SupplierOrder, OrderError> {
        let mut req = self.http.request(method, self.url(source, path)).bearer_auth(&self.token);
        if let Some(k) = key {
            req = req.header("Idempotency-Key", k);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.map_err(|e| OrderError::Unavailable(format!("{source}: {e}")))?;
        let status = res.status();
        if status.is_success() {
            return res.json().await.map_err(|e| OrderError::Unavailable(format!("{source} answered badly: {e}")));
        }
        let body: Value = res.json().await.unwrap_or(Value::Null);
        let code = body["error"]["code"].as_str().map(str::to_string);
        match code {
            Some(code) if status.is_client_error() && status != StatusCode::TOO_MANY_REQUESTS && status != StatusCode::REQUEST_TIMEOUT => {
                Err(OrderError::Refused { message: body["error"]["message"].as_str().unwrap_or_default().to_string(), code })
            }
            _ => Err(OrderError::Unavailable(format!("{source} answered {status}"))),
        }
    }

    /// Places an order; the same `key` again returns the same order.
    pub async fn place_order(&self, source: Source, key: &str, order: &NewOrder) -> Result<SupplierOrder, OrderError> {
        match self.route(source)? {
            Route::Cj(cj) => return cj.place_order(key, order).await,
            // A checkout session, not an order: `orders/ebay_placing.rs` opens it.
            Route::Ebay => return Err(ebay_at_ebay("placed by the owner")),
            Route::Gateway => {}
        }
        let body = serde_json::to_value(order).map_err(|e| OrderError::Unavailable(e.to_string()))?;
        self.order_call(source, Method::POST, "orders", Some(key), Some(body)).await
    }

    /// For eBay, `id` is the purchase order id.
    pub async fn get_order(&self, source: Source, id: &str) -> Result<SupplierOrder, OrderError> {
        match self.route(source)? {
            Route::Cj(cj) => return cj.get_order(id).await,
            Route::Ebay => return self.ebay_purchase_order(id).await.map(|p| p.order),
            Route::Gateway => {}
        }
        self.order_call(source, Method::GET, &format!("orders/{id}"), None, None).await
    }

    /// Pays with Dropline's account at the supplier (the user was charged by Dropline).
    pub async fn pay_order(&self, source: Source, id: &str) -> Result<SupplierOrder, OrderError> {
        match self.route(source)? {
            Route::Cj(cj) => return cj.pay_order(id).await,
            Route::Ebay => return Err(ebay_at_ebay("paid by the owner in eBay's checkout")),
            Route::Gateway => {}
        }
        let body = serde_json::json!({ "payment_method": "balance" });
        self.order_call(source, Method::POST, &format!("orders/{id}/pay"), None, Some(body)).await
    }

    pub async fn cancel_order(&self, source: Source, id: &str) -> Result<SupplierOrder, OrderError> {
        match self.route(source)? {
            Route::Cj(cj) => return cj.cancel_order(id).await,
            Route::Ebay => return Err(ebay_at_ebay("cancelled with the seller")),
            Route::Gateway => {}
        }
        self.order_call(source, Method::POST, &format!("orders/{id}/cancel"), None, None).await
    }

    pub async fn refund_order(&self, source: Source, id: &str) -> Result<SupplierOrder, OrderError> {
        match self.route(source)? {
            Route::Cj(_) => {
                // CJ's API has no refund call: a paid order's money comes back through a dispute.
                let message = "CJ takes refund requests as disputes on its own site (MyCJ, Disputes)".into();
                return Err(OrderError::Refused { code: "UNSUPPORTED".into(), message });
            }
            Route::Ebay => return Err(ebay_at_ebay("refunded through a return with the seller")),
            Route::Gateway => {}
        }
        self.order_call(source, Method::POST, &format!("orders/{id}/refund"), None, None).await
    }
}

/// The spec's placement error key for a supplier's refusal code.
pub fn error_key(code: &str) -> &'static str {
    match code {
        "SKU_NOT_FOUND" => "error_not_found_sku",
        "SOLD_OUT" => "product_sold_out",
        "OUT_OF_STOCK" => "product_out_of_stock",
        "CANNOT_SHIP_TO_COUNTRY" => "shipped_country_notfound",
        "INVALID_REQUEST" => "error_save_all_address",
        "UNAUTHORIZED" => "error_get_token",
        "ORDER_NOT_FOUND" => "not_found_order_detail",
        _ => "error_checkout_products",
    }
}

/// The message the spec pairs with each placement error key.
pub fn error_message(key: &str) -> &'static str {
    match key {
        "error_save_all_address" => "CustomerInformationIsNotValid",
        "error_get_token" => "GetTokenFail",
        "not_found_order_detail" => "OrderDetailNotFound",
        "error_not_found_sku" => "NotFoundSkuProduct",
        "add_to_cart_fail" => "AddProductToCartFail",
        "remove_items_in_cart_fail" => "RemoveItemInCartFail",
        "sync_order_not_found_order_no" => "NotFoundOrderNo",
        "sync_order_status_fail" => "SyncOrderFailCountry",
        "failed_added_sku_list" => "FailedToAddToCart",
        "cancel_order" => "OrderFailedDueToUserSkipStopProgress",
        "product_out_of_stock" => "ProductOutOfStock",
        "product_sold_out" => "ProductSoldOut",
        "shipped_country_notfound" => "TheProductCannotBeShippedToCountry",
        _ => "OrderFail",
    }
}
