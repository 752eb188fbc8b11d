//! A Stripe-style payment vendor: hosted checkout, payment intents, refunds, Products and
//! Prices, subscriptions renewing on the virtual clock, and signed webhooks. Paths live under
//! `/payments/…` with Stripe's `/v1/…` names inside; request bodies are form-encoded (as
//! Stripe's clients send, `metadata[k]=v`) or JSON. As strict as Stripe: a parameter a call
//! does not take is `parameter_unknown`, a missing one `parameter_missing`, an id that does
//! not exist `resource_missing`, and every refusal, unknown paths included, is Stripe's JSON.
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use serde_json::{Value, json};

use crate::util::{b64_decode, bearer, json_error};
use crate::{AppState, creds};
pub use form::params;

pub mod billing;
pub mod catalog;
pub mod checkout;
pub mod disputes;
pub mod endpoints;
pub mod events;
pub mod form;
pub mod intents;
pub mod line_items;
pub mod model;
pub mod setup;
pub mod subscriptions;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/payments/v1/checkout/sessions", post(checkout::create))
        .route("/payments/v1/checkout/sessions/{id}", get(checkout::retrieve))
        .route("/payments/v1/checkout/sessions/{id}/line_items", get(line_items::list))
        .route("/payments/checkout/{id}", get(checkout::page))
        .route("/payments/checkout/{id}/pay", post(checkout::pay))
        .route("/payments/checkout/{id}/decline", post(checkout::decline))
        .route("/payments/v1/payment_intents", post(intents::create))
        .route("/payments/v1/payment_intents/{id}", get(intents::retrieve))
        .route("/payments/v1/refunds", post(intents::refund))
        .route("/payments/v1/products", post(catalog::create_product).get(catalog::list_products))
        .route("/payments/v1/products/{id}", get(catalog::retrieve_product))
        .route("/payments/v1/prices", post(catalog::create_price).get(catalog::list_prices))
        .route("/payments/v1/prices/{id}", get(catalog::retrieve_price))
        .route("/payments/v1/subscriptions", post(subscriptions::create).get(subscriptions::list))
        .route("/payments/v1/subscriptions/{id}", get(subscriptions::retrieve).post(subscriptions::update).delete(subscriptions::cancel))
        .route("/payments/v1/webhook_endpoints", post(endpoints::create).get(endpoints::list))
        .route("/payments/v1/webhook_endpoints/{id}", get(endpoints::retrieve).post(endpoints::update).delete(endpoints::delete))
        .route("/payments/v1/customers", post(setup::create_customer))
        .route("/payments/v1/customers/{id}", get(setup::retrieve_customer).post(setup::update_customer))
        .route("/payments/v1/setup_intents/{id}", get(setup::retrieve_setup_intent))
        .route("/payments/v1/payment_methods/{id}", get(setup::retrieve_payment_method))
        .route("/_sandbox/payments", get(inspect))
        .route("/_sandbox/payments/charges/{id}/dispute", post(disputes::open))
        // Any other address under the API, or a method a path does not take, is Stripe's 404.
        .route("/payments/v1/{*rest}", any(unrecognized))
        .method_not_allowed_fallback(unrecognized)
}

/// Stripe's answer to a path (or method) its API does not have.
async fn unrecognized(method: Method, uri: Uri) -> Response {
    let path = uri.path().strip_prefix("/payments").unwrap_or(uri.path());
    let message = format!("Unrecognized request URL ({method}: {path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.");
    stripe_error(StatusCode::NOT_FOUND, "invalid_request_error", None, &message)
}

/// Stripe's error envelope.
pub fn stripe_error(status: StatusCode, kind: &str, code: Option<&str>, message: &str) -> Response {
    let mut e = json!({"type": kind, "message": message});
    if let Some(c) = code {
        e["code"] = json!(c);
    }
    json_error(status, json!({"error": e}))
}

/// A refusal over one parameter, as Stripe words it: `param` names it in its bracketed form and
/// `doc_url` points at the code's page.
pub fn param_error(status: StatusCode, code: &str, param: &str, message: &str) -> Response {
    let doc_url = format!("https://stripe.com/docs/error-codes/{}", code.replace('_', "-"));
    let e = json!({"type": "invalid_request_error", "code": code, "param": param, "message": message, "doc_url": doc_url});
    json_error(status, json!({"error": e}))
}

/// `parameter_missing` for a required parameter.
pub fn missing(param: &str) -> Response {
    param_error(StatusCode::BAD_REQUEST, "parameter_missing", param, &format!("Missing required param: {param}."))
}

