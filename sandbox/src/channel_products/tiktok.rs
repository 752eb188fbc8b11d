//! TikTok Shop Partner API 202309 products: create, edit (full replace), search by seller
//! SKU, get, and category recommendation. Calls are signed like every 202309 call
//! (HMAC-SHA256 of secret + path + sorted params + body + secret, keyed with the app secret)
//! and carry the shop's token in `x-tts-access-token`. Errors are HTTP 200 with a non-zero
//! `code`, as TikTok answers them; only a bad token is a 401 (like the warehouse list).
use std::collections::{BTreeSet, HashSet};

use axum::body::Bytes;
use axum::extract::{FromRequest, OriginalUri, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, RequestExt, Router};
use serde_json::{Value, json};

use super::text;
use crate::channels::{tiktok_open_id, tiktok_warehouse_id, valid};
use crate::util::{hash_str, header, hmac_hex};
use crate::{AppState, creds};

// Sandbox codes in TikTok's style (product errors are 12052xxx on TikTok); the product
// reads the message, never these numbers, except the token code 105002.
const BAD_TOKEN: i64 = 105002;
const BAD_SIGN: i64 = 106001;
const BAD_PARAM: i64 = 12052003;
const NOT_FOUND: i64 = 12052048;
const MAX_SKUS: usize = 100;

/// Leaf categories and the title words that make `recommend` choose them; the last is the
/// fallback. (id, parent id, path).
const CATEGORIES: [(&str, &str, &str, &[&str]); 5] = [
    ("601152", "600024", "Home Supplies/Lamps & Lighting", &["lamp", "light", "led", "lantern"]),
    ("601226", "600025", "Womenswear/T-shirts", &["shirt", "tee", "dress", "top", "hoodie"]),
    ("600942", "600026", "Phones & Electronics/Phone Holders", &["phone", "holder", "charger", "cable", "case"]),
    ("602118", "600027", "Pet Supplies/Pet Toys", &["pet", "dog", "cat", "toy"]),
    ("600001", "600024", "Home Supplies/Storage Boxes", &[]),
];

pub fn routes() -> Router<AppState> {
    let api = Router::new()
        .route("/products", post(create))
        .route("/products/search", post(search))
        .route("/products/{id}", get(get_one).put(edit))
        .route("/categories/recommend", post(recommend));
    // The configured api_base ends in `/api` (like the warehouse list); the bare form is
    // TikTok's own path layout.
    Router::new().nest("/channels/tiktok/api/product/202309", api.clone()).nest("/channels/tiktok/product/202309", api)
}

fn answer(code: i64, message: &str, data: Value) -> Response {
    Json(json!({"code": code, "message": message, "data": data, "request_id": "SANDBOX"})).into_response()
}

fn refuse(code: i64, message: impl Into<String>) -> Response {
    answer(code, &message.into(), json!({}))
}

/// A call that passed TikTok's gate (token, then signature): the seller, the query and the
/// parsed body. Every product handler takes it, so none can answer an unsigned call.
struct Signed {
    shop: String,
    query: Vec<(String, String)>,
    body: Value,
}

impl FromRequest<AppState> for Signed {
    type Rejection = Response;

    async fn from_request(mut req: Request, app: &AppState) -> Result<Self, Response> {
        let uri = req.extract_parts::<OriginalUri>().await.map_err(IntoResponse::into_response)?;
        let Query(query) = req.extract_parts::<Query<Vec<(String, String)>>>().await.map_err(IntoResponse::into_response)?;
        let headers = req.headers().clone();
        let body = Bytes::from_request(req, app).await.map_err(IntoResponse::into_response)?;
        let (shop, body) = gate(app, &uri, &query, &headers, &body)?;
        Ok(Signed { shop, query, body })
    }
}

impl Signed {
    /// The body checked as a product, for create and edit alike: the product as stored.
    fn product(&self, app: &AppState) -> Result<Value, Response> {
        check(app, &self.body).map_err(|m| refuse(BAD_PARAM, m))
    }
}

