//! The payment vendor (a Stripe-style API): hosted Checkout Sessions for wallet top-ups,
//! PaymentIntents confirmed at once with a saved card, webhook endpoint registration, and the
//! `Stripe-Signature` check of its webhooks. Bodies are form-encoded, as Stripe's clients send
//! them; amounts are integer cents. Callers see `VendorError`, never HTTP.
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde_json::Value;
use sha2::Sha256;
use std::time::Duration;

use crate::config::PaymentVendorSettings;

#[derive(Debug, thiserror::Error)]
pub enum VendorError {
    /// The card was refused (402 `card_error`): the customer's problem, not a retry.
    #[error("card declined: {0}")]
    Declined(String),
    /// The vendor refused the request (4xx): a bug or bad configuration.
    #[error("the payment vendor refused the request: {0}")]
    Refused(String),
    /// Unreachable or 5xx: worth retrying with the same idempotency key.
    #[error("the payment vendor could not be reached: {0}")]
    Unavailable(String),
}

#[derive(Debug, Clone, Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    pub url: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PaymentIntent {
    pub id: String,
    pub status: String,
    pub amount: i64,
}

/// A hosted checkout for a one-off payment.
pub struct CheckoutRequest<'a> {
    /// What the customer sees they pay for, on the vendor's page.
    pub item: &'a str,
    pub amount_cents: i64,
    pub currency: &'a str,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
    pub client_reference_id: &'a str,
    pub metadata: &'a [(&'a str, &'a str)],
}

#[derive(Clone)]
pub struct PaymentVendor {
    http: reqwest::Client,
    api_url: String,
    secret_key: SecretString,
    webhook_secret: SecretString,
    /// The live key set (secret key, webhook secret), when configured.
    live: Option<(SecretString, SecretString)>,
    livemode: bool,
    tolerance_secs: i64,
    register_webhook: bool,
}

/// The events Dropline's endpoint receives: completed and expired checkouts (top-ups, card
/// setups, plans, extra quota), the plan subscriptions' changes and invoices, refunds and
/// disputes.
const WEBHOOK_EVENTS: [&str; 10] = [
    "checkout.session.completed",
    "checkout.session.expired",
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
    "invoice.paid",
    "invoice.payment_failed",
    "charge.refunded",
    "charge.dispute.created",
    "charge.dispute.closed",
];

type HmacSha256 = Hmac<Sha256>;

/// The vendor's answer, or its error envelope as a `VendorError`: a card error declines, a 429
/// or 5xx is an outage, anything else a refusal.
async fn answer(sent: reqwest::Result<reqwest::Response>) -> Result<Value, VendorError> {
    let res = sent.map_err(|e| VendorError::Unavailable(e.to_string()))?;
    let status = res.status();
    let v: Value = res.json().await.map_err(|e| VendorError::Unavailable(format!("{status}: {e}")))?;
    if status.is_success() {
        return Ok(v);
    }
    let err = &v["error"];
    let message = err["message"].as_str().unwrap_or("no message").to_string();
    match status.as_u16() {
        402 if err["type"] == "card_error" => Err(VendorError::Declined(err["code"].as_str().unwrap_or("card_declined").to_string())),
        429 | 500.. => Err(VendorError::Unavailable(format!("{status}: {message}"))),
        _ => Err(VendorError::Refused(format!("{status}: {message}"))),
    }
}

