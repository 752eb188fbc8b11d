//! Product tags and categories (`/products/tags`, `/products/categories`). A product names its
//! terms by id only: WooCommerce reads `tags[].id` and `categories[].id` and ignores a name
//! (read-only in the product schema), so a term must exist first. Creating a name that exists
//! answers `term_exists` with the existing term's id.
use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::model::Store;
use super::{ReadAccess, WriteAccess, id_of, paged, with_store, woo_error};
use crate::AppState;
use crate::util::json_error;

type Q = Query<HashMap<String, String>>;

/// `/products/tags` and `/products/categories` (the path segment and the product field are
/// the same word).
pub fn routes(v3: &str) -> axum::Router<AppState> {
    use axum::routing::get;
    let mut r = axum::Router::new();
    for kind in ["tags", "categories"] {
        r = r
            .route(&format!("{v3}/products/{kind}"), get(move |r, a, p, q| list(r, a, p, q, kind)).post(move |w, a, p, b| create(w, a, p, b, kind)))
            .route(&format!("{v3}/products/{kind}/{{id}}"), get(move |r, a, p| get_one(r, a, p, kind)));
    }
    r
}

/// The product's `tags` / `categories` as WooCommerce keeps them: the known ids, with their
/// name and slug; entries without a known id are dropped.
pub fn resolve(store: &Store, kind: &str, given: &Value) -> Value {
    let known = store.terms.get(kind);
    let terms = given.as_array().into_iter().flatten().filter_map(|t| {
        let term = known?.get(&t.get("id").and_then(Value::as_u64)?)?;
        Some(json!({ "id": term["id"], "name": term["name"], "slug": term["slug"] }))
    });
    Value::Array(terms.collect())
}

async fn list(_: ReadAccess, State(app): State<AppState>, Path(store): Path<String>, Query(q): Q, kind: &'static str) -> Response {
    let items: Vec<Value> = with_store(&app.world(), &store, |st| {
        let search = q.get("search").map(|s| s.to_lowercase());
        st.terms
            .get(kind)
            .into_iter()
            .flat_map(|m| m.values())
            .filter(|t| search.as_ref().is_none_or(|s| t["name"].as_str().unwrap_or("").to_lowercase().contains(s.as_str())))
            .filter(|t| q.get("slug").is_none_or(|s| t["slug"] == s.as_str()))
            .cloned()
            .collect()
    });
    paged(items, &q)
}

async fn create(_: WriteAccess, State(app): State<AppState>, Path(store): Path<String>, Json(input): Json<Value>, kind: &'static str) -> Response {
    let name = input.get("name").and_then(Value::as_str).map(str::trim).unwrap_or("").to_string();
    if name.is_empty() {
        return woo_error(StatusCode::BAD_REQUEST, "rest_missing_callback_param", "Missing parameter(s): name");
    }
    let slug = crate::shopify::model::handleize(&name);
    with_store(&app.world(), &store, |st| {
        let existing = st.terms.get(kind).and_then(|m| m.values().find(|t| t["slug"] == slug.as_str() || t["name"] == name.as_str()).cloned());
        if let Some(t) = existing {
            let body = json!({ "code": "term_exists", "message": "A term with the name provided already exists with this parent.",
                "data": { "status": 400, "resource_id": t["id"] } });
            return json_error(StatusCode::BAD_REQUEST, body);
        }
        let id = st.id();
        let term = json!({ "id": id, "name": name, "slug": slug, "description": "", "count": 0 });
        st.terms.entry(kind.to_string()).or_default().insert(id, term.clone());
        (StatusCode::CREATED, Json(term)).into_response()
    })
}

async fn get_one(_: ReadAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, kind: &'static str) -> Response {
    match with_store(&app.world(), &store, |st| st.terms.get(kind).and_then(|m| m.get(&id_of(&id))).cloned()) {
        Some(t) => Json(t).into_response(),
        None => woo_error(StatusCode::NOT_FOUND, "woocommerce_rest_term_invalid", "Resource does not exist."),
    }
}
