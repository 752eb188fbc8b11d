//! A shop's locations: where it keeps stock. Every new shop has one, "Shop location", as a new
//! Shopify store does; the control routes add more and deactivate them, firing the
//! `locations/*` webhooks a merchant's changes in the admin fire.
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::model::{Shop, gid, normalize_shop};
use super::webhooks::fire;
use super::with_shop;
use crate::AppState;
use crate::util::json_error;

#[derive(Debug, Clone, Serialize)]
pub struct Location {
    pub id: u64,
    pub name: String,
    pub active: bool,
    pub fulfills_online_orders: bool,
}

impl Location {
    pub fn new(id: u64, name: &str) -> Self {
        Location { id, name: name.to_string(), active: true, fulfills_online_orders: true }
    }
}

impl Shop {
    /// The primary location (Shopify's default for online orders): the first one.
    pub fn primary_location(&self) -> Option<&Location> {
        self.locations.first()
    }
    /// The location `id` names, if it is one of the shop's and active.
    pub fn active_location(&self, id: u64) -> Option<&Location> {
        self.locations.iter().find(|l| l.id == id && l.active)
    }
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/_sandbox/shopify/{shop}/locations", post(add)).route("/_sandbox/shopify/{shop}/locations/{id}/deactivate", post(deactivate))
}

#[derive(Deserialize)]
struct NewLocation {
    name: String,
    /// Make it the shop's primary location, as a merchant does in Settings → Locations.
    #[serde(default)]
    primary: bool,
}

fn payload(l: &Location) -> Value {
    json!({"id": l.id, "name": l.name, "active": l.active, "admin_graphql_api_id": gid("Location", l.id)})
}

async fn add(State(app): State<AppState>, Path(shop): Path<String>, Json(body): Json<NewLocation>) -> Json<Value> {
    let shop = normalize_shop(&shop);
    let w = app.world();
    let location = Location::new(w.next_id(), &body.name);
    with_shop(&w, &shop, |s| {
        if body.primary {
            s.locations.insert(0, location.clone());
        } else {
            s.locations.push(location.clone());
        }
    });
    fire(&app, &shop, "LOCATIONS_CREATE", payload(&location));
    Json(payload(&location))
}

/// Shopify refuses to deactivate the primary location: the merchant picks another default first.
async fn deactivate(State(app): State<AppState>, Path((shop, id)): Path<(String, u64)>) -> Response {
    let shop = normalize_shop(&shop);
    let w = app.world();
    let outcome = with_shop(&w, &shop, |s| {
        let primary = s.primary_location().map(|l| l.id);
        let Some(l) = s.locations.iter_mut().find(|l| l.id == id) else { return Err((StatusCode::NOT_FOUND, "no such location")) };
        if primary == Some(id) {
            return Err((StatusCode::CONFLICT, "the primary location cannot be deactivated"));
        }
        l.active = false;
        Ok(l.clone())
    });
    match outcome {
        Ok(l) => {
            fire(&app, &shop, "LOCATIONS_DEACTIVATE", payload(&l));
            Json(payload(&l)).into_response()
        }
        Err((status, message)) => json_error(status, json!({"error": message})),
    }
}
