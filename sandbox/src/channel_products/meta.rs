//! Meta's catalog Batch API: `POST /{catalog}/items_batch` (item_type PRODUCT_ITEM, CREATE /
//! UPDATE / DELETE by retailer id), `GET /{catalog}/check_batch_request_status?handle=` and
//! `GET /{catalog}/products?filter=`. As on Meta, the batch call only queues: it answers
//! `{handles}` even when items are invalid, and the item errors come from the status call.
//! Both CREATE and UPDATE upsert by retailer id (Meta's `allow_upsert` defaults to true).
use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, RequestExt, Router};
use serde_json::{Map, Value, json};

use super::{is_url, items_of, text, with_items};
use crate::AppState;
use crate::channels::{businesses, catalog_id, valid};
use crate::util::{b64, b64_decode, bearer, body_params, json_error};

const MAX_REQUESTS: usize = 5000;
const AVAILABILITY: [&str; 5] = ["in stock", "out of stock", "preorder", "available for order", "discontinued"];
const CONDITION: [&str; 3] = ["new", "refurbished", "used"];
/// Item fields the products edge can return besides id and retailer_id.
const FIELDS: [&str; 16] = [
    "name",
    "description",
    "price",
    "sale_price",
    "availability",
    "condition",
    "brand",
    "url",
    "image_url",
    "additional_image_urls",
    "inventory",
    "retailer_product_group_id",
    "visibility",
    "color",
    "size",
    "additional_variant_attribute",
];

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/channels/facebook/{version}/{business}/items_batch", post(items_batch))
        .route("/channels/facebook/{version}/{business}/check_batch_request_status", get(batch_status))
        .route("/channels/facebook/{version}/{business}/products", get(products))
}

fn graph_error(status: StatusCode, message: &str, code: i64) -> Response {
    json_error(status, json!({"error": {"message": message, "type": "OAuthException", "code": code, "fbtrace_id": "SANDBOX"}}))
}

/// Token (bearer or `access_token`) and catalog checks shared by the three calls.
fn gate(app: &AppState, headers: &HeaderMap, params: &Map<String, Value>, catalog: &str) -> Result<(), Response> {
    let token = bearer(headers).or_else(|| params.get("access_token").and_then(Value::as_str).map(str::to_string));
    if !valid(app, "facebook", token) {
        return Err(graph_error(StatusCode::UNAUTHORIZED, "Invalid OAuth access token - Cannot parse access token", 190));
    }
    let known = businesses(app).iter().any(|b| (0..2).any(|i| catalog_id(app, b["id"].as_str().unwrap_or(""), i) == catalog));
    if !known {
        return Err(graph_error(StatusCode::BAD_REQUEST, &format!("Unsupported request. Object with ID '{catalog}' does not exist"), 100));
    }
    Ok(())
}

