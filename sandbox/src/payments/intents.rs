//! PaymentIntents (created and confirmed in one call), test card payment
//! methods, Idempotency-Key replay and refunds.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::form::Shape;
use super::{accepted, authorised, check, events, int, metadata, missing, no_such_param, params, s, stripe_error};
use crate::AppState;
use crate::util::header;

/// Create, confirm and charge an intent; emits `payment_intent.succeeded` or
/// `payment_intent.payment_failed`. Test cards: `pm_card_declined` declines,
/// anything else succeeds; no payment method leaves it `requires_payment_method`.
pub fn confirm(app: &AppState, amount: i64, currency: &str, pm: Option<String>, customer: Value, meta: Value) -> Value {
    let w = app.world();
    let now = w.clock.now_secs();
    let mut pi = json!({
        "id": w.token("pi_"), "object": "payment_intent", "amount": amount, "amount_received": 0, "currency": currency,
        "customer": customer, "metadata": meta, "payment_method": pm, "status": "requires_payment_method",
        "latest_charge": null, "last_payment_error": null, "created": now, "livemode": false,
    });
    let event = match pm.as_deref() {
        None => None,
        Some("pm_card_declined" | "pm_card_chargeDeclined") => {
            pi["last_payment_error"] =
                json!({"type": "card_error", "code": "card_declined", "decline_code": "generic_decline", "message": "Your card was declined."});
            Some("payment_intent.payment_failed")
        }
        Some(_) => {
            let ch = w.token("ch_");
            pi["status"] = json!("succeeded");
            pi["amount_received"] = json!(amount);
            pi["latest_charge"] = json!(ch);
            w.payments.write().expect("payments lock").charge(ch, &pi, now);
            Some("payment_intent.succeeded")
        }
    };
    let id = pi["id"].as_str().unwrap_or_default().to_string();
    w.payments.write().expect("payments lock").intents.insert(id, pi.clone());
    if let Some(kind) = event {
        events::emit(app, kind, pi.clone());
    }
    pi
}

const CREATE: Shape = Shape::Map(&[
    ("amount", Shape::Value),
    ("currency", Shape::Value),
    ("payment_method", Shape::Value),
    ("customer", Shape::Value),
    ("confirm", Shape::Value),
    ("off_session", Shape::Value),
    ("description", Shape::Value),
    ("receipt_email", Shape::Value),
    ("statement_descriptor", Shape::Value),
    ("payment_method_types", Shape::Free),
    ("automatic_payment_methods", Shape::Map(&[("enabled", Shape::Value), ("allow_redirects", Shape::Value)])),
    ("setup_future_usage", Shape::Value),
    ("error_on_requires_action", Shape::Value),
    ("return_url", Shape::Value),
    ("metadata", Shape::Free),
    ("expand", Shape::Free),
]);
const REFUND: Shape = Shape::Map(&[
    ("payment_intent", Shape::Value),
    ("charge", Shape::Value),
    ("amount", Shape::Value),
    ("reason", Shape::Value),
    ("metadata", Shape::Free),
    ("expand", Shape::Free),
]);

