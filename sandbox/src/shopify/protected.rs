//! Protected customer data. An app Shopify has not approved for it reads an order's customer
//! fields as null (name, email, phone and address), in the Admin API and in webhooks alike.
//! Shops start approved here; `POST /_sandbox/shopify/{shop}/protected-data {approved}` withdraws
//! or restores the approval.
use axum::extract::{Path, State};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::normalize_shop;
use super::{read_shop, with_shop};
use crate::AppState;
use crate::state::World;

pub fn routes() -> Router<AppState> {
    Router::new().route("/_sandbox/shopify/{shop}/protected-data", post(set))
}

#[derive(Deserialize)]
struct Approval {
    approved: bool,
}

async fn set(State(app): State<AppState>, Path(shop): Path<String>, Json(a): Json<Approval>) -> Json<Value> {
    let shop = normalize_shop(&shop);
    with_shop(&app.world(), &shop, |s| s.customer_data_approved = a.approved);
    Json(json!({ "shop": shop, "approved": a.approved }))
}

/// Whether the app may read the shop's customers.
pub fn approved(w: &World, shop: &str) -> bool {
    read_shop(w, shop, |s| s.customer_data_approved).unwrap_or(true)
}

/// A REST-shaped order as an unapproved app receives it.
pub fn shown(w: &World, shop: &str, mut order: Value) -> Value {
    if !approved(w, shop) {
        for key in ["email", "contact_email", "phone", "shipping_address", "billing_address", "customer"] {
            order[key] = Value::Null;
        }
    }
    order
}
