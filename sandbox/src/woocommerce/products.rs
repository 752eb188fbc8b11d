//! `/wc/v3/products` and `/products/{id}/variations` (CRUD, `sku` search, batch).
use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use super::model::{Store, woo_date};
use super::{ReadAccess, WriteAccess, error_body, found, id_of, paged, webhooks, with_store, woo_error};
use crate::AppState;

type Q = Query<HashMap<String, String>>;
const READ_ONLY: &[&str] = &["id", "date_created", "date_created_gmt", "date_modified", "date_modified_gmt", "permalink", "variations", "price", "on_sale"];
const BATCH_LIMIT: usize = 100;

// The errors of the product routes as bodies: batch items carry them in place, single calls
// answer them with their status (`err_response`).
fn invalid_product() -> Value {
    error_body(StatusCode::NOT_FOUND, "woocommerce_rest_product_invalid_id", "Invalid ID.")
}

fn invalid_variation() -> Value {
    error_body(StatusCode::NOT_FOUND, "woocommerce_rest_product_variation_invalid_id", "Invalid ID.")
}

fn invalid_sku() -> Value {
    error_body(StatusCode::BAD_REQUEST, "product_invalid_sku", "Invalid or duplicated SKU.")
}

fn err_response(e: Value) -> Response {
    let status = StatusCode::from_u16(e["data"]["status"].as_u64().unwrap_or(400) as u16).unwrap_or(StatusCode::BAD_REQUEST);
    (status, Json(e)).into_response()
}

fn s(v: &Value, k: &str) -> String {
    v.get(k).and_then(Value::as_str).unwrap_or("").to_string()
}

/// The input with its `tags` and `categories` as WooCommerce takes them: by id only (a name
/// alone is ignored).
fn with_terms(st: &Store, input: &Value) -> Value {
    let mut input = input.clone();
    for kind in ["tags", "categories"] {
        if let Some(given) = input.get(kind).cloned() {
            input[kind] = super::terms::resolve(st, kind, &given);
        }
    }
    input
}

/// Recompute the fields Woo derives (price, on_sale, stock_status, slug).
fn derive(p: &mut Map<String, Value>) {
    let regular = p.get("regular_price").and_then(Value::as_str).unwrap_or("").to_string();
    let sale = p.get("sale_price").and_then(Value::as_str).unwrap_or("").to_string();
    p.insert("price".into(), json!(if sale.is_empty() { regular } else { sale.clone() }));
    p.insert("on_sale".into(), json!(!sale.is_empty()));
    let managed = p.get("manage_stock").and_then(Value::as_bool).unwrap_or(false);
    if managed {
        let q = p.get("stock_quantity").and_then(Value::as_i64).unwrap_or(0);
        p.insert("stock_status".into(), json!(if q > 0 { "instock" } else { "outofstock" }));
    }
    if p.get("slug").and_then(Value::as_str).unwrap_or("").is_empty()
        && let Some(n) = p.get("name").and_then(Value::as_str)
    {
        let slug = crate::shopify::model::handleize(n);
        p.insert("slug".into(), json!(slug));
    }
}

fn merge(target: &mut Value, input: &Value, next_img: &mut impl FnMut() -> u64) {
    let (Some(t), Some(i)) = (target.as_object_mut(), input.as_object()) else { return };
    for (k, v) in i {
        if READ_ONLY.contains(&k.as_str()) {
            continue;
        }
        let v = match k.as_str() {
            "images" => json!(
                v.as_array()
                    .into_iter()
                    .flatten()
                    .map(|img| {
                        let mut img = img.clone();
                        if img.get("id").and_then(Value::as_u64).unwrap_or(0) == 0 {
                            img["id"] = json!(next_img());
                        }
                        img
                    })
                    .collect::<Vec<_>>()
            ),
            // Woo takes numbers or strings for prices; it always answers strings.
            "regular_price" | "sale_price" => json!(v.as_str().map(str::to_string).unwrap_or_else(|| if v.is_null() { String::new() } else { v.to_string() })),
            _ => v.clone(),
        };
        t.insert(k.clone(), v);
    }
    derive(t);
}

