//! 17TRACK API v2.2: `register` a tracking number once, then `gettrackinfo` for its status and
//! events. Both take at most 40 numbers per call; the `17token` header authenticates.
use secrecy::ExposeSecret;
use serde_json::{Value, json};
use std::time::Duration;

use crate::config::TrackingSettings;

pub const BATCH: usize = 40;
/// "has been registered, don't need to repeat registration": already followed, which is fine.
const ALREADY_REGISTERED: i64 = -18019901;

#[derive(Debug, thiserror::Error)]
pub enum TrackError {
    #[error("the tracking API could not be reached: {0}")]
    Unavailable(String),
    #[error("the tracking API refused the key")]
    Unauthorized,
}

#[derive(Clone)]
pub struct Track17 {
    http: reqwest::Client,
    base: String,
    token: String,
}

/// One parcel's state as the carrier reports it.
#[derive(Debug, Clone)]
pub struct TrackInfo {
    pub number: String,
    pub status: &'static str,
    pub sub_status: Option<String>,
    pub carrier: Option<String>,
    pub carrier_code: Option<i64>,
    /// Newest first: {time, stage, description, location}.
    pub events: Vec<Value>,
}

/// 17TRACK's main status as Dropline's shipment status (the spec's nine).
pub fn status_of(s: &str) -> &'static str {
    match s {
        "InfoReceived" => "info_received",
        "InTransit" => "in_transit",
        "AvailableForPickup" => "available_for_pickup",
        "OutForDelivery" => "out_for_delivery",
        "Delivered" => "delivered",
        "Expired" => "expired",
        "DeliveryFailure" => "delivery_failure",
        "Exception" => "exception",
        _ => "not_found",
    }
}

impl Track17 {
    pub fn new(s: &TrackingSettings) -> Self {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(s.timeout_secs)).pool_max_idle_per_host(32).build().unwrap_or_default();
        Track17 { http, base: s.api_url.trim_end_matches('/').to_string(), token: s.token.expose_secret().to_string() }
    }

    async fn call(&self, op: &str, numbers: &[String]) -> Result<Value, TrackError> {
        let body: Vec<Value> = numbers.iter().map(|n| json!({ "number": n })).collect();
        let res = self
            .http
            .post(format!("{}/track/v2.2/{op}", self.base))
            .header("17token", &self.token)
            .json(&body)
            .send()
            .await
            .map_err(|e| TrackError::Unavailable(e.to_string()))?;
        match res.status().as_u16() {
            200 => res.json().await.map_err(|e| TrackError::Unavailable(e.to_string())),
            401 => Err(TrackError::Unauthorized),
            s => Err(TrackError::Unavailable(format!("{op} answered {s}"))),
        }
    }

    /// Registers up to 40 numbers; returns those now followed (newly or already) and the refused with their reason.
    pub async fn register(&self, numbers: &[String]) -> Result<(Vec<String>, Vec<(String, String)>), TrackError> {
        let v = self.call("register", numbers).await?;
        let mut ok: Vec<String> = v["data"]["accepted"].as_array().into_iter().flatten().filter_map(|a| a["number"].as_str().map(str::to_string)).collect();
        let mut refused = vec![];
        for r in v["data"]["rejected"].as_array().into_iter().flatten() {
            let number = r["number"].as_str().unwrap_or_default().to_string();
            if r["error"]["code"].as_i64() == Some(ALREADY_REGISTERED) {
                ok.push(number);
            } else {
                refused.push((number, r["error"]["message"].as_str().unwrap_or("refused").to_string()));
            }
        }
        Ok((ok, refused))
    }

    /// The current state of up to 40 registered numbers (unknown numbers are left out).
    pub async fn track(&self, numbers: &[String]) -> Result<Vec<TrackInfo>, TrackError> {
        let v = self.call("gettrackinfo", numbers).await?;
        Ok(v["data"]["accepted"].as_array().into_iter().flatten().map(info).collect())
    }
}

fn info(a: &Value) -> TrackInfo {
    let t = &a["track_info"];
    let provider = &t["tracking"]["providers"][0];
    let events = provider["events"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| json!({ "time": e["time_utc"], "stage": status_of(e["stage"].as_str().unwrap_or_default()), "description": e["description"], "location": e["location"] }))
        .collect();
    TrackInfo {
        number: a["number"].as_str().unwrap_or_default().to_string(),
        status: status_of(t["latest_status"]["status"].as_str().unwrap_or_default()),
        sub_status: t["latest_status"]["sub_status"].as_str().map(str::to_string),
        carrier: provider["provider"]["name"].as_str().map(str::to_string),
        carrier_code: a["carrier"].as_i64(),
        events,
    }
}
