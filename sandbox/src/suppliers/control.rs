//! `POST /_sandbox/suppliers/{source}/products/{id}`: a supplier changes a product. Tests use it
//! to move a variant's price or stock, or to drop a SKU, and watch the change reach the stores.
//! Every dialect (JSON, AliExpress, CJ) reads the same product, so all of them see it.
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use crate::AppState;
use crate::util::parse_money;

pub fn routes() -> Router<AppState> {
    Router::new().route("/_sandbox/suppliers/{source}/products/{id}", post(change))
}

#[derive(Deserialize)]
struct Change {
    variants: Vec<VariantChange>,
}

#[derive(Deserialize)]
struct VariantChange {
    sku_id: String,
    /// "12.34"
    price: Option<String>,
    /// Units left to sell now.
    stock: Option<u32>,
    /// The supplier stops selling the SKU.
    #[serde(default)]
    remove: bool,
}

async fn change(State(app): State<AppState>, Path((source, id)): Path<(String, String)>, Json(c): Json<Change>) -> Response {
    let w = app.world();
    let Some(current) = w.catalogue.product(&source, &id) else {
        return super::no_product();
    };
    let mut p = (*current).clone();
    for v in &c.variants {
        let Some(i) = p.variants.iter().position(|x| x.sku_id == v.sku_id) else {
            return super::err(StatusCode::NOT_FOUND, "SKU_NOT_FOUND", &format!("no SKU {}", v.sku_id));
        };
        if v.remove {
            p.variants.remove(i);
            continue;
        }
        if let Some(price) = &v.price {
            let Some(cents) = parse_money(price) else { return super::err(StatusCode::UNPROCESSABLE_ENTITY, "BAD_PRICE", "price is \"12.34\"") };
            p.variants[i].price_cents = cents;
        }
        if let Some(stock) = v.stock {
            // Stock shown = generated − sold, so what is sold already is added back.
            let sold = w.suppliers.read().expect("suppliers lock").sold.get(&v.sku_id).copied().unwrap_or(0);
            p.variants[i].stock = stock + sold;
        }
    }
    w.catalogue.set_product(&source, &id, p);
    let product = w.catalogue.product(&source, &id).expect("just set");
    Json(json!({"product": super::product_json(&app, &w.catalogue, &product, &app.base_url())})).into_response()
}