impl PaymentVendor {
    pub fn new(s: &PaymentVendorSettings) -> Self {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(s.timeout_secs)).build().unwrap_or_default();
        PaymentVendor {
            http,
            api_url: s.api_url.trim_end_matches('/').to_string(),
            secret_key: s.secret_key.clone(),
            webhook_secret: s.webhook_secret.clone(),
            live: s.live_secret_key.clone().zip(s.live_webhook_secret.clone()),
            livemode: false,
            tolerance_secs: s.signature_tolerance_secs,
            register_webhook: s.register_webhook,
        }
    }

    pub(crate) async fn post(&self, path: &str, form: &[(&str, String)], idempotency_key: Option<&str>) -> Result<Value, VendorError> {
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(form.iter().map(|(k, v)| (*k, v.as_str()))).finish();
        let mut req = self
            .http
            .post(format!("{}{path}", self.api_url))
            .bearer_auth(self.secret_key.expose_secret())
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body);
        if let Some(key) = idempotency_key {
            req = req.header("Idempotency-Key", key);
        }
        answer(req.send().await).await
    }

    pub(crate) async fn get(&self, path: &str) -> Result<Value, VendorError> {
        answer(self.http.get(format!("{}{path}", self.api_url)).bearer_auth(self.secret_key.expose_secret()).send().await).await
    }

    pub(crate) async fn delete(&self, path: &str) -> Result<Value, VendorError> {
        answer(self.http.delete(format!("{}{path}", self.api_url)).bearer_auth(self.secret_key.expose_secret()).send().await).await
    }

    /// A vendor customer for the workplace: a saved card belongs to one and is charged with it.
    pub async fn create_customer(&self, workplace_id: &str) -> Result<String, VendorError> {
        let v = self.post("/v1/customers", &[("metadata[workplace_id]", workplace_id.to_string())], None).await?;
        v["id"].as_str().map(str::to_string).ok_or_else(|| VendorError::Unavailable("customer without an id".into()))
    }

    /// Checkout in setup mode: the customer types a card on the vendor's page, which saves it.
    pub async fn create_setup_session(
        &self,
        customer: &str,
        success_url: &str,
        cancel_url: &str,
        metadata: &[(&str, &str)],
    ) -> Result<CheckoutSession, VendorError> {
        let mut form = vec![
            ("mode", "setup".to_string()),
            ("customer", customer.to_string()),
            ("payment_method_types[]", "card".to_string()),
            ("success_url", success_url.to_string()),
            ("cancel_url", cancel_url.to_string()),
        ];
        let keys: Vec<String> = metadata.iter().map(|(k, _)| format!("metadata[{k}]")).collect();
        form.extend(keys.iter().zip(metadata).map(|(k, (_, v))| (k.as_str(), v.to_string())));
        let v = self.post("/v1/checkout/sessions", &form, None).await?;
        serde_json::from_value(v).map_err(|e| VendorError::Unavailable(format!("unexpected checkout session: {e}")))
    }

    /// The card a completed SetupIntent saved, and how to show it ("Visa •••• 4242").
    pub async fn saved_card(&self, setup_intent: &str) -> Result<(String, String), VendorError> {
        let si = self.get(&format!("/v1/setup_intents/{setup_intent}")).await?;
        let pm = si["payment_method"].as_str().filter(|_| si["status"] == "succeeded");
        let pm = pm.ok_or_else(|| VendorError::Refused(format!("setup intent {setup_intent} saved no card")))?;
        let method = self.get(&format!("/v1/payment_methods/{pm}")).await?;
        let brand = method["card"]["brand"].as_str().unwrap_or("card");
        let mut label: Vec<char> = brand.chars().collect();
        if let Some(first) = label.first_mut() {
            *first = first.to_ascii_uppercase();
        }
        let label = format!("{} •••• {}", label.into_iter().collect::<String>(), method["card"]["last4"].as_str().unwrap_or("????"));
        Ok((pm.to_string(), label))
    }

    /// The vendor with the live key set (`live`, when one is configured) or the test set: an
    /// owner's payment mode decides which one their money goes through. Without a live set
    /// (development, tests) both modes use the test keys.
    pub fn for_mode(&self, live: bool) -> PaymentVendor {
        let mut v = self.clone();
        if let (true, Some((key, secret))) = (live, &self.live) {
            v.secret_key = key.clone();
            v.webhook_secret = secret.clone();
            v.livemode = true;
        }
        v
    }

    /// Whether this vendor uses the live key set.
    pub fn is_live(&self) -> bool {
        self.livemode
    }

    /// Whether Dropline registers its webhook endpoint itself (development and tests), rather
    /// than an operator making it in the vendor's dashboard.
    pub fn registers_webhook(&self) -> bool {
        self.register_webhook
    }

    /// Registers `url` for the events Dropline handles; answers the endpoint's id and the signing
    /// secret the vendor shows only now (`whsec_…`), one per endpoint.
    pub async fn create_webhook_endpoint(&self, url: &str) -> Result<(String, SecretString), VendorError> {
        let mut form = vec![("url", url.to_string())];
        form.extend(WEBHOOK_EVENTS.iter().map(|e| ("enabled_events[]", e.to_string())));
        let v = self.post("/v1/webhook_endpoints", &form, None).await?;
        match (v["id"].as_str(), v["secret"].as_str()) {
            (Some(id), Some(secret)) if !secret.is_empty() => Ok((id.to_string(), SecretString::from(secret.to_string()))),
            _ => Err(VendorError::Unavailable("the webhook endpoint came back without its id or secret".into())),
        }
    }

    /// The events Dropline handles, as one comparable value.
    pub fn webhook_events() -> String {
        WEBHOOK_EVENTS.join(",")
    }

    /// Points an endpoint registered earlier at the events Dropline handles today.
    pub async fn update_webhook_endpoint(&self, id: &str) -> Result<(), VendorError> {
        let form: Vec<(&str, String)> = WEBHOOK_EVENTS.iter().map(|e| ("enabled_events[]", e.to_string())).collect();
        self.post(&format!("/v1/webhook_endpoints/{id}"), &form, None).await.map(|_| ())
    }

    /// A Checkout Session in payment mode; the customer pays on the returned `url`.
    pub async fn create_checkout_session(&self, r: &CheckoutRequest<'_>) -> Result<CheckoutSession, VendorError> {
        // One line item priced inline (`price_data`): Stripe has no amount on a session.
        let mut form = vec![
            ("mode", "payment".to_string()),
            ("line_items[0][price_data][currency]", r.currency.to_lowercase()),
            ("line_items[0][price_data][unit_amount]", r.amount_cents.to_string()),
            ("line_items[0][price_data][product_data][name]", r.item.to_string()),
            ("line_items[0][quantity]", "1".to_string()),
            ("success_url", r.success_url.to_string()),
            ("cancel_url", r.cancel_url.to_string()),
            ("client_reference_id", r.client_reference_id.to_string()),
        ];
        let keys: Vec<String> = r.metadata.iter().map(|(k, _)| format!("metadata[{k}]")).collect();
        form.extend(keys.iter().zip(r.metadata).map(|(k, (_, v))| (k.as_str(), v.to_string())));
        let v = self.post("/v1/checkout/sessions", &form, None).await?;
        serde_json::from_value(v).map_err(|e| VendorError::Unavailable(format!("unexpected checkout session: {e}")))
    }

    /// Creates and confirms a PaymentIntent with a saved payment method. The same
    /// `idempotency_key` replays the first answer, so a retry after a crash never charges twice.
    pub async fn charge_card(
        &self,
        amount_cents: i64,
        currency: &str,
        payment_method: &str,
        customer: Option<&str>,
        idempotency_key: &str,
        metadata: &[(&str, &str)],
    ) -> Result<PaymentIntent, VendorError> {
        let mut form = vec![
            ("amount", amount_cents.to_string()),
            ("currency", currency.to_string()),
            ("payment_method", payment_method.to_string()),
            ("confirm", "true".to_string()),
            ("off_session", "true".to_string()),
        ];
        // A card saved on the vendor's page belongs to a customer and is charged with it.
        if let Some(c) = customer {
            form.push(("customer", c.to_string()));
        }
        let keys: Vec<String> = metadata.iter().map(|(k, _)| format!("metadata[{k}]")).collect();
        form.extend(keys.iter().zip(metadata).map(|(k, (_, v))| (k.as_str(), v.to_string())));
        let v = self.post("/v1/payment_intents", &form, Some(idempotency_key)).await?;
        let pi: PaymentIntent = serde_json::from_value(v).map_err(|e| VendorError::Unavailable(format!("unexpected payment intent: {e}")))?;
        match pi.status.as_str() {
            "succeeded" => Ok(pi),
            other => Err(VendorError::Declined(format!("payment intent {} is {other}", pi.id))),
        }
    }

    /// Checks `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256("<t>.<body>")>` against the
    /// webhook secret of either key set (any `v1` may match, as during a secret rotation), and that `t` is within
    /// the tolerance of `now`, so a captured delivery cannot be replayed later.
    pub fn verify_signature(&self, header: &str, body: &[u8], now: i64) -> bool {
        self.verify_signature_with(&self.webhook_secret, header, body, now)
            || self.live.as_ref().is_some_and(|(_, secret)| self.verify_signature_with(secret, header, body, now))
    }

    /// `verify_signature` with another endpoint's secret.
    pub fn verify_signature_with(&self, secret: &SecretString, header: &str, body: &[u8], now: i64) -> bool {
        verify(secret.expose_secret().as_bytes(), header, body, now, self.tolerance_secs)
    }
}