/// Query and body (form or JSON) as one object; a form sends `requests` as a JSON string.
fn params_of(q: HashMap<String, String>, headers: &HeaderMap, body: &Bytes) -> Map<String, Value> {
    let mut out = match body_params(headers, body) {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    for (k, v) in q {
        out.entry(k).or_insert(Value::String(v));
    }
    out
}

/// A call that passed the gate: its catalog, and its query and body parameters as one object.
/// The three calls take it, so none can skip the token and catalog checks.
struct Gated {
    catalog: String,
    params: Map<String, Value>,
}

impl FromRequest<AppState> for Gated {
    type Rejection = Response;

    async fn from_request(mut req: Request, app: &AppState) -> Result<Self, Response> {
        let Path((_version, catalog)) = req.extract_parts::<Path<(String, String)>>().await.map_err(IntoResponse::into_response)?;
        let Query(q) = req.extract_parts::<Query<HashMap<String, String>>>().await.map_err(IntoResponse::into_response)?;
        let headers = req.headers().clone();
        // Only the batch call (a POST) has a body; the GETs read their query alone.
        let body = if req.method() == Method::POST { Bytes::from_request(req, app).await.map_err(IntoResponse::into_response)? } else { Bytes::new() };
        let params = params_of(q, &headers, &body);
        gate(app, &headers, &params, &catalog)?;
        Ok(Gated { catalog, params })
    }
}

/// What a CREATE (or an UPDATE that creates) must carry, and the formats Meta accepts.
fn check(d: &Map<String, Value>, creating: bool) -> Result<(), String> {
    let v = Value::Object(d.clone());
    let required = ["title", "description", "availability", "condition", "price", "link", "image_link"];
    if creating && let Some(missing) = required.iter().find(|k| text(&v, k).is_none()) {
        return Err(format!("Missing required field: {missing}"));
    }
    if creating && ["brand", "gtin", "mpn"].iter().all(|k| text(&v, k).is_none()) {
        return Err("Missing required field: brand (or gtin or mpn)".into());
    }
    for k in ["price", "sale_price"] {
        if let Some(p) = text(&v, k) {
            let ok =
                p.split_once(' ').is_some_and(|(n, c)| n.parse::<f64>().is_ok_and(|x| x >= 0.0) && c.len() == 3 && c.chars().all(|ch| ch.is_ascii_uppercase()));
            if !ok {
                return Err(format!("Invalid {k} '{p}': expected an amount and an ISO 4217 currency, like '12.99 USD'"));
            }
        }
    }
    if text(&v, "availability").is_some_and(|a| !AVAILABILITY.contains(&a)) {
        return Err("Invalid availability".into());
    }
    if text(&v, "condition").is_some_and(|c| !CONDITION.contains(&c)) {
        return Err("Invalid condition".into());
    }
    if let Some(bad) = ["link", "image_link"].iter().find(|k| text(&v, k).is_some_and(|u| !is_url(u))) {
        return Err(format!("Invalid URL in {bad}"));
    }
    if text(&v, "title").is_some_and(|t| t.chars().count() > 200) {
        return Err("title must be at most 200 characters".into());
    }
    if text(&v, "visibility").is_some_and(|s| s != "published" && s != "staging") {
        return Err("visibility must be published or staging".into());
    }
    Ok(())
}

/// The item as the Graph API reads it back (its own field names).
fn graph_item(id: &str, retailer_id: &str, d: &Map<String, Value>) -> Value {
    let g = |k: &str| d.get(k).cloned().unwrap_or(Value::Null);
    json!({"id": id, "retailer_id": retailer_id, "name": g("title"), "description": g("description"), "price": g("price"),
        "sale_price": g("sale_price"), "availability": g("availability"), "condition": g("condition"), "brand": g("brand"),
        "url": g("link"), "image_url": g("image_link"), "additional_image_urls": g("additional_image_link"), "inventory": g("inventory"),
        "retailer_product_group_id": g("item_group_id"), "visibility": d.get("visibility").cloned().unwrap_or(json!("published")),
        "color": g("color"), "size": g("size"), "additional_variant_attribute": g("additional_variant_attribute"), "data": d})
}

async fn items_batch(State(app): State<AppState>, Gated { catalog, params: p }: Gated) -> Response {
    if p.get("item_type").and_then(Value::as_str) != Some("PRODUCT_ITEM") {
        return graph_error(StatusCode::BAD_REQUEST, "(#100) item_type must be PRODUCT_ITEM (the only item type the sandbox emulates)", 100);
    }
    let requests = match p.get("requests") {
        Some(Value::String(s)) => serde_json::from_str::<Vec<Value>>(s).ok(),
        Some(Value::Array(a)) => Some(a.clone()),
        _ => None,
    };
    let Some(requests) = requests.filter(|r| !r.is_empty() && r.len() <= MAX_REQUESTS) else {
        return graph_error(StatusCode::BAD_REQUEST, &format!("(#100) The parameter requests is required: a list of 1 to {MAX_REQUESTS} requests"), 100);
    };
    // Meta's `allow_upsert` (default true): whether an UPDATE of an unknown id creates it.
    let upsert = !matches!(p.get("allow_upsert"), Some(Value::Bool(false))) && p.get("allow_upsert").and_then(Value::as_str) != Some("false");
    let mut errors = Vec::new();
    with_items(
        &app,
        |s| &mut s.meta,
        &catalog,
        |items| {
            for (line, r) in requests.iter().enumerate() {
                let data = r["data"].as_object().cloned().unwrap_or_default();
                let rid = text(&r["data"], "id").unwrap_or("").to_string();
                let mut fail = |m: String| errors.push(json!({"line": line, "id": rid.clone(), "message": m}));
                if rid.is_empty() {
                    fail("data.id (the retailer id) is required".into());
                    continue;
                }
                match r["method"].as_str() {
                    Some("DELETE") => drop(items.remove(&rid)),
                    Some(m @ ("CREATE" | "UPDATE")) => {
                        let old = items.get(&rid).and_then(|i| i["data"].as_object().cloned());
                        if m == "UPDATE" && old.is_none() && !upsert {
                            fail("The item does not exist and allow_upsert is false".into());
                            continue;
                        }
                        // UPDATE merges into what is there; CREATE of a known id replaces it.
                        let merged = match (m, old.as_ref()) {
                            ("UPDATE", Some(o)) => o.clone().into_iter().chain(data).collect(),
                            _ => data,
                        };
                        if let Err(e) = check(&merged, old.is_none() || m == "CREATE") {
                            fail(e);
                            continue;
                        }
                        let id = items
                            .get(&rid)
                            .map(|i| i["id"].as_str().unwrap_or("").to_string())
                            .unwrap_or_else(|| format!("{}", 26_000_000_000_000_000u64 + app.world().next_id()));
                        items.insert(rid.clone(), graph_item(&id, &rid, &merged));
                    }
                    _ => fail("method must be CREATE, UPDATE or DELETE".into()),
                }
            }
        },
    );
    let w = app.world();
    let handle = w.token("Ac");
    let invalid: Vec<Value> = errors.iter().map(|e| e["id"].clone()).collect();
    let status = json!({"status": "finished", "errors_total_count": errors.len(), "errors": errors, "warnings": [], "ids_of_invalid_requests": invalid, "handle": handle});
    w.channel_products.write().expect("channel products lock").meta_batches.insert(handle.clone(), status);
    Json(json!({"handles": [handle]})).into_response()
}

async fn batch_status(State(app): State<AppState>, Gated { params: p, .. }: Gated) -> Response {
    let handle = p.get("handle").and_then(Value::as_str).unwrap_or("");
    let found = app.world().channel_products.read().expect("channel products lock").meta_batches.get(handle).cloned();
    match found {
        Some(s) => Json(json!({"data": [s]})).into_response(),
        None => graph_error(StatusCode::BAD_REQUEST, "(#100) Invalid handle", 100),
    }
}

/// One condition of a product filter: `{"field": {"eq": v}}` or `{"field": {"is_any": [...]}}`.
fn matches(item: &Value, field: &str, cond: &Value) -> Option<bool> {
    let have = item.get(field)?.as_str().unwrap_or("");
    if let Some(v) = cond.get("eq") {
        return Some(v.as_str() == Some(have));
    }
    cond.get("is_any")?.as_array().map(|list| list.iter().any(|v| v.as_str() == Some(have)))
}

/// `GET /{catalog}/products?filter={"retailer_id":{"eq":"x"}}&fields=id,retailer_id&limit=&after=`
/// (also `?retailer_id=x`, a shortcut).
async fn products(State(app): State<AppState>, Gated { catalog, params: p }: Gated) -> Response {
    let arg = |k: &str| p.get(k).and_then(Value::as_str).map(str::to_string);
    let mut filter: Map<String, Value> = match arg("filter").map(|f| serde_json::from_str::<Value>(&f)) {
        None => Map::new(),
        Some(Ok(Value::Object(m))) => m,
        Some(_) => return graph_error(StatusCode::BAD_REQUEST, "(#100) filter must be a JSON object of field conditions", 100),
    };
    if let Some(r) = arg("retailer_id") {
        filter.insert("retailer_id".into(), json!({"eq": r}));
    }
    let all = items_of(&app, |s| &s.meta, &catalog);
    let mut hits = Vec::new();
    for item in all.values() {
        let mut keep = true;
        for (field, cond) in &filter {
            match matches(item, field, cond) {
                Some(ok) => keep &= ok,
                None => {
                    return graph_error(
                        StatusCode::BAD_REQUEST,
                        &format!("(#100) Unsupported filter on '{field}': use eq or is_any on retailer_id or retailer_product_group_id"),
                        100,
                    );
                }
            }
        }
        if keep {
            hits.push(item);
        }
    }
    let fields = arg("fields").unwrap_or_default();
    let wanted: Vec<&str> = fields.split(',').map(str::trim).filter(|f| FIELDS.contains(f)).collect();
    let limit = arg("limit").and_then(|l| l.parse::<usize>().ok()).unwrap_or(25).clamp(1, 1000);
    let start = arg("after").and_then(|a| b64_decode(&a)).and_then(|b| String::from_utf8(b).ok()).and_then(|s| s.parse::<usize>().ok()).unwrap_or(0);
    let data: Vec<Value> = hits
        .iter()
        .skip(start)
        .take(limit)
        .map(|i| {
            let mut out = json!({"id": i["id"], "retailer_id": i["retailer_id"]});
            wanted.iter().for_each(|f| out[*f] = i[*f].clone());
            out
        })
        .collect();
    let mut paging = json!({"cursors": {"before": b64(start.to_string().as_bytes()), "after": b64((start + data.len()).to_string().as_bytes())}});
    if start + limit < hits.len() {
        paging["next"] = json!(format!("?after={}", b64((start + limit).to_string().as_bytes())));
    }
    Json(json!({"data": data, "paging": paging})).into_response()
}