/// Whether a product or variation other than post `except` holds `sku` (from the store's index).
fn sku_taken(store: &Store, sku: &str, except: u64) -> bool {
    !sku.is_empty() && store.sku_holders(sku).any(|id| id != except)
}

fn new_product(id: u64, now: i64, base: &str, store: &str) -> Value {
    json!({
        "id": id, "name": "", "slug": "", "permalink": format!("{base}/woo/{store}/?p={id}"),
        "date_created": woo_date(now), "date_created_gmt": woo_date(now), "date_modified": woo_date(now), "date_modified_gmt": woo_date(now),
        "type": "simple", "status": "publish", "featured": false, "catalog_visibility": "visible", "description": "", "short_description": "",
        "sku": "", "price": "", "regular_price": "", "sale_price": "", "on_sale": false, "purchasable": true, "total_sales": 0,
        "manage_stock": false, "stock_quantity": null, "stock_status": "instock", "weight": "", "categories": [], "tags": [],
        "images": [], "attributes": [], "default_attributes": [], "variations": [], "meta_data": [],
    })
}

fn new_variation(id: u64, parent: u64, now: i64, base: &str, store: &str) -> Value {
    json!({
        "id": id, "parent_id": parent, "date_created": woo_date(now), "date_modified": woo_date(now), "description": "",
        "permalink": format!("{base}/woo/{store}/?p={parent}&variation_id={id}"), "sku": "", "price": "", "regular_price": "",
        "sale_price": "", "on_sale": false, "status": "publish", "purchasable": true, "manage_stock": false, "stock_quantity": null,
        "stock_status": "instock", "weight": "", "image": null, "attributes": [], "menu_order": 0, "meta_data": [],
    })
}

pub async fn list(_: ReadAccess, State(app): State<AppState>, Path(store): Path<String>, Query(q): Q) -> Response {
    let items: Vec<Value> = with_store(&app.world(), &store, |st| {
        // A SKU filter reads the index (newest first, as the scan of all products gave them).
        let by_sku: Option<std::collections::BTreeSet<u64>> = q
            .get("sku")
            .filter(|want| !want.split(',').any(str::is_empty))
            .map(|want| want.split(',').flat_map(|w| st.sku_holders(w)).filter(|id| st.products.contains_key(id)).collect());
        let all: Box<dyn Iterator<Item = &Value>> = match &by_sku {
            Some(ids) => Box::new(ids.iter().rev().map(|id| &st.products[id])),
            None => Box::new(st.products.values().rev()),
        };
        all.filter(|p| q.get("sku").is_none_or(|want| want.split(',').any(|w| s(p, "sku") == w)))
            .filter(|p| q.get("search").is_none_or(|t| s(p, "name").to_lowercase().contains(&t.to_lowercase())))
            .filter(|p| q.get("status").is_none_or(|t| t == "any" || s(p, "status") == *t))
            .filter(|p| q.get("type").is_none_or(|t| s(p, "type") == *t))
            .filter(|p| s(p, "status") != "trash" || q.get("status").is_some_and(|t| t == "trash"))
            .cloned()
            .collect()
    });
    paged(items, &q)
}

pub async fn create(_: WriteAccess, State(app): State<AppState>, Path(store): Path<String>, Json(input): Json<Value>) -> Response {
    let (w, base) = (app.world(), app.base_url());
    let now = w.clock.now_ms();
    let r = with_store(&w, &store, |st| {
        if s(&input, "name").is_empty() {
            return Err(woo_error(StatusCode::BAD_REQUEST, "rest_missing_callback_param", "Missing parameter(s): name"));
        }
        if sku_taken(st, &s(&input, "sku"), 0) {
            return Err(err_response(invalid_sku()));
        }
        let id = st.id();
        let mut p = new_product(id, now, &base, &store);
        let mut ids = (id * 100..).step_by(1);
        merge(&mut p, &with_terms(st, &input), &mut || ids.next().unwrap_or(0));
        st.resku(id, "", &s(&p, "sku"));
        st.products.insert(id, p.clone());
        Ok(p)
    });
    match r {
        Ok(p) => webhooks::announce(&app, &store, "product.created", StatusCode::CREATED, p),
        Err(e) => e,
    }
}

