//! The payment vendor's billing calls (Stripe's Prices, Checkout in subscription and payment
//! mode with a Price, Subscriptions): plans and extra quota are Prices found again by their
//! `lookup_key`, so each is made once at the vendor and never sent as a bare amount.
use serde_json::Value;

use super::payments::{CheckoutSession, PaymentVendor, VendorError};

/// A Price to find or make: `lookup_key` names it for good (it holds the amount and interval,
/// so a changed price is a new Price, as the vendor requires).
pub struct PriceSpec<'a> {
    pub lookup_key: &'a str,
    pub product_name: &'a str,
    pub unit_amount: i64,
    pub currency: &'a str,
    /// `month` or `year` for a plan; `None` for a one-off.
    pub interval: Option<&'a str>,
}

/// A Checkout Session charging one Price.
pub struct PriceCheckout<'a> {
    pub customer: &'a str,
    pub price: &'a str,
    pub quantity: i64,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
    pub metadata: &'a [(&'a str, &'a str)],
}

fn meta<'a>(prefix: &str, metadata: &'a [(&'a str, &'a str)]) -> Vec<(String, String)> {
    metadata.iter().map(|(k, v)| (format!("{prefix}[{k}]"), v.to_string())).collect()
}

fn session(v: Value) -> Result<CheckoutSession, VendorError> {
    serde_json::from_value(v).map_err(|e| VendorError::Unavailable(format!("unexpected checkout session: {e}")))
}

impl PaymentVendor {
    async fn price_by_lookup_key(&self, key: &str) -> Result<Option<String>, VendorError> {
        let q = url::form_urlencoded::Serializer::new(String::new()).append_pair("lookup_keys[]", key).append_pair("active", "true").finish();
        let v = self.get(&format!("/v1/prices?{q}")).await?;
        Ok(v["data"].as_array().and_then(|l| l.first()).and_then(|p| p["id"].as_str()).map(str::to_string))
    }

    /// The Price's id: the one listed under its lookup key, else a new one. Two first uses at
    /// once: the second creation is refused (the key is taken) and the first's Price is found.
    pub async fn price(&self, spec: &PriceSpec<'_>) -> Result<String, VendorError> {
        if let Some(id) = self.price_by_lookup_key(spec.lookup_key).await? {
            return Ok(id);
        }
        let mut form = vec![
            ("currency", spec.currency.to_string()),
            ("unit_amount", spec.unit_amount.to_string()),
            ("product_data[name]", spec.product_name.to_string()),
            ("lookup_key", spec.lookup_key.to_string()),
        ];
        if let Some(i) = spec.interval {
            form.push(("recurring[interval]", i.to_string()));
        }
        match self.post("/v1/prices", &form, None).await {
            Ok(v) => v["id"].as_str().map(str::to_string).ok_or_else(|| VendorError::Unavailable("a price without an id".into())),
            Err(VendorError::Refused(m)) => self.price_by_lookup_key(spec.lookup_key).await?.ok_or(VendorError::Refused(m)),
            Err(e) => Err(e),
        }
    }

    /// Checkout in subscription mode: the customer pays the first period and the subscription
    /// carries `metadata` (so its events name the workplace).
    pub async fn create_subscription_checkout(&self, c: &PriceCheckout<'_>) -> Result<CheckoutSession, VendorError> {
        self.price_checkout("subscription", c).await
    }

    /// Checkout in payment mode for `quantity` of a one-off Price.
    pub async fn create_price_checkout(&self, c: &PriceCheckout<'_>) -> Result<CheckoutSession, VendorError> {
        self.price_checkout("payment", c).await
    }

    async fn price_checkout(&self, mode: &str, c: &PriceCheckout<'_>) -> Result<CheckoutSession, VendorError> {
        let mut form: Vec<(String, String)> = vec![
            ("mode".into(), mode.into()),
            ("customer".into(), c.customer.into()),
            ("line_items[0][price]".into(), c.price.into()),
            ("line_items[0][quantity]".into(), c.quantity.to_string()),
            ("success_url".into(), c.success_url.into()),
            ("cancel_url".into(), c.cancel_url.into()),
        ];
        form.extend(meta("metadata", c.metadata));
        if mode == "subscription" {
            // Stripe copies nothing from the session onto the subscription it makes.
            form.extend(meta("subscription_data[metadata]", c.metadata));
        }
        let form: Vec<(&str, String)> = form.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        session(self.post("/v1/checkout/sessions", &form, None).await?)
    }

    pub async fn retrieve_subscription(&self, id: &str) -> Result<Value, VendorError> {
        self.get(&format!("/v1/subscriptions/{id}")).await
    }

    /// Changes a subscription (`cancel_at_period_end`, `default_payment_method`, `metadata[...]`).
    pub async fn update_subscription(&self, id: &str, form: &[(&str, String)]) -> Result<Value, VendorError> {
        self.post(&format!("/v1/subscriptions/{id}"), form, None).await
    }

    /// A subscription for a customer whose card is saved, charged at once (the lower plan a
    /// downgrade moves to when the paid period ends).
    pub async fn create_subscription(&self, customer: &str, price: &str, card: Option<&str>, metadata: &[(&str, &str)]) -> Result<Value, VendorError> {
        let mut form: Vec<(String, String)> = vec![("customer".into(), customer.into()), ("items[0][price]".into(), price.into())];
        if let Some(pm) = card {
            form.push(("default_payment_method".into(), pm.into()));
        }
        form.extend(meta("metadata", metadata));
        let form: Vec<(&str, String)> = form.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        self.post("/v1/subscriptions", &form, None).await
    }

    /// Ends a subscription now (a disputed payment ends paid access).
    pub async fn cancel_subscription_now(&self, id: &str) -> Result<Value, VendorError> {
        self.delete(&format!("/v1/subscriptions/{id}")).await
    }

    /// The payment method a completed SetupIntent saved.
    pub async fn setup_payment_method(&self, setup_intent: &str) -> Result<String, VendorError> {
        let si = self.get(&format!("/v1/setup_intents/{setup_intent}")).await?;
        si["payment_method"]
            .as_str()
            .filter(|_| si["status"] == "succeeded")
            .map(str::to_string)
            .ok_or_else(|| VendorError::Refused(format!("setup intent {setup_intent} saved no card")))
    }
}