pub async fn create(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    let p = params(&headers, &body);
    let key = header(&headers, "idempotency-key");
    let fingerprint = p.to_string();
    if let Some(k) = &key {
        let w = app.world();
        let pay = w.payments.read().expect("payments lock");
        if let Some((fp, status, body)) = pay.idempotency.get(k) {
            if *fp != fingerprint {
                return stripe_error(
                    StatusCode::BAD_REQUEST,
                    "idempotency_error",
                    None,
                    "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                );
            }
            let status = StatusCode::from_u16(*status).unwrap_or(StatusCode::OK);
            return (status, [("idempotent-replayed", "true")], Json(body.clone())).into_response();
        }
    }
    if let Err(r) = check(&p, &CREATE) {
        return r;
    }
    let Some(amount) = int(&p, "amount") else { return missing("amount") };
    let Some(currency) = s(&p, "currency") else { return missing("currency") };
    if let Some(c) = s(&p, "customer")
        && !app.world().payments.read().expect("payments lock").customers.contains_key(&c)
    {
        return no_such_param("customer", &c, "customer");
    }
    if amount < 50 {
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("amount_too_small"), "Amount must be at least 50 cents.");
    }
    // A method saved to a customer is used with that customer only.
    if let Some(pm) = s(&p, "payment_method")
        && let Some(owner) = super::setup::owner(&app, &pm)
        && owner != json!(s(&p, "customer"))
    {
        let m = format!("The provided PaymentMethod {pm} belongs to a Customer; pass that Customer as `customer` to use it.");
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", None, &m);
    }
    let pi = confirm(&app, amount, &currency.to_lowercase(), s(&p, "payment_method"), json!(s(&p, "customer")), metadata(&p));
    let (status, body) = if pi["status"] == "requires_payment_method" && !pi["last_payment_error"].is_null() {
        let mut err = pi["last_payment_error"].clone();
        err["payment_intent"] = pi.clone();
        (StatusCode::PAYMENT_REQUIRED, json!({"error": err}))
    } else {
        (StatusCode::OK, pi)
    };
    if let Some(k) = key {
        let w = app.world();
        w.payments.write().expect("payments lock").idempotency.insert(k, (fingerprint, status.as_u16(), body.clone()));
    }
    (status, Json(body)).into_response()
}

pub async fn retrieve(State(app): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Err(r) = authorised(&headers) {
        return r;
    }
    let w = app.world();
    let found = w.payments.read().expect("payments lock").intents.get(&id).cloned();
    match found {
        Some(pi) => Json(pi).into_response(),
        None => no_such("payment_intent", &id),
    }
}

pub fn no_such(kind: &str, id: &str) -> Response {
    stripe_error(StatusCode::NOT_FOUND, "invalid_request_error", Some("resource_missing"), &format!("No such {kind}: '{id}'"))
}

/// Refund all or part of an intent's charge; emits `charge.refunded`.
pub async fn refund(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let p = match accepted(&headers, &body, &REFUND) {
        Ok(p) => p,
        Err(r) => return r,
    };
    if s(&p, "charge").is_some() {
        return super::invalid("charge", "The sandbox refunds by payment_intent only.");
    }
    let Some(pi_id) = s(&p, "payment_intent") else { return missing("payment_intent") };
    let w = app.world();
    let now = w.clock.now_secs();
    let refund_id = w.token("re_");
    let (charge, re) = {
        let mut pay = w.payments.write().expect("payments lock");
        let Some(pi) = pay.intents.get(&pi_id) else { return no_such_param("payment_intent", &pi_id, "payment_intent") };
        let Some(ch_id) = pi["latest_charge"].as_str().map(String::from) else {
            let m = format!("This PaymentIntent ({pi_id}) does not have a successful charge to refund.");
            return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", Some("charge_not_refundable"), &m);
        };
        let Some(ch) = pay.charges.iter_mut().find(|c| c["id"] == ch_id.as_str()) else {
            return no_such("charge", &ch_id);
        };
        let total = ch["amount"].as_i64().unwrap_or(0);
        let done = ch["amount_refunded"].as_i64().unwrap_or(0);
        let amount = int(&p, "amount").unwrap_or(total - done);
        if done >= total {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                Some("charge_already_refunded"),
                &format!("Charge {ch_id} has already been refunded."),
            );
        }
        if amount <= 0 || done + amount > total {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                Some("amount_too_large"),
                &format!("Refund amount ({amount}) is greater than unrefunded amount on charge ({})", total - done),
            );
        }
        ch["amount_refunded"] = json!(done + amount);
        ch["refunded"] = json!(done + amount == total);
        let charge = ch.clone();
        let re = json!({
            "id": refund_id, "object": "refund", "amount": amount, "currency": charge["currency"], "charge": ch_id,
            "payment_intent": pi_id, "status": "succeeded", "reason": s(&p, "reason"), "metadata": metadata(&p), "created": now,
        });
        pay.refunds.push(re.clone());
        (charge, re)
    };
    events::emit(&app, "charge.refunded", charge);
    Json(re).into_response()
}
