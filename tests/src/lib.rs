//! `TestApp::spawn(pool)`: the real API on a free port over a fresh database (from
//! `domain::db::TestDatabase`), a Redis namespace of its own, and helpers that speak the envelope.
//! The merchant's world built on it is in `merchant`, direct calls to the sandbox in
//! `sandbox_calls`, the worker as a process in `worker_process`.
pub mod bench;
mod merchant;
mod pictures;
mod s3;
mod sandbox_calls;
pub mod site;
pub mod usage;
mod worker_process;

pub use merchant::{
    StoreOwner, connect_channel, connect_shopify, connect_woo, push_products, signed_up_on_sandbox, store_owner, store_owner_configured, store_owner_of_shop,
    workplace_of,
};
pub use pictures::png_declaring;
pub use s3::S3Server;
pub use sandbox_calls::{in_stock_ids, supplier_product, woo_rest};
pub use worker_process::{production_worker, worker_command};

use domain::config::Settings;
use domain::context::TaskContext;
use domain::queue::{RedisQueues, Runner};
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::sync::Arc;

pub use reqwest::StatusCode;

/// The password `signed_up` gives every account: strong enough for the sign-up rule
/// (`values::Password`), so tests sign in with it.
pub const PASSWORD: &str = "ruby-tulip-harbour";

pub struct TestApp {
    pub base: String,
    pub pool: PgPool,
    pub settings: Settings,
    pub queues: RedisQueues,
    pub http: reqwest::Client,
    pub runner: Arc<Runner<TaskContext>>,
}

/// Starts the sandbox (the emulated outside world) on a free port; returns its base address.
pub async fn start_sandbox() -> String {
    start_sandbox_with(|_| {}).await
}

/// `start_sandbox` with its configuration adjusted (fault timeouts, seed...).
pub async fn start_sandbox_with(tweak: impl FnOnce(&mut sandbox::Config)) -> String {
    let mut config = sandbox::Config { addr: "127.0.0.1:0".parse().unwrap(), ..Default::default() };
    tweak(&mut config);
    let (addr, _) = sandbox::spawn(config).await.expect("sandbox starts");
    format!("http://{addr}")
}

/// Points every outside party (identity, stores, suppliers, channels, payments, carrier) at the
/// sandbox at `base`.
pub fn use_sandbox(settings: &mut Settings, base: &str) {
    settings.use_sandbox(base);
}

/// An HTTP answer: the status and the envelope.
pub struct Answer {
    pub http: StatusCode,
    pub body: Value,
}

impl Answer {
    pub fn code(&self) -> i64 {
        self.body["status"].as_i64().unwrap_or(-1)
    }
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }
}

pub fn test_settings(pool: &PgPool) -> Settings {
    let mut settings = Settings::load_env("test").expect("config/test.toml loads");
    settings.application.port = 0;
    settings.redis.namespace = format!("dropline-test-{}", uuid::Uuid::new_v4());
    // Keep the test's own database; only the URL's database name differs.
    let db = pool.connect_options().get_database().unwrap_or("postgres").to_string();
    let url = settings.database.url.expose_secret().rsplit_once('/').map(|(b, _)| format!("{b}/{db}")).unwrap();
    settings.database.url = SecretString::from(url);
    // Each test's image library in a folder of its own.
    settings.gallery.dir = std::env::temp_dir().join(format!("dropline-gallery-{}", uuid::Uuid::new_v4()));
    settings
}

impl TestApp {
    pub async fn spawn(pool: PgPool) -> TestApp {
        Self::spawn_with(pool, |_| {}).await
    }

    /// Like `spawn`, with settings changed first (e.g. pointed at a sandbox on a free port).
    pub async fn spawn_with(pool: PgPool, tweak: impl FnOnce(&mut Settings)) -> TestApp {
        domain::telemetry::init("warn");
        let mut settings = test_settings(&pool);
        tweak(&mut settings);
        let app = api::Application::with_pool(settings.clone(), pool.clone()).await.expect("api builds");
        let base = format!("http://127.0.0.1:{}", app.port());
        settings.application.base_url = base.clone();
        tokio::spawn(app.run_until_stopped());
        let queues = RedisQueues::connect(settings.redis.url.expose_secret(), &settings.redis.namespace).await.expect("redis");
        let runner = domain::tasks::runner(pool.clone(), Arc::new(settings.clone())).expect("the job runner builds");
        TestApp { base, pool, settings, queues, http: reqwest::Client::new(), runner }
    }