/// Token, then signature; returns the seller and the parsed body.
fn gate(app: &AppState, uri: &OriginalUri, q: &[(String, String)], headers: &HeaderMap, body: &Bytes) -> Result<(String, Value), Response> {
    if !valid(app, "tiktok", header(headers, "x-tts-access-token")) {
        let body = json!({"code": BAD_TOKEN, "message": "Expired credentials or invalid access token", "data": {}, "request_id": "SANDBOX"});
        return Err((StatusCode::UNAUTHORIZED, Json(body)).into_response());
    }
    let mut params: Vec<&(String, String)> = q.iter().filter(|(k, _)| k != "sign" && k != "access_token").collect();
    params.sort();
    let joined: String = params.iter().map(|(k, v)| format!("{k}{v}")).collect();
    let secret = creds::TIKTOK_APP_SECRET;
    let want = hmac_hex(secret, &format!("{secret}{}{joined}{}{secret}", uri.path(), String::from_utf8_lossy(body)));
    let given = q.iter().find(|(k, _)| k == "sign").map(|(_, v)| v.as_str());
    if !q.iter().any(|(k, _)| k == "app_key") || !q.iter().any(|(k, _)| k == "timestamp") || given != Some(want.as_str()) {
        return Err(refuse(BAD_SIGN, "Invalid signature: sign, app_key and timestamp are required and must match the request"));
    }
    let parsed = if body.is_empty() { json!({}) } else { serde_json::from_slice(body).map_err(|e| refuse(BAD_PARAM, format!("Invalid JSON body: {e}")))? };
    Ok((tiktok_open_id(app), parsed))
}

fn stable_id(app: &AppState, what: &str) -> String {
    format!("7{:018}", hash_str(app.world().seed, what) % 10u64.pow(18))
}

fn new_id(app: &AppState) -> String {
    format!("17{:017}", app.world().next_id())
}

/// Checks a create/edit body the way TikTok's listing rules do and returns the product
/// (without ids) it describes.
fn check(app: &AppState, b: &Value) -> Result<Value, String> {
    let title = text(b, "title").ok_or("title is required")?;
    if title.chars().count() > 255 {
        return Err("title must be at most 255 characters".into());
    }
    let description = text(b, "description").ok_or("description is required")?;
    let category = text(b, "category_id").ok_or("category_id is required")?;
    if !CATEGORIES.iter().any(|c| c.0 == category) {
        return Err(format!("category_id {category} is not a leaf category"));
    }
    let images: Vec<&str> = b["main_images"].as_array().into_iter().flatten().filter_map(|i| text(i, "uri")).collect();
    if images.is_empty() || images.len() > 9 {
        return Err("main_images must hold 1 to 9 images, each with a uri".into());
    }
    let weight = &b["package_weight"];
    let ok_weight = text(weight, "value").and_then(|v| v.parse::<f64>().ok()).is_some_and(|v| v > 0.0);
    if !ok_weight || !matches!(text(weight, "unit"), Some("KILOGRAM" | "POUND")) {
        return Err("package_weight {value, unit KILOGRAM|POUND} is required".into());
    }
    let skus = b["skus"].as_array().cloned().unwrap_or_default();
    if skus.is_empty() || skus.len() > MAX_SKUS {
        return Err(format!("skus must hold 1 to {MAX_SKUS} SKUs"));
    }
    let warehouses = [tiktok_warehouse_id(app, 0), tiktok_warehouse_id(app, 1)];
    let names_of =
        |s: &Value| -> Vec<String> { s["sales_attributes"].as_array().into_iter().flatten().map(|a| text(a, "name").unwrap_or("").to_string()).collect() };
    let first_names = names_of(&skus[0]);
    let mut combos = HashSet::new();
    let mut out_skus = Vec::new();
    for (i, s) in skus.iter().enumerate() {
        let at = |m: &str| format!("skus[{i}]: {m}");
        if text(s, "seller_sku").is_some_and(|k| k.chars().count() > 50) {
            return Err(at("the seller SKU text length cannot exceed 50 characters"));
        }
        let amount = text(&s["price"], "amount").and_then(|a| a.parse::<f64>().ok()).filter(|a| *a >= 0.01 && *a <= 7600.0);
        let Some(amount) = amount else { return Err(at("price.amount must be between 0.01 and 7600")) };
        if text(&s["price"], "currency") != Some("USD") {
            return Err(at("price.currency must be USD for a US shop"));
        }
        let inventory = s["inventory"].as_array().cloned().unwrap_or_default();
        if inventory.is_empty() {
            return Err(at("inventory is required"));
        }
        for inv in &inventory {
            if !text(inv, "warehouse_id").is_some_and(|w| warehouses.iter().any(|x| x == w)) {
                return Err(at("inventory.warehouse_id is not one of the shop's warehouses"));
            }
            if !inv["quantity"].as_i64().is_some_and(|q| (0..=999_999).contains(&q)) {
                return Err(at("the SKU stock must be between [0,999999]"));
            }
        }
        let attrs = s["sales_attributes"].as_array().cloned().unwrap_or_default();
        if attrs.len() > 3 || names_of(s) != first_names || (skus.len() > 1 && attrs.is_empty()) {
            return Err(at("every SKU needs the same 1 to 3 sales attributes when a product has several SKUs"));
        }
        if attrs.iter().any(|a| text(a, "name").is_none_or(|n| n.chars().count() > 20) || text(a, "value_name").is_none_or(|v| v.chars().count() > 50)) {
            return Err(at("sales attribute names take 1 to 20 characters and values 1 to 50"));
        }
        let combo: Vec<String> = attrs.iter().map(|a| text(a, "value_name").unwrap_or("").to_string()).collect();
        if !combos.insert(combo) {
            return Err(at("duplicate sales attribute values"));
        }
        let attrs: Vec<Value> = attrs
            .iter()
            .map(|a| {
                let (n, v) = (text(a, "name").unwrap_or(""), text(a, "value_name").unwrap_or(""));
                json!({"id": stable_id(app, n), "name": n, "value_id": stable_id(app, &format!("{n}:{v}")), "value_name": v})
            })
            .collect();
        let amount = format!("{amount:.2}");
        out_skus.push(json!({"seller_sku": text(s, "seller_sku").unwrap_or(""), "sales_attributes": attrs, "inventory": inventory,
            "price": {"amount": amount, "currency": "USD", "sale_price": amount, "tax_exclusive_price": amount}}));
    }
    Ok(json!({"title": title, "description": description, "category_id": category, "package_weight": weight,
        "package_dimensions": b["package_dimensions"], "skus": out_skus,
        "main_images": images.iter().map(|u| json!({"uri": u, "urls": [u], "width": 800, "height": 800})).collect::<Vec<_>>(),
        "status": if text(b, "save_mode") == Some("AS_DRAFT") { "DRAFT" } else { "ACTIVATE" }}))
}

