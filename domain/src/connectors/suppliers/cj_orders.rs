//! CJ orders through API 2.0 ("05. Shopping"): `shopping/order/createOrderV2` with `payType` 3
//! (create only: Dropline charges the owner's wallet first, then pays CJ from its balance with
//! `shopping/pay/payBalance`), `shopping/order/getOrderDetail` and, before payment,
//! `shopping/order/deleteOrder`. `orderNumber` is Dropline's idempotency key. CJ's global error
//! codes become the suppliers' common refusal codes, so placement treats every source alike.
use serde_json::{Value, json};

use super::super::orders::{NewOrder, OrderError, SupplierOrder};
use super::{Answer, Cj, cents, dollars};

/// CJ's global error codes ("Appendix 1: Global Error Codes") that placement acts on.
fn refusal(code: i64, message: String) -> OrderError {
    let ours = match code {
        1600300 => "INVALID_REQUEST",
        1602000 | 1602001 => "SKU_NOT_FOUND",
        1605000 => "CANNOT_SHIP_TO_COUNTRY",
        1603100 => "ORDER_NOT_FOUND",
        1603101 | 1603002 => "INVALID_STATE",
        1604000 => "PAYMENT_FAILED",
        1600001..=1600009 | 1601000 => "UNAUTHORIZED",
        // Order create fail: CJ names the reason only in the message.
        1603000 if message.to_lowercase().contains("stock") => "OUT_OF_STOCK",
        _ => return OrderError::Unavailable(format!("cj refused {code}: {message}")),
    };
    OrderError::Refused { code: ours.into(), message }
}

fn unavailable(e: super::SupplierError) -> OrderError {
    OrderError::Unavailable(e.to_string())
}

/// getOrderDetail's status in the suppliers' common words.
fn status(cj: &str) -> &'static str {
    match cj {
        "UNSHIPPED" => "paid",
        "SHIPPED" => "shipped",
        "DELIVERED" => "delivered",
        "CANCELLED" => "cancelled",
        _ => "awaiting_payment",
    }
}

fn order_from(id: &str, d: &Value) -> SupplierOrder {
    let money = |v: &Value| json!({ "amount": dollars(cents(v).unwrap_or(0)), "currency": "USD" });
    let tracking = match d["trackNumber"].as_str().filter(|t| !t.is_empty()) {
        Some(number) => json!({ "number": number, "carrier": d["logisticName"] }),
        None => Value::Null,
    };
    SupplierOrder {
        id: d["orderId"].as_str().unwrap_or(id).to_string(),
        status: status(d["orderStatus"].as_str().unwrap_or_default()).into(),
        total: money(&d["orderAmount"]),
        shipping: money(&d["postageAmount"]),
        tracking,
    }
}

impl Cj {
    async fn order_call(&self, build: impl Fn() -> reqwest::RequestBuilder) -> Result<Value, OrderError> {
        match self.call(build).await.map_err(unavailable)? {
            Answer::Data(d) => Ok(d),
            Answer::Refused(code, message) => Err(refusal(code, message)),
        }
    }

    /// The logistic CJ offers for the first line when the order names none: the cheapest.
    async fn logistic(&self, order: &NewOrder, country: &str) -> Result<String, OrderError> {
        if let Some(m) = order.shipping_method.as_deref().filter(|m| !m.is_empty()) {
            return Ok(m.to_string());
        }
        let first = order.items.first().ok_or_else(|| refusal(1600300, "products can not be empty".into()))?;
        let mut options = self.freight(&first.product_id, country, first.quantity.into()).await.map_err(|e| match e {
            super::SupplierError::CannotShip(c) => OrderError::Refused { code: "CANNOT_SHIP_TO_COUNTRY".into(), message: format!("CJ does not ship to {c}") },
            e => unavailable(e),
        })?;
        options.sort_by_key(|o| super::parse_cents(&o.amount));
        Ok(options.remove(0).code)
    }

