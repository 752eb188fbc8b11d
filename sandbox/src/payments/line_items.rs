//! A Checkout Session's `line_items`: each a Price by id (`price`) or made inline
//! (`price_data`), with a quantity. Payment mode takes one-time prices only; subscription mode
//! recurring ones (the sandbox does not add one-time items to a first invoice), one currency
//! and one interval. Kept apart from the session, as Stripe answers them on their own call.
use axum::extract::{Path, RawQuery, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::{Value, json};

use super::catalog::{self, CHECKOUT_PRICE_DATA};
use super::form::Shape;
use super::intents::no_such;
use super::{invalid, missing, s};
use crate::AppState;

pub const ITEM: Shape = Shape::Map(&[
    ("price", Shape::Value),
    ("price_data", CHECKOUT_PRICE_DATA),
    ("quantity", Shape::Value),
    ("adjustable_quantity", Shape::Free),
    ("tax_rates", Shape::Free),
]);
const LIST: Shape = Shape::Map(&[("limit", Shape::Value), ("expand", Shape::Free)]);

/// The session's items as `(price, quantity)`, checked against its mode.
pub fn resolve(app: &AppState, p: &Value, mode: &str) -> Result<Vec<(Value, i64)>, Response> {
    let list = p.get("line_items").and_then(Value::as_array).filter(|l| !l.is_empty()).ok_or_else(|| missing("line_items"))?;
    let mut out: Vec<(Value, i64)> = vec![];
    for (i, item) in list.iter().enumerate() {
        let at = format!("line_items[{i}]");
        let price = match (s(item, "price"), item.get("price_data")) {
            (Some(id), _) => catalog::price_by_id(app, &id, &format!("{at}[price]"))?,
            (None, Some(data)) => catalog::make_price(app, data, &format!("{at}[price_data]"), false)?,
            (None, None) => return Err(missing(&format!("{at}[price]"))),
        };
        // Stripe requires the quantity of a line item (Checkout has no default).
        if s(item, "quantity").is_none() {
            return Err(missing(&format!("{at}[quantity]")));
        }
        let quantity = catalog::quantity(item, &at)?;
        match (mode, price["type"].as_str()) {
            ("payment", Some("recurring")) => {
                let m = "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.";
                return Err(invalid("line_items", m));
            }
            ("subscription", Some("one_time")) => {
                let m = "The sandbox's subscription mode takes recurring prices only (Stripe also adds one-time ones to the first invoice).";
                return Err(invalid(&format!("{at}[price]"), m));
            }
            _ => {}
        }
        if let Some((first, _)) = out.first() {
            if first["currency"] != price["currency"] {
                return Err(invalid("line_items", "All line items must have the same currency."));
            }
            if mode == "subscription" && first["recurring"] != price["recurring"] {
                return Err(invalid("line_items", "All prices on a subscription must have the same `recurring.interval` and `recurring.interval_count`."));
            }
        }
        out.push((price, quantity));
    }
    Ok(out)
}

/// `GET /v1/checkout/sessions/{id}/line_items`.
pub async fn list(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>, RawQuery(q): RawQuery) -> Response {
    let p = match catalog::query(&headers, q, &LIST) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let items = app.world().payments.read().expect("payments lock").session_items.get(&id).cloned();
    let Some(items) = items else { return no_such("checkout.session", &id) };
    let data: Vec<Value> = items
        .iter()
        .rev()
        .map(|i| {
            let total = i["price"]["unit_amount"].as_i64().unwrap_or(0) * i["quantity"].as_i64().unwrap_or(1);
            json!({"id": i["id"], "object": "item", "price": i["price"], "quantity": i["quantity"], "currency": i["price"]["currency"],
                   "amount_subtotal": total, "amount_total": total, "description": null})
        })
        .collect();
    super::list(&format!("/v1/checkout/sessions/{id}/line_items"), data, &p).unwrap_or_else(|r| r)
}