/// Gives the product's SKUs ids, keeping the id of a SKU with the same seller SKU (or the
/// same attribute values) as before, as TikTok keeps SKU ids across edits.
fn assign_sku_ids(app: &AppState, p: &mut Value, before: &[Value]) {
    for s in p["skus"].as_array_mut().into_iter().flatten() {
        let same = before.iter().find(|o| {
            (!s["seller_sku"].as_str().unwrap_or("").is_empty() && o["seller_sku"] == s["seller_sku"]) || o["sales_attributes"] == s["sales_attributes"]
        });
        s["id"] = same.map(|o| o["id"].clone()).unwrap_or_else(|| json!(new_id(app)));
    }
}

/// A product's seller SKUs ("" where a SKU has none), what the search matches.
fn seller_skus(p: &Value) -> impl Iterator<Item = &str> {
    p["skus"].as_array().into_iter().flatten().map(|s| s["seller_sku"].as_str().unwrap_or(""))
}

/// Writes product `id` of `shop` as `f` makes it from what is stored (None: nothing is
/// written), under one write lock, keeping the seller's SKU index in step; answers the product.
fn store(app: &AppState, shop: &str, id: &str, f: impl FnOnce(Option<&Value>) -> Option<Value>) -> Option<Value> {
    let w = app.world();
    let mut guard = w.channel_products.write().expect("channel products lock");
    let st = &mut *guard;
    let items = st.tiktok.entry(shop.to_string()).or_default();
    let new = f(items.get(id))?;
    let index = st.tiktok_skus.entry(shop.to_string()).or_default();
    if let Some(old) = items.get(id) {
        for sku in seller_skus(old) {
            if let Some(ids) = index.get_mut(sku) {
                ids.remove(id);
            }
        }
    }
    for sku in seller_skus(&new) {
        index.entry(sku.to_string()).or_default().insert(id.to_string());
    }
    items.insert(id.to_string(), new.clone());
    Some(new)
}

fn skus_reply(p: &Value) -> Value {
    let skus: Vec<Value> = p["skus"].as_array().into_iter().flatten().map(|s| json!({
        "id": s["id"], "seller_sku": s["seller_sku"],
        "sales_attributes": s["sales_attributes"].as_array().into_iter().flatten().map(|a| json!({"id": a["id"], "value_id": a["value_id"]})).collect::<Vec<_>>(),
    })).collect();
    json!(skus)
}

fn no_product(id: &str) -> Response {
    refuse(NOT_FOUND, format!("Product {id} does not exist in this shop"))
}

async fn create(State(app): State<AppState>, call: Signed) -> Response {
    let mut p = match call.product(&app) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let shop = call.shop;
    let id = new_id(&app);
    let now = app.world().clock.now_secs();
    assign_sku_ids(&app, &mut p, &[]);
    p["id"] = json!(id);
    p["create_time"] = json!(now);
    p["update_time"] = json!(now);
    let reply = json!({"product_id": id, "skus": skus_reply(&p), "warnings": []});
    store(&app, &shop, &id, |_| Some(p));
    tracing::info!(%id, "tiktok: product created");
    answer(0, "Success", reply)
}