pub async fn get_one(_: ReadAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>) -> Response {
    found(with_store(&app.world(), &store, |st| st.products.get(&id_of(&id)).cloned()), || err_response(invalid_product()))
}

pub async fn update(_: WriteAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, Json(input): Json<Value>) -> Response {
    let w = app.world();
    let now = w.clock.now_ms();
    let id = id_of(&id);
    let r = with_store(&w, &store, |st| {
        if sku_taken(st, &s(&input, "sku"), id) {
            return Err(err_response(invalid_sku()));
        }
        let input = with_terms(st, &input);
        let Some(p) = st.products.get_mut(&id) else {
            return Err(err_response(invalid_product()));
        };
        let before = s(p, "sku");
        let mut ids = (id * 100 + 50..).step_by(1);
        merge(p, &input, &mut || ids.next().unwrap_or(0));
        p["date_modified"] = json!(woo_date(now));
        p["date_modified_gmt"] = json!(woo_date(now));
        let p = p.clone();
        st.resku(id, &before, &s(&p, "sku"));
        Ok(p)
    });
    match r {
        Ok(p) => webhooks::announce(&app, &store, "product.updated", StatusCode::OK, p),
        Err(e) => e,
    }
}

pub async fn delete(_: WriteAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, Query(q): Q) -> Response {
    let force = match super::force(&q) {
        Ok(f) => f,
        Err(refused) => return refused,
    };
    let id = id_of(&id);
    let r = with_store(&app.world(), &store, |st| {
        if force {
            for (vid, v) in st.variations.remove(&id).unwrap_or_default() {
                st.resku(vid, &s(&v, "sku"), "");
            }
            let p = st.products.remove(&id)?;
            st.resku(id, &s(&p, "sku"), "");
            Some(p)
        } else {
            st.products.get_mut(&id).map(|p| {
                p["status"] = json!("trash");
                p.clone()
            })
        }
    });
    match r {
        Some(p) => {
            webhooks::fire(&app, &store, "product.deleted", &json!({"id": id}));
            Json(p).into_response()
        }
        None => err_response(invalid_product()),
    }
}

pub async fn list_variations(_: ReadAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, Query(q): Q) -> Response {
    let items = with_store(&app.world(), &store, |st| {
        st.products.contains_key(&id_of(&id)).then(|| st.variations.get(&id_of(&id)).map(|m| m.values().rev().cloned().collect()).unwrap_or_default())
    });
    match items {
        Some(items) => paged(items, &q),
        None => err_response(invalid_product()),
    }
}

/// Shared by single create and batch: validates SKU, links to the parent.
fn add_variation(st: &mut Store, parent: u64, input: &Value, now: i64, base: &str, store: &str) -> Result<Value, Value> {
    if !st.products.contains_key(&parent) {
        return Err(invalid_product());
    }
    if sku_taken(st, &s(input, "sku"), 0) {
        return Err(invalid_sku());
    }
    let id = st.id();
    let mut v = new_variation(id, parent, now, base, store);
    merge(&mut v, input, &mut || 0);
    st.resku(id, "", &s(&v, "sku"));
    st.variations.entry(parent).or_default().insert(id, v.clone());
    if let Some(p) = st.products.get_mut(&parent) {
        if let Some(arr) = p["variations"].as_array_mut() {
            arr.push(json!(id));
        }
        p["type"] = json!("variable");
    }
    Ok(v)
}

fn edit_variation(st: &mut Store, parent: u64, vid: u64, input: &Value) -> Result<Value, Value> {
    if sku_taken(st, &s(input, "sku"), vid) {
        return Err(invalid_sku());
    }
    let v = st.variations.get_mut(&parent).and_then(|m| m.get_mut(&vid)).ok_or_else(invalid_variation)?;
    let before = s(v, "sku");
    merge(v, input, &mut || 0);
    let v = v.clone();
    st.resku(vid, &before, &s(&v, "sku"));
    Ok(v)
}