    /// `spawn_with` on a sandbox of its own (started on a free port, every outside party pointed
    /// at it); answers the app and the sandbox's base address.
    pub async fn on_sandbox_with(pool: PgPool, tweak: impl FnOnce(&mut Settings)) -> (TestApp, String) {
        let sandbox = start_sandbox().await;
        let app = Self::spawn_with(pool, |s| {
            use_sandbox(s, &sandbox);
            tweak(s);
        })
        .await;
        (app, sandbox)
    }

    /// `on_sandbox_with` with the test settings unchanged.
    pub async fn on_sandbox(pool: PgPool) -> (TestApp, String) {
        Self::on_sandbox_with(pool, |_| {}).await
    }

    /// The one number `sql` answers (a count, a sum), for checks on what the product stored.
    pub async fn count(&self, sql: &str) -> i64 {
        sqlx::query_scalar(sql).fetch_one(&self.pool).await.unwrap()
    }

    /// Runs every due job in this process, as a worker would (no Redis, no race).
    pub async fn drain(&self) -> usize {
        self.runner.drain().await.expect("jobs run")
    }

    pub async fn call(&self, method: &str, path: &str, token: Option<&str>, workplace: Option<&str>, body: Option<Value>) -> Answer {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut req = self.http.request(method, format!("{}{}", self.base, path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(w) = workplace {
            req = req.header("workplace-id", w);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.expect("request sent");
        let http = res.status();
        let text = res.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({http}): {text}"));
        Answer { http, body }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        self.call("GET", path, token, None, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.call("POST", path, token, None, Some(body)).await
    }

    /// Posts `bytes` as the multipart form field `field` with its file name and type (built by
    /// hand: the test client has no multipart feature).
    /// A multipart upload of one file, as a browser's form sends it.
    pub async fn post_file(&self, path: &str, token: &str, field: &str, filename: &str, content_type: &str, bytes: &[u8]) -> Answer {
        let head = format!("Content-Disposition: form-data; name=\"{field}\"; filename=\"{filename}\"\r\nContent-Type: {content_type}");
        self.post_part(path, token, &head, bytes).await
    }

    /// A multipart form of one plain field (no file name).
    pub async fn post_field(&self, path: &str, token: &str, field: &str, value: &str) -> Answer {
        self.post_part(path, token, &format!("Content-Disposition: form-data; name=\"{field}\""), value.as_bytes()).await
    }

    async fn post_part(&self, path: &str, token: &str, head: &str, bytes: &[u8]) -> Answer {
        let boundary = "dropline-test-boundary-7d3f";
        let mut body = format!("--{boundary}\r\n{head}\r\n\r\n").into_bytes();
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let res = self
            .http
            .post(format!("{}{path}", self.base))
            .bearer_auth(token)
            .header("content-type", format!("multipart/form-data; boundary={boundary}"))
            .body(body)
            .send()
            .await
            .unwrap();
        let http = res.status();
        Answer { http, body: res.json().await.unwrap() }
    }

    pub async fn raw_post(&self, path: &str, body: &'static str) -> Answer {
        let res = self.http.post(format!("{}{}", self.base, path)).header("content-type", "application/json").body(body).send().await.unwrap();
        let http = res.status();
        Answer { http, body: res.json().await.unwrap() }
    }

    /// The newest emailed link for `email`, as a path.
    pub async fn last_link(&self, email: &str) -> String {
        let a = self.get(&format!("/api/dev/outbox?to={email}"), None).await;
        a.data()["items"][0]["link"].as_str().expect("an email with a link").to_string()
    }

    /// Registers and verifies `email` through the API; returns the bearer token.
    pub async fn signed_up(&self, email: &str) -> String {
        let a = self.post("/api/auth/register", None, json!({"email": email, "password": PASSWORD, "first_name": "Test"})).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        let link = self.last_link(email).await;
        let query = link.split_once('?').unwrap().1;
        let (id, code) = query.split_once('&').unwrap();
        let (id, code) = (id.trim_start_matches("id="), code.trim_start_matches("code="));
        let a = self.get(&format!("/api/auth/verify-email/{id}/{code}/"), None).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        a.data()["token"].as_str().unwrap().to_string()
    }
}

/// Checks `check` until it gives `Some`, every 200 ms for at most `bound`; panics naming `what`
/// with the last value seen otherwise. For conditions that depend on time or load: a test waits
/// for what it needs, never for a fixed delay or a single pass.
pub async fn eventually<T, L: std::fmt::Debug, F, Fut>(what: &str, bound: std::time::Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, L>>,
{
    let started = std::time::Instant::now();
    loop {
        match check().await {
            Ok(v) => return v,
            Err(last) if started.elapsed() >= bound => panic!("{what}: not within {bound:?}; last seen: {last:?}"),
            Err(_) => tokio::time::sleep(std::time::Duration::from_millis(200)).await,
        }
    }
}

/// A client that shows redirects instead of following them.
pub fn no_redirect() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}
