//! Small helpers shared by the emulated platforms (not by the product).
use axum::extract::Request;
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use chrono::{DateTime, TimeZone, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;

pub fn hmac_sha256(key: &[u8], msg: &[u8]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("hmac accepts any key size");
    mac.update(msg);
    mac.finalize().into_bytes().to_vec()
}

pub fn hmac_hex(key: &str, msg: &str) -> String {
    hex::encode(hmac_sha256(key.as_bytes(), msg.as_bytes()))
}

pub fn hmac_b64(key: &str, body: &[u8]) -> String {
    b64(&hmac_sha256(key.as_bytes(), body))
}

pub fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

pub fn b64_decode(s: &str) -> Option<Vec<u8>> {
    base64::engine::general_purpose::STANDARD.decode(s).ok()
}

/// Stable 64-bit mix (splitmix64) so lazily generated things depend only on
/// (seed, key) and not on call order.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// FNV-1a of a string, mixed with a seed.
pub fn hash_str(seed: u64, s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    mix(h ^ mix(seed))
}

pub fn rfc3339(ms: i64) -> String {
    ts(ms).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

pub fn ts(ms: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms).single().unwrap_or_default()
}

pub fn json_error(status: StatusCode, body: serde_json::Value) -> Response {
    (status, axum::Json(body)).into_response()
}

pub fn bearer(headers: &HeaderMap) -> Option<String> {
    let v = headers.get("authorization")?.to_str().ok()?;
    let (scheme, rest) = v.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| rest.trim().to_string())
}

pub fn header(headers: &HeaderMap, name: &str) -> Option<String> {
    headers.get(name)?.to_str().ok().map(|s| s.to_string())
}

/// Percent-encode a query component (RFC 3986 unreserved kept), as OAuth 1.0a and PHP's
/// `rawurlencode` write it.
pub fn enc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Append query pairs to a URL that may already carry a query.
pub fn with_query(url: &str, pairs: &[(&str, String)]) -> String {
    let q: Vec<String> = pairs.iter().map(|(k, v)| format!("{}={}", enc(k), enc(v))).collect();
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}{}", q.join("&"))
}

pub fn money(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, (cents % 100).abs())
}

/// Parses "12.34" into cents.
pub fn parse_money(s: &str) -> Option<i64> {
    let f: f64 = s.trim().parse().ok()?;
    Some((f * 100.0).round() as i64)
}

/// One log line per request; the sandbox is a debugging aid, so it says what it saw.
pub async fn trace_request(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let started = std::time::Instant::now();
    let res = next.run(req).await;
    tracing::debug!(%method, %path, status = res.status().as_u16(), ms = started.elapsed().as_millis() as u64, "request");
    res
}

/// 302 Found, as OAuth providers answer (axum's `Redirect::to` is 303).
pub fn found(url: &str) -> Response {
    (StatusCode::FOUND, [(axum::http::header::LOCATION, url.to_string())]).into_response()
}

/// Body as a JSON object whatever its encoding. Form keys like `metadata[purpose]`
/// become nested objects, the way Stripe reads them.
pub fn body_params(headers: &HeaderMap, body: &axum::body::Bytes) -> serde_json::Value {
    let json_ct = headers.get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("json"));
    if json_ct {
        return serde_json::from_slice(body).unwrap_or_else(|_| serde_json::json!({}));
    }
    let text = String::from_utf8_lossy(body);
    let mut out = serde_json::Map::new();
    let Ok(url) = reqwest::Url::parse(&format!("http://form/?{text}")) else { return serde_json::Value::Object(out) };
    for (k, v) in url.query_pairs() {
        match k.split_once('[') {
            Some((outer, inner)) => {
                let inner = inner.trim_end_matches(']').to_string();
                let slot = out.entry(outer.to_string()).or_insert_with(|| serde_json::json!({}));
                if let Some(m) = slot.as_object_mut() {
                    m.insert(inner, serde_json::json!(v));
                }
            }
            None => {
                out.insert(k.into_owned(), serde_json::json!(v));
            }
        }
    }
    serde_json::Value::Object(out)
}
