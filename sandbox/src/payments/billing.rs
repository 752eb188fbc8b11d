//! Subscription billing on the virtual clock: the first invoice at creation (its outcome set by
//! `payment_behavior`), then one `subscription_cycle` invoice each time the clock passes
//! `current_period_end` (calendar months and years, as Stripe bills). Renewals are booked
//! lazily by `catch_up`, which payment reads and `/_sandbox/clock/advance` call.
//! Cards: a subscription's `default_payment_method`, else its customer's
//! `invoice_settings.default_payment_method`; the test cards `pm_card_declined`,
//! `pm_card_chargeDeclined` and `pm_card_chargeCustomerFail` decline.
use chrono::Months;
use serde_json::{Value, json};

use super::events;
use crate::AppState;
use crate::util::ts;

/// Stripe's `payment_behavior` when a subscription is created.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    /// Try the first invoice; an unpaid one leaves the subscription `incomplete`.
    AllowIncomplete,
    /// Leave the first invoice open for the customer to confirm: `incomplete` until paid.
    DefaultIncomplete,
    /// Refuse (402) rather than create a subscription whose first invoice cannot be paid.
    ErrorIfIncomplete,
}

/// How long an `incomplete` subscription waits for its first payment (Stripe: 23 hours).
const INCOMPLETE_FOR: i64 = 23 * 3600;

/// The end of the period that starts at `start` for a Price's `recurring`.
pub fn period_end(start: i64, recurring: &Value) -> i64 {
    let count = recurring["interval_count"].as_i64().unwrap_or(1).max(1);
    let months = |m: i64| ts(start * 1000).checked_add_months(Months::new(m as u32)).map(|d| d.timestamp()).unwrap_or(start + m * 30 * 86_400);
    match recurring["interval"].as_str().unwrap_or("month") {
        "day" => start + count * 86_400,
        "week" => start + count * 7 * 86_400,
        "year" => months(12 * count),
        _ => months(count),
    }
}

pub fn declines(pm: &str) -> bool {
    matches!(pm, "pm_card_declined" | "pm_card_chargeDeclined" | "pm_card_chargeCustomerFail")
}

/// The card an invoice of `sub` is charged to, if any.
pub fn card_for(app: &AppState, sub: &Value) -> Option<String> {
    if let Some(pm) = sub["default_payment_method"].as_str() {
        return Some(pm.to_string());
    }
    let w = app.world();
    let p = w.payments.read().expect("payments lock");
    let customer = sub["customer"].as_str().and_then(|c| p.customers.get(c))?;
    customer["invoice_settings"]["default_payment_method"].as_str().map(str::to_string)
}

/// One invoice's total: every item's unit amount times its quantity.
fn total(sub: &Value) -> i64 {
    let items = sub["items"]["data"].as_array().cloned().unwrap_or_default();
    items.iter().map(|i| i["price"]["unit_amount"].as_i64().unwrap_or(0) * i["quantity"].as_i64().unwrap_or(1)).sum()
}

/// A new subscription of `items` (each `{price, quantity}`, one currency and interval), its
/// first invoice paid, left open or failed by `behaviour`; emits `customer.subscription.created`.
pub fn start(app: &AppState, customer: &str, items: &[(Value, i64)], extra: Value, behaviour: Behaviour) -> Value {
    let w = app.world();
    let now = w.clock.now_secs();
    let id = w.token("sub_");
    let recurring = items[0].0["recurring"].clone();
    let end = period_end(now, &recurring);
    let data: Vec<Value> = items
        .iter()
        .map(|(price, quantity)| {
            json!({"id": w.token("si_"), "object": "subscription_item", "price": price, "quantity": quantity, "subscription": id,
                   "metadata": {}, "created": now, "current_period_start": now, "current_period_end": end})
        })
        .collect();
    let mut sub = json!({
        "id": id, "object": "subscription", "customer": customer, "status": "incomplete", "currency": items[0].0["currency"],
        "collection_method": "charge_automatically", "metadata": {}, "description": null, "default_payment_method": null,
        "items": {"object": "list", "data": data, "has_more": false, "url": format!("/v1/subscription_items?subscription={id}")},
        "current_period_start": now, "current_period_end": end, "billing_cycle_anchor": now, "start_date": now,
        "cancel_at_period_end": false, "canceled_at": null, "ended_at": null, "latest_invoice": null, "created": now, "livemode": false,
    });
    if let Value::Object(m) = extra {
        for (k, v) in m {
            sub[k] = v;
        }
    }
    w.payments.write().expect("payments lock").subscriptions.insert(id.clone(), sub.clone());
    let paid = invoice(app, &sub, now, "subscription_create", behaviour != Behaviour::DefaultIncomplete);
    let status = if paid { "active" } else { "incomplete" };
    let sub = update(app, &id, |s| s["status"] = json!(status)).unwrap_or(sub);
    events::emit(app, "customer.subscription.created", sub.clone());
    sub
}

/// Change a kept subscription; answers it as changed.
pub fn update(app: &AppState, id: &str, change: impl FnOnce(&mut Value)) -> Option<Value> {
    let w = app.world();
    let mut p = w.payments.write().expect("payments lock");
    let s = p.subscriptions.get_mut(id)?;
    change(s);
    Some(s.clone())
}