async fn edit(State(app): State<AppState>, Path(id): Path<String>, call: Signed) -> Response {
    let mut p = match call.product(&app) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let shop = call.shop;
    let now = app.world().clock.now_secs();
    let done = store(&app, &shop, &id, |old| {
        let old = old?;
        let before = old["skus"].as_array().cloned().unwrap_or_default();
        assign_sku_ids(&app, &mut p, &before);
        for k in ["id", "create_time"] {
            p[k] = old[k].clone();
        }
        p["update_time"] = json!(now);
        Some(p)
    });
    match done.as_ref().map(skus_reply) {
        Some(skus) => answer(0, "Success", json!({"skus": skus, "warnings": []})),
        None => no_product(&id),
    }
}

async fn get_one(State(app): State<AppState>, Path(id): Path<String>, call: Signed) -> Response {
    let found = {
        let w = app.world();
        let st = w.channel_products.read().expect("channel products lock");
        st.tiktok.get(&call.shop).and_then(|m| m.get(&id)).cloned()
    };
    match found {
        Some(p) => answer(0, "Success", p),
        None => no_product(&id),
    }
}

/// `POST products/search?page_size=&page_token=` with `{seller_skus?, status?}`.
async fn search(State(app): State<AppState>, call: Signed) -> Response {
    let (shop, b) = (call.shop, call.body);
    let param = |k: &str| call.query.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let Some(size) = param("page_size").and_then(|s| s.parse::<usize>().ok()).filter(|n| (1..=100).contains(n)) else {
        return refuse(BAD_PARAM, "page_size is required and must be between 1 and 100");
    };
    let start: usize = param("page_token").and_then(|t| t.parse().ok()).unwrap_or(0);
    let wanted: Vec<&str> = b["seller_skus"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let status = text(&b, "status").filter(|s| *s != "ALL");
    // Filtered under the read lock: cloning the whole shop per search made it quadratic.
    let hits: Vec<Value> = {
        let w = app.world();
        let st = w.channel_products.read().expect("channel products lock");
        let items = st.tiktok.get(&shop);
        // By SKU from the seller's index (in id order, as the scan of all products gave them).
        let all: Box<dyn Iterator<Item = &Value>> = match (items, wanted.is_empty()) {
            (None, _) => Box::new(std::iter::empty()),
            (Some(m), true) => Box::new(m.values()),
            (Some(m), false) => {
                let index = st.tiktok_skus.get(&shop);
                let ids: BTreeSet<&String> = wanted.iter().flat_map(|w| index.and_then(|i| i.get(*w)).into_iter().flatten()).collect();
                Box::new(ids.into_iter().filter_map(|id| m.get(id)))
            }
        };
        all.filter(|p| wanted.is_empty() || seller_skus(p).any(|s| wanted.contains(&s)))
            .filter(|p| status.is_none_or(|st| p["status"] == st))
            .cloned()
            .collect()
    };
    let page: Vec<Value> = hits.iter().skip(start).take(size).map(|p| json!({
        "id": p["id"], "title": p["title"], "status": p["status"], "sales_regions": ["US"],
        "create_time": p["create_time"], "update_time": p["update_time"],
        "skus": p["skus"].as_array().into_iter().flatten().map(|s| json!({"id": s["id"], "seller_sku": s["seller_sku"],
            "price": {"currency": s["price"]["currency"], "sale_price": s["price"]["sale_price"], "tax_exclusive_price": s["price"]["tax_exclusive_price"]},
            "inventory": s["inventory"]})).collect::<Vec<_>>(),
    })).collect();
    let next = if start + size < hits.len() { (start + size).to_string() } else { String::new() };
    answer(0, "Success", json!({"products": page, "total_count": hits.len(), "next_page_token": next}))
}

async fn recommend(call: Signed) -> Response {
    let b = call.body;
    let Some(title) = text(&b, "product_title").map(str::to_lowercase) else { return refuse(BAD_PARAM, "product_title is required") };
    let words: Vec<&str> = title.split(|c: char| !c.is_alphanumeric()).collect();
    let pick = CATEGORIES.iter().find(|c| c.3.iter().any(|k| words.iter().any(|w| w.starts_with(k)))).unwrap_or(&CATEGORIES[CATEGORIES.len() - 1]);
    let (parent, leaf) = pick.2.split_once('/').unwrap_or(("", pick.2));
    answer(
        0,
        "Success",
        json!({"leaf_category_id": pick.0, "categories": [
            {"id": pick.1, "name": parent, "level": 1, "is_leaf": false, "permission_statuses": ["AVAILABLE"]},
            {"id": pick.0, "name": leaf, "level": 2, "is_leaf": true, "permission_statuses": ["AVAILABLE"]},
        ]}),
    )
}
