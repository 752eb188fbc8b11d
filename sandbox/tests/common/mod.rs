//! Shared test harness: start the sandbox on port 0 and a webhook receiver.
#![allow(dead_code)]
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;

pub mod oauth;
pub mod shopify;

pub struct Sandbox {
    pub base: String,
    pub http: reqwest::Client,
}

pub async fn start() -> Sandbox {
    start_with(|_| {}).await
}

pub async fn start_with(tweak: impl FnOnce(&mut sandbox::Config)) -> Sandbox {
    let mut config = sandbox::Config { addr: "127.0.0.1:0".parse().unwrap(), webhook_retry_base_ms: 50, fault_timeout_ms: 2_000, ..Default::default() };
    tweak(&mut config);
    let (addr, _handle) = sandbox::spawn(config).await.expect("sandbox starts");
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    Sandbox { base: format!("http://{addr}"), http }
}

impl Sandbox {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }
    pub async fn get_json(&self, path: &str) -> serde_json::Value {
        self.http.get(self.url(path)).send().await.unwrap().json().await.unwrap()
    }
    pub async fn post_json(&self, path: &str, body: serde_json::Value) -> serde_json::Value {
        self.http.post(self.url(path)).json(&body).send().await.unwrap().json().await.unwrap()
    }
}

#[derive(Clone, Debug)]
pub struct Hit {
    pub headers: HeaderMap,
    pub body: Bytes,
}

/// A loopback HTTP receiver that records every POST; the first `fail_first`
/// requests get a 500 so redelivery can be observed.
pub struct Receiver {
    pub addr: SocketAddr,
    pub hits: Arc<Mutex<Vec<Hit>>>,
}

impl Receiver {
    pub async fn start(fail_first: usize) -> Receiver {
        let hits: Arc<Mutex<Vec<Hit>>> = Arc::default();
        let h = hits.clone();
        let app = axum::Router::new().fallback(post(move |headers: HeaderMap, body: Bytes| {
            let h = h.clone();
            async move {
                let mut v = h.lock().unwrap();
                v.push(Hit { headers, body });
                if v.len() <= fail_first { StatusCode::INTERNAL_SERVER_ERROR } else { StatusCode::OK }
            }
        }));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Receiver { addr, hits }
    }
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }
    pub fn hits(&self) -> Vec<Hit> {
        self.hits.lock().unwrap().clone()
    }
    /// Wait (bounded) until at least `n` hits arrived.
    pub async fn wait_for(&self, n: usize) -> Vec<Hit> {
        for _ in 0..100 {
            if self.hits.lock().unwrap().len() >= n {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(30)).await;
        }
        self.hits()
    }
}

pub fn hmac_b64(key: &str, body: &[u8]) -> String {
    use base64::Engine;
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key.as_bytes()).unwrap();
    mac.update(body);
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

pub fn hmac_hex(key: &str, msg: &str) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key.as_bytes()).unwrap();
    mac.update(msg.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Query pairs of a URL (percent-decoded).
pub fn query_pairs(url: &str) -> Vec<(String, String)> {
    let u = reqwest::Url::parse(url).unwrap();
    u.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

pub fn param(url: &str, key: &str) -> Option<String> {
    query_pairs(url).into_iter().find(|(k, _)| k == key).map(|(_, v)| v)
}