fn remove_variation(st: &mut Store, parent: u64, vid: u64) -> Option<Value> {
    let v = st.variations.get_mut(&parent)?.remove(&vid)?;
    st.resku(vid, &s(&v, "sku"), "");
    if let Some(arr) = st.products.get_mut(&parent).and_then(|p| p["variations"].as_array_mut()) {
        arr.retain(|x| x.as_u64() != Some(vid));
    }
    Some(v)
}

pub async fn create_variation(_: WriteAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, Json(input): Json<Value>) -> Response {
    let (w, base) = (app.world(), app.base_url());
    let now = w.clock.now_ms();
    match with_store(&w, &store, |st| add_variation(st, id_of(&id), &input, now, &base, &store)) {
        Ok(v) => (StatusCode::CREATED, Json(v)).into_response(),
        Err(e) => err_response(e),
    }
}

pub async fn get_variation(_: ReadAccess, State(app): State<AppState>, Path((store, id, vid)): Path<(String, String, String)>) -> Response {
    found(
        with_store(&app.world(), &store, |st| st.variations.get(&id_of(&id)).and_then(|m| m.get(&id_of(&vid))).cloned()),
        || err_response(invalid_variation()),
    )
}

pub async fn update_variation(
    _: WriteAccess,
    State(app): State<AppState>,
    Path((store, id, vid)): Path<(String, String, String)>,
    Json(input): Json<Value>,
) -> Response {
    match with_store(&app.world(), &store, |st| edit_variation(st, id_of(&id), id_of(&vid), &input)) {
        Ok(v) => Json(v).into_response(),
        Err(e) => err_response(e),
    }
}

pub async fn delete_variation(_: WriteAccess, State(app): State<AppState>, Path((store, id, vid)): Path<(String, String, String)>) -> Response {
    found(with_store(&app.world(), &store, |st| remove_variation(st, id_of(&id), id_of(&vid))), || err_response(invalid_variation()))
}

/// `{create: [...], update: [...], delete: [ids]}`; per-item errors are reported in place.
pub async fn batch_variations(_: WriteAccess, State(app): State<AppState>, Path((store, id)): Path<(String, String)>, Json(input): Json<Value>) -> Response {
    let arr = |k: &str| input.get(k).and_then(Value::as_array).cloned().unwrap_or_default();
    let (creates, updates, deletes) = (arr("create"), arr("update"), arr("delete"));
    if creates.len() + updates.len() + deletes.len() > BATCH_LIMIT {
        return woo_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "woocommerce_rest_request_entity_too_large",
            &format!("Unable to accept more than {BATCH_LIMIT} items for this request."),
        );
    }
    let (w, base) = (app.world(), app.base_url());
    let now = w.clock.now_ms();
    let parent = id_of(&id);
    let out = with_store(&w, &store, |st| {
        let flat = |r: Result<Value, Value>, id: Value| r.unwrap_or_else(|e| json!({"id": id, "error": e}));
        let c: Vec<Value> = creates.iter().map(|i| flat(add_variation(st, parent, i, now, &base, &store), json!(0))).collect();
        let u: Vec<Value> = updates
            .iter()
            .map(|i| {
                let vid = i.get("id").and_then(Value::as_u64).unwrap_or(0);
                flat(edit_variation(st, parent, vid, i), json!(vid))
            })
            .collect();
        let d: Vec<Value> = deletes
            .iter()
            .map(|i| {
                let vid = i.as_u64().or_else(|| i.get("id").and_then(Value::as_u64)).unwrap_or(0);
                remove_variation(st, parent, vid).unwrap_or_else(|| json!({"id": vid, "error": invalid_variation()}))
            })
            .collect();
        json!({"create": c, "update": u, "delete": d})
    });
    Json(out).into_response()
}
