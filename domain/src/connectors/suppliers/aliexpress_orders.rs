//! AliExpress orders in the store owner's own account, under its `access_token`:
//! `aliexpress.ds.order.create` (`param_place_order_request4_open_api_d_t_o`: `logistics_address`,
//! `product_items[{product_id, product_count, sku_attr, logistics_service_name, order_memo}]`) and
//! `aliexpress.trade.ds.order.get` (`single_order_query.order_id`). The owner pays on AliExpress;
//! Dropline charges nothing. The SKU is named by the `sku_attr` that `ds.product.get` gives it.
use serde_json::{Value, json};

use super::Suppliers;
use super::aliexpress::{result_of, send, sku_attr_of};
use super::orders::{NewOrder, OrderError, SupplierOrder};

const CREATE: &str = "aliexpress.ds.order.create";
const GET: &str = "aliexpress.trade.ds.order.get";

/// AliExpress's codes in the suppliers' common refusal codes (placement maps them to the spec's
/// keys). Unknown codes are refusals too: the call arrived and AliExpress said no.
fn refusal(code: &str, message: String) -> OrderError {
    let ours = match code {
        "IllegalAccessToken" | "MissingAccessToken" => "UNAUTHORIZED",
        "MissingParameter" | "InvalidParameter" | "B_DROPSHIPPER_DELIVERY_ADDRESS_VALIDATE_FAIL" => "INVALID_REQUEST",
        "INVENTORY_HOLD_ERROR" => "OUT_OF_STOCK",
        "DELIVERY_METHOD_NOT_EXIST" => "CANNOT_SHIP_TO_COUNTRY",
        "ERROR_WHEN_BUILD_FOR_PLACE_ORDER" | "ITEM_ID_NOT_FOUND" => "SKU_NOT_FOUND",
        "OrderNotFound" => "ORDER_NOT_FOUND",
        "isv.appkey-not-exists" | "IncompleteSignature" => return OrderError::Unavailable(format!("aliexpress refused the app: {code}")),
        _ => "ORDER_FAILED",
    };
    OrderError::Refused { code: ours.into(), message: format!("{code}: {message}") }
}

/// trade.ds.order.get's `order_status` in the suppliers' common words: unpaid until the owner
/// pays (`PLACE_ORDER_SUCCESS`), shipped once the buyer waits for the goods.
fn status(ae: &str) -> &'static str {
    match ae {
        "PLACE_ORDER_SUCCESS" => "awaiting_payment",
        "IN_CANCEL" => "cancelled",
        "WAIT_BUYER_ACCEPT_GOODS" => "shipped",
        "FINISH" => "delivered",
        _ => "paid",
    }
}

fn order_from(id: &str, r: &Value) -> SupplierOrder {
    let parcel = r["logistics_info_list"]["aeop_order_logistics_info"]
        .as_array()
        .and_then(|l| l.iter().find(|p| p["logistics_no"].as_str().is_some_and(|n| !n.is_empty())));
    let tracking = parcel.map(|p| json!({ "number": p["logistics_no"], "carrier": p["logistics_service"] })).unwrap_or(Value::Null);
    SupplierOrder {
        id: id.to_string(),
        status: status(r["order_status"].as_str().unwrap_or_default()).into(),
        total: json!({ "amount": r["order_amount"]["amount"].as_str().unwrap_or("0"), "currency": r["order_amount"]["currency_code"] }),
        shipping: Value::Null,
        tracking,
    }
}

impl Suppliers {
    fn ae(&self) -> Result<&crate::config::AliExpressSettings, OrderError> {
        self.aliexpress.as_ref().ok_or_else(|| OrderError::Refused { code: "UNAUTHORIZED".into(), message: "AliExpress's app key is not configured".into() })
    }

    async fn ae_call(&self, method: &str, params: &[(&str, String)]) -> Result<Value, OrderError> {
        let body = send(&self.http, self.ae()?, method, params).await.map_err(OrderError::Unavailable)?;
        if let Some(code) = body["error_response"]["code"].as_str() {
            return Err(refusal(code, body["error_response"]["msg"].as_str().unwrap_or_default().to_string()));
        }
        Ok(result_of(&body, method))
    }