    /// Creates the order, unpaid; the same `key` again answers the order it created.
    pub async fn place_order(&self, key: &str, order: &NewOrder) -> Result<SupplierOrder, OrderError> {
        let a = &order.ship_to;
        let country = a["country"].as_str().unwrap_or_default();
        let logistic = self.logistic(order, country).await?;
        let first = order.items.first().map(|i| i.product_id.clone()).unwrap_or_default();
        let from = self.warehouse(&first).await.unwrap_or_else(|| "CN".into());
        let body = json!({
            "orderNumber": key, "payType": 3, "logisticName": logistic, "fromCountryCode": from,
            "shippingCountryCode": country, "shippingCountry": a["country_name"].as_str().unwrap_or(country),
            "shippingProvince": a["province"], "shippingCity": a["city"], "shippingZip": a["zip"], "shippingPhone": a["phone"],
            "shippingCustomerName": a["name"], "shippingAddress": a["address1"], "shippingAddress2": a["address2"],
            "products": order.items.iter().map(|i| json!({ "vid": i.sku_id, "quantity": i.quantity })).collect::<Vec<_>>(),
        });
        let url = self.url("shopping/order/createOrderV2");
        let data = self.order_call(|| self.http.post(&url).json(&body)).await?;
        Ok(order_from(key, &data))
    }

    pub async fn get_order(&self, id: &str) -> Result<SupplierOrder, OrderError> {
        let url = self.url("shopping/order/getOrderDetail");
        let data = self.order_call(|| self.http.get(&url).query(&[("orderId", id)])).await?;
        Ok(order_from(id, &data))
    }

    /// Pays from Dropline's CJ balance (the owner's wallet was charged first).
    pub async fn pay_order(&self, id: &str) -> Result<SupplierOrder, OrderError> {
        let url = self.url("shopping/pay/payBalance");
        self.order_call(|| self.http.post(&url).json(&json!({ "orderId": id }))).await?;
        self.get_order(id).await
    }

    /// Only an unpaid CJ order can be withdrawn; a paid one is disputed on CJ's site.
    pub async fn cancel_order(&self, id: &str) -> Result<SupplierOrder, OrderError> {
        let url = self.url("shopping/order/deleteOrder");
        self.order_call(|| self.http.delete(&url).query(&[("orderId", id)])).await?;
        Ok(SupplierOrder { id: id.into(), status: "cancelled".into(), total: Value::Null, shipping: Value::Null, tracking: Value::Null })
    }

    /// The country of the warehouse holding the product's stock, as freight is quoted from.
    async fn warehouse(&self, product_id: &str) -> Option<String> {
        let variants = self.variants(product_id).await.ok()?;
        super::warehouse_country(&variants)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cj_codes_become_the_common_refusals() {
        assert_eq!(refusal(1602000, "Variant not found".into()).code(), "SKU_NOT_FOUND");
        assert_eq!(refusal(1605000, "Logistic not found".into()).code(), "CANNOT_SHIP_TO_COUNTRY");
        assert_eq!(refusal(1603000, "Order create fail: OUT_OF_STOCK: only 2 left".into()).code(), "OUT_OF_STOCK");
        assert_eq!(refusal(1603101, "Order pay fail".into()).code(), "INVALID_STATE");
        // Busy or unknown: worth retrying with the same orderNumber.
        assert_eq!(refusal(1600000, "System busy".into()).code(), "UNAVAILABLE");
    }

    #[test]
    fn detail_reads_amounts_status_and_tracking() {
        let d = json!({"orderId": "CJ-7", "orderStatus": "SHIPPED", "orderAmount": 21.5, "postageAmount": "3.20", "trackNumber": "CJPKL1", "logisticName": "CJPacket"});
        let o = order_from("x", &d);
        assert_eq!((o.id.as_str(), o.status.as_str(), o.total_cents(), o.shipping_cents()), ("CJ-7", "shipped", 2150, 320));
        assert_eq!(o.tracking["number"], "CJPKL1");
        assert!(order_from("x", &json!({"orderStatus": "UNPAID"})).tracking.is_null());
    }
}
