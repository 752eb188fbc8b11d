//! Creating an order: `POST /wc/v3/orders` as WooCommerce's REST API takes it (status `pending`
//! unless `set_paid`, every line naming a product or variation that exists, created via
//! `rest-api`), and a customer's checkout from the control API. Documented at
//! https://woocommerce.github.io/woocommerce-rest-api-docs/#create-an-order; the error codes are
//! core's (`WC_REST_Orders_V2_Controller::get_product_id`, `WC_Order_Item_Product::set_product_id`
//! and `set_variation_id`).
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{Value, json};

use super::model::{Store, woo_date};
use super::{WriteAccess, webhooks, with_store, woo_error};
use crate::AppState;
use crate::util::{money, parse_money};

/// How an order comes to be: through the REST API, or a customer's checkout in the shop.
pub enum Via {
    Rest,
    Checkout,
}

/// Why an order could not be made: WooCommerce's code and message.
pub struct Refused(pub &'static str, pub &'static str);

/// Builds and keeps the order `input` describes.
pub fn create(st: &mut Store, input: &Value, via: Via, now: i64) -> Result<Value, Refused> {
    let given: Vec<Value> = input.get("line_items").and_then(Value::as_array).cloned().unwrap_or_default();
    let wanted = match via {
        Via::Checkout if given.is_empty() => st.products.keys().next().map(|id| vec![json!({ "product_id": id, "quantity": 1 })]).unwrap_or_default(),
        _ => given,
    };
    if wanted.is_empty() && matches!(via, Via::Checkout) {
        return Err(Refused("woocommerce_rest_required_product_reference", "Product ID or SKU is required."));
    }
    let mut lines = vec![];
    let mut total = 0i64;
    for l in &wanted {
        let pid = l.get("product_id").and_then(Value::as_u64).unwrap_or(0);
        let vid = l.get("variation_id").and_then(Value::as_u64).unwrap_or(0);
        if pid == 0 && vid == 0 {
            return Err(Refused("woocommerce_rest_required_product_reference", "Product ID or SKU is required."));
        }
        let p = st.products.get(&pid).ok_or(Refused("order_item_product_invalid_product_id", "Invalid product ID"))?;
        let v = if vid > 0 {
            st.variations.get(&pid).and_then(|m| m.get(&vid)).ok_or(Refused("order_item_product_invalid_variation_id", "Invalid variation ID"))?
        } else {
            p
        };
        let qty = l.get("quantity").and_then(Value::as_i64).unwrap_or(1).max(1);
        let price = v["price"].as_str().and_then(parse_money).unwrap_or(0);
        total += price * qty;
        lines.push(json!({"name": p["name"], "product_id": pid, "variation_id": vid, "quantity": qty, "sku": v["sku"],
            "price": price as f64 / 100.0, "subtotal": money(price * qty), "total": money(price * qty), "meta_data": []}));
    }
    let id = st.id();
    for (i, l) in lines.iter_mut().enumerate() {
        l["id"] = json!(id * 10 + i as u64);
    }
    let paid = match via {
        Via::Checkout => true,
        Via::Rest => input.get("set_paid").and_then(Value::as_bool).unwrap_or(false),
    };
    let status = input.get("status").cloned().unwrap_or(json!(if paid { "processing" } else { "pending" }));
    let default_ship = json!({"first_name": "Jane", "last_name": "Doe", "company": "", "address_1": "1 Sandbox Way", "address_2": "", "city": "Springfield",
        "state": "IL", "postcode": "62701", "country": "US", "phone": ""});
    let (ship, billing, created_via) = match via {
        Via::Checkout => (
            input.get("shipping").cloned().unwrap_or(default_ship),
            json!({"email": input.get("email").cloned().unwrap_or(json!("customer@example.com"))}),
            "checkout",
        ),
        Via::Rest => (input.get("shipping").cloned().unwrap_or(json!({})), input.get("billing").cloned().unwrap_or(json!({})), "rest-api"),
    };
    let order = json!({
        "id": id, "parent_id": 0, "number": id.to_string(), "order_key": format!("wc_order_{id:x}"), "created_via": created_via,
        "status": status, "currency": input.get("currency").cloned().unwrap_or(json!(st.currency)),
        "date_created": woo_date(now), "date_created_gmt": woo_date(now), "date_modified": woo_date(now), "date_modified_gmt": woo_date(now),
        "date_paid": if paid { json!(woo_date(now)) } else { Value::Null }, "date_completed": null, "total": money(total), "shipping_total": "0.00",
        "total_tax": "0.00", "customer_id": input.get("customer_id").cloned().unwrap_or(json!(0)),
        "customer_note": input.get("customer_note").cloned().unwrap_or(json!("")), "billing": billing, "shipping": ship,
        "payment_method": input.get("payment_method").cloned().unwrap_or(json!(if paid { "stripe" } else { "" })),
        "payment_method_title": input.get("payment_method_title").cloned().unwrap_or(json!(if paid { "Credit card" } else { "" })),
        "transaction_id": "", "line_items": lines, "shipping_lines": input.get("shipping_lines").cloned().unwrap_or(json!([])),
        "meta_data": input.get("meta_data").cloned().unwrap_or(json!([])),
    });
    st.orders.insert(id, order.clone());
    Ok(order)
}

/// `POST /wc/v3/orders`: 201 with the order, and `order.created` to the store's webhooks.
pub async fn rest(_: WriteAccess, State(app): State<AppState>, Path(store): Path<String>, Json(input): Json<Value>) -> Response {
    if let Some(s) = input.get("status").and_then(Value::as_str)
        && !super::orders::STATUSES.contains(&s)
    {
        return woo_error(StatusCode::BAD_REQUEST, "rest_invalid_param", "Invalid parameter(s): status");
    }
    let w = app.world();
    let now = w.clock.now_ms();
    match with_store(&w, &store, |st| create(st, &input, Via::Rest, now)) {
        Ok(order) => webhooks::announce(&app, &store, "order.created", StatusCode::CREATED, order),
        Err(Refused(code, message)) => woo_error(StatusCode::BAD_REQUEST, code, message),
    }
}