/// A value Stripe does not take for `param` (`parameter_invalid_empty` and its siblings share
/// this shape; the sandbox uses `parameter_invalid` for any of them).
pub fn invalid(param: &str, message: &str) -> Response {
    param_error(StatusCode::BAD_REQUEST, "parameter_invalid", param, message)
}

/// An id named in a parameter that does not exist: 400 `resource_missing`, where an unknown id
/// in the path is a 404.
pub fn no_such_param(kind: &str, id: &str, param: &str) -> Response {
    param_error(StatusCode::BAD_REQUEST, "resource_missing", param, &format!("No such {kind}: '{id}'"))
}

/// Refuses the first parameter the call does not take, as Stripe does.
pub fn check(p: &Value, shape: &form::Shape) -> Result<(), Response> {
    match form::unknown_param(p, shape) {
        Some(k) => Err(param_error(StatusCode::BAD_REQUEST, "parameter_unknown", &k, &format!("Received unknown parameter: {k}"))),
        None => Ok(()),
    }
}

/// A Stripe list: newest first, `limit` (1–100, default 10) of them.
pub fn list(url: &str, newest_last: Vec<Value>, p: &Value) -> Result<Response, Response> {
    let limit = match s(p, "limit") {
        None => 10,
        Some(l) => match l.parse::<usize>() {
            Ok(n @ 1..=100) => n,
            _ => return Err(invalid("limit", "This value must be between 1 and 100.")),
        },
    };
    let has_more = newest_last.len() > limit;
    let data: Vec<Value> = newest_last.into_iter().rev().take(limit).collect();
    Ok(axum::Json(json!({"object": "list", "data": data, "has_more": has_more, "url": url})).into_response())
}

/// What a form-encoded call checks first, in Stripe's order: the secret key, then every
/// parameter against the call's shape. The parameters, or the refusal to answer.
pub fn accepted(headers: &HeaderMap, body: &[u8], shape: &form::Shape) -> Result<Value, Response> {
    authorised(headers)?;
    let p = form::params(headers, body);
    check(&p, shape)?;
    Ok(p)
}

/// Secret key as Bearer, or as the Basic-auth username (both accepted by Stripe).
pub fn authorised(headers: &HeaderMap) -> Result<(), Response> {
    let basic = || {
        let v = headers.get("authorization")?.to_str().ok()?.strip_prefix("Basic ")?;
        let raw = String::from_utf8(b64_decode(v.trim())?).ok()?;
        Some(raw.split(':').next().unwrap_or_default().to_string())
    };
    match bearer(headers).or_else(basic) {
        Some(k) if k == creds::PAYMENTS_KEY => Ok(()),
        Some(k) => Err(stripe_error(StatusCode::UNAUTHORIZED, "invalid_request_error", None, &format!("Invalid API Key provided: {k}"))),
        None => Err(stripe_error(StatusCode::UNAUTHORIZED, "invalid_request_error", None, "You did not provide an API key.")),
    }
}

/// Field as string (a form value, or a JSON string, number or boolean).
pub fn s(p: &Value, key: &str) -> Option<String> {
    match p.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        // A JSON body's booleans read as a form's `true`/`false`.
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Field as integer amount in the smallest currency unit.
pub fn int(p: &Value, key: &str) -> Option<i64> {
    s(p, key)?.parse().ok()
}

pub fn metadata(p: &Value) -> Value {
    p.get("metadata").filter(|m| m.is_object()).cloned().unwrap_or_else(|| json!({}))
}

/// Renewals are lazy: anything that reads payments first books the renewals
/// the virtual clock has passed (also run by `/_sandbox/clock/advance`).
async fn inspect(State(app): State<AppState>) -> axum::Json<Value> {
    billing::catch_up(&app);
    let w = app.world();
    let p = w.payments.read().expect("payments lock");
    axum::Json(json!({
        "checkout_sessions": p.sessions.values().collect::<Vec<_>>(),
        "payment_intents": p.intents.values().collect::<Vec<_>>(),
        "charges": p.charges, "refunds": p.refunds,
        "subscriptions": p.subscriptions.values().collect::<Vec<_>>(), "invoices": p.invoices,
        "customers": p.customers.values().collect::<Vec<_>>(), "products": p.products, "prices": p.prices,
        "webhook_endpoints": p.endpoints, "events": p.events, "deliveries": p.deliveries,
    }))
}