/// Invoice the period starting at `from`. With `attempt`, charge the card: paid (a charge,
/// `invoice.paid` and `invoice.payment_succeeded`) or, when the card declines, open with
/// `invoice.payment_failed`; without a card, or without `attempt`, it stays open. Answers paid.
fn invoice(app: &AppState, sub: &Value, from: i64, reason: &str, attempt: bool) -> bool {
    let w = app.world();
    let amount = total(sub);
    let price = &sub["items"]["data"][0]["price"];
    let lines: Vec<Value> = sub["items"]["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|i| {
            json!({"object": "line_item", "amount": i["price"]["unit_amount"].as_i64().unwrap_or(0) * i["quantity"].as_i64().unwrap_or(1),
               "price": i["price"], "quantity": i["quantity"], "period": {"start": from, "end": period_end(from, &price["recurring"])}})
        })
        .collect();
    let mut inv = json!({
        "id": w.token("in_"), "object": "invoice", "subscription": sub["id"], "customer": sub["customer"], "status": "paid", "paid": true,
        "parent": {"type": "subscription_details", "subscription_details": {"subscription": sub["id"], "metadata": sub["metadata"]}},
        "amount_due": amount, "amount_paid": amount, "amount_remaining": 0, "currency": sub["currency"], "billing_reason": reason,
        "period_start": from, "period_end": period_end(from, &price["recurring"]), "created": w.clock.now_secs(), "attempt_count": 1,
        "charge": null, "lines": {"object": "list", "data": lines, "has_more": false}, "livemode": false,
    });
    let card = card_for(app, sub);
    let outcome = match (&card, attempt) {
        _ if amount == 0 => Some(true),
        (Some(pm), true) => Some(!declines(pm)),
        _ => None,
    };
    if outcome != Some(true) {
        inv["status"] = json!("open");
        inv["paid"] = json!(false);
        inv["amount_paid"] = json!(0);
        inv["amount_remaining"] = json!(amount);
        inv["attempt_count"] = json!(i64::from(outcome.is_some()));
    } else if amount > 0 {
        let ch = w.token("ch_");
        inv["charge"] = json!(ch);
        let charge = json!({"id": ch, "amount": amount, "currency": sub["currency"], "customer": sub["customer"], "payment_method": card});
        w.payments.write().expect("payments lock").charge(ch, &charge, w.clock.now_secs());
    }
    w.payments.write().expect("payments lock").invoices.push(inv.clone());
    update(app, sub["id"].as_str().unwrap_or_default(), |s| s["latest_invoice"] = inv["id"].clone());
    match outcome {
        Some(true) => {
            events::emit(app, "invoice.paid", inv.clone());
            events::emit(app, "invoice.payment_succeeded", inv);
        }
        Some(false) => events::emit(app, "invoice.payment_failed", inv),
        None => {}
    }
    outcome == Some(true)
}

/// What the virtual clock has made due for one subscription.
enum Due {
    Renew(Value, i64),
    End(Value),
    Expire(Value),
}

/// Book every renewal, period-end cancellation and lapse the virtual clock has passed.
pub fn catch_up(app: &AppState) {
    let w = app.world();
    let now = w.clock.now_secs();
    loop {
        // One change at a time so the lock is never held across `invoice` or `emit`.
        let due = {
            let mut p = w.payments.write().expect("payments lock");
            p.subscriptions.values_mut().find_map(|s| {
                let end = s["current_period_end"].as_i64().unwrap_or(i64::MAX);
                match s["status"].as_str().unwrap_or_default() {
                    "incomplete" if s["created"].as_i64().is_some_and(|c| c + INCOMPLETE_FOR <= now) => {
                        s["status"] = json!("incomplete_expired");
                        s["ended_at"] = json!(now);
                        Some(Due::Expire(s.clone()))
                    }
                    "active" | "past_due" if end <= now && s["cancel_at_period_end"] == true => {
                        s["status"] = json!("canceled");
                        s["canceled_at"] = json!(end);
                        s["ended_at"] = json!(end);
                        Some(Due::End(s.clone()))
                    }
                    "active" | "past_due" if end <= now => {
                        let next = period_end(end, &s["items"]["data"][0]["price"]["recurring"]);
                        s["current_period_start"] = json!(end);
                        s["current_period_end"] = json!(next);
                        for item in s["items"]["data"].as_array_mut().into_iter().flatten() {
                            item["current_period_start"] = json!(end);
                            item["current_period_end"] = json!(next);
                        }
                        Some(Due::Renew(s.clone(), end))
                    }
                    _ => None,
                }
            })
        };
        match due {
            None => break,
            Some(Due::Expire(sub)) => events::emit(app, "customer.subscription.updated", sub),
            Some(Due::End(sub)) => events::emit(app, "customer.subscription.deleted", sub),
            Some(Due::Renew(sub, from)) => {
                let status = if invoice(app, &sub, from, "subscription_cycle", true) { "active" } else { "past_due" };
                if sub["status"] != status
                    && let Some(changed) = update(app, sub["id"].as_str().unwrap_or_default(), |s| s["status"] = json!(status))
                {
                    events::emit(app, "customer.subscription.updated", changed);
                }
            }
        }
    }
}
