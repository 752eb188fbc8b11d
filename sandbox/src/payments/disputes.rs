//! Disputes: in Stripe's test mode a charge made with the card 4000 0000 0000 0259 is disputed
//! by the cardholder right after it succeeds. The sandbox pays with saved test payment methods,
//! so the test side disputes a charge by its id instead: Stripe's Dispute object (status
//! `needs_response`, the charge's amount and currency) and its `charge.dispute.created` event.
use axum::Json;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::events;
use super::intents::no_such;
use crate::AppState;

/// `POST /_sandbox/payments/charges/{id}/dispute`
pub async fn open(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let charge = app.world().payments.read().expect("payments lock").charges.iter().find(|c| c["id"] == id.as_str()).cloned();
    let Some(charge) = charge else { return no_such("charge", &id) };
    let dispute = {
        let w = app.world();
        let mut ch = charge.clone();
        ch["disputed"] = json!(true);
        let mut p = w.payments.write().expect("payments lock");
        if let Some(stored) = p.charges.iter_mut().find(|c| c["id"] == id.as_str()) {
            *stored = ch;
        }
        json!({
            "id": w.token("dp_"), "object": "dispute", "amount": charge["amount"], "currency": charge["currency"],
            "charge": id, "payment_intent": charge["payment_intent"], "reason": "fraudulent", "status": "needs_response",
            "is_charge_refundable": false, "created": w.clock.now_secs(), "livemode": false, "metadata": {},
        })
    };
    events::emit(&app, "charge.dispute.created", dispute.clone());
    Json(dispute).into_response()
}