fn verify(secret: &[u8], header: &str, body: &[u8], now: i64, tolerance: i64) -> bool {
    // An empty secret proves nothing: anyone can sign with it.
    if secret.is_empty() {
        return false;
    }
    let mut t = None;
    let mut sigs = vec![];
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", v)) => t = v.parse::<i64>().ok(),
            Some(("v1", v)) => sigs.extend(hex::decode(v).ok()),
            _ => {}
        }
    }
    let Some(t) = t else { return false };
    if (now - t).abs() > tolerance {
        return false;
    }
    sigs.iter().any(|sig| {
        let Ok(mut mac) = HmacSha256::new_from_slice(secret) else { return false };
        mac.update(t.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        // verify_slice compares in constant time.
        mac.verify_slice(sig).is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign(secret: &[u8], t: i64, body: &str) -> String {
        let mut mac = HmacSha256::new_from_slice(secret).unwrap();
        mac.update(format!("{t}.{body}").as_bytes());
        format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
    }

    #[test]
    fn signatures_are_checked_over_the_timestamp_and_body() {
        let body = r#"{"id":"evt_1"}"#;
        let good = sign(b"s3cret", 1000, body);
        assert!(verify(b"s3cret", &good, body.as_bytes(), 1010, 300));
        assert!(!verify(b"other", &good, body.as_bytes(), 1010, 300), "wrong secret");
        assert!(!verify(b"s3cret", &good, br#"{"id":"evt_2"}"#, 1010, 300), "body changed");
        assert!(!verify(b"s3cret", &good, body.as_bytes(), 2000, 300), "too old");
        assert!(!verify(b"s3cret", "v1=00", body.as_bytes(), 1010, 300), "no timestamp");
        let rotated = good.replace("t=1000,", "t=1000,v1=deadbeef,");
        assert!(verify(b"s3cret", &rotated, body.as_bytes(), 1010, 300), "one of several v1 matches");
        assert!(!verify(b"", &sign(b"", 1000, body), body.as_bytes(), 1010, 300), "an empty secret proves nothing");
    }
}