    /// The `sku_attr` of each line, read from `ds.product.get` for the destination.
    async fn sku_attrs(&self, order: &NewOrder, country: &str) -> Result<Vec<String>, OrderError> {
        let mut out = vec![];
        for item in &order.items {
            let params = [("product_id", item.product_id.clone()), ("ship_to_country", country.to_string())];
            let product = self.ae_call("aliexpress.ds.product.get", &params).await?;
            let attr = sku_attr_of(&product, &item.sku_id)
                .ok_or_else(|| refusal("ERROR_WHEN_BUILD_FOR_PLACE_ORDER", format!("AliExpress no longer sells SKU {}", item.sku_id)))?;
            out.push(attr);
        }
        Ok(out)
    }

    /// The `param_place_order_request4_open_api_d_t_o` for the order (reads each line's
    /// `sku_attr`; sends nothing that creates anything). `memo` goes on every line.
    pub async fn aliexpress_request(&self, order: &NewOrder, memo: &str) -> Result<Value, OrderError> {
        let a = &order.ship_to;
        let country = a["country"].as_str().unwrap_or_default();
        let attrs = self.sku_attrs(order, country).await?;
        let items: Vec<Value> = order
            .items
            .iter()
            .zip(&attrs)
            .map(|(i, attr)| {
                let mut line = json!({ "product_id": i.product_id, "product_count": i.quantity, "sku_attr": attr, "order_memo": memo });
                if let Some(service) = &order.shipping_method {
                    line["logistics_service_name"] = json!(service);
                }
                line
            })
            .collect();
        Ok(json!({
            "logistics_address": { "full_name": a["name"], "contact_person": a["name"], "address": a["address1"], "address2": a["address2"], "city": a["city"],
                "province": a["province"], "zip": a["zip"], "country": country, "mobile_no": a["phone"], "locale": "en_US" },
            "product_items": items,
        }))
    }

    /// Creates the order in the owner's AliExpress account; answers AliExpress's order id. Not
    /// idempotent at AliExpress: the caller records the attempt before calling.
    pub async fn aliexpress_submit(&self, token: &str, request: &Value) -> Result<String, OrderError> {
        let params = [("access_token", token.to_string()), ("param_place_order_request4_open_api_d_t_o", request.to_string())];
        let r = self.ae_call(CREATE, &params).await?;
        if r["is_success"] != true {
            let code = r["error_code"].as_str().unwrap_or("ORDER_FAILED");
            return Err(refusal(code, r["error_msg"].as_str().unwrap_or_default().to_string()));
        }
        let id = &r["order_list"]["number"][0];
        id.as_str()
            .map(str::to_string)
            .or_else(|| id.as_i64().map(|n| n.to_string()))
            .ok_or_else(|| OrderError::Unavailable("AliExpress answered no order id".into()))
    }

    pub async fn aliexpress_order(&self, token: &str, id: &str) -> Result<SupplierOrder, OrderError> {
        let params = [("access_token", token.to_string()), ("single_order_query", json!({ "order_id": id }).to_string())];
        Ok(order_from(id, &self.ae_call(GET, &params).await?))
    }

    /// The authorisation calls need the same client and settings.
    pub fn aliexpress_settings(&self) -> Option<(&reqwest::Client, &crate::config::AliExpressSettings)> {
        self.aliexpress.as_ref().map(|s| (&self.http, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_tracking_and_codes() {
        let r = json!({"order_status": "WAIT_BUYER_ACCEPT_GOODS", "order_amount": {"amount": "12.50", "currency_code": "USD"},
            "logistics_info_list": {"aeop_order_logistics_info": [{"logistics_no": "LP1CN", "logistics_service": "Cainiao"}]}});
        let o = order_from("8", &r);
        assert_eq!((o.status.as_str(), o.total_cents(), o.tracking["number"].as_str()), ("shipped", 1250, Some("LP1CN")));
        assert!(!order_from("8", &json!({"order_status": "PLACE_ORDER_SUCCESS"})).is_paid());
        assert!(order_from("8", &json!({"order_status": "WAIT_SELLER_SEND_GOODS"})).is_paid());
        assert_eq!(refusal("INVENTORY_HOLD_ERROR", String::new()).code(), "OUT_OF_STOCK");
        assert_eq!(refusal("DELIVERY_METHOD_NOT_EXIST", String::new()).code(), "CANNOT_SHIP_TO_COUNTRY");
        assert_eq!(refusal("IllegalAccessToken", String::new()).code(), "UNAUTHORIZED");
    }
}
