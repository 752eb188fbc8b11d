//! `Application::build` then `run_until_stopped`: one code path for production and tests.
use axum::Router;
use axum::extract::Request;
use axum::http::HeaderName;

use domain::config::Settings;
use domain::crypto::Sealer;
use domain::queue::RedisQueues;
use secrecy::ExposeSecret;
use sqlx::PgPool;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::error::ApiError;

#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub settings: Arc<Settings>,
    /// `None` when Redis could not be reached at start; health then reports it.
    pub queues: Option<RedisQueues>,
    /// Encrypts store tokens and keys at rest.
    pub sealer: Sealer,
    /// Suppliers' product API (detail and import read through it when the cache is stale).
    /// Behind an Arc: every request clones the state, and this holds a dozen settings strings.
    pub suppliers: Arc<domain::connectors::suppliers::Suppliers>,
    /// Recent find-product pages (workplace-independent; imported flags are read per request).
    pub search_cache: Arc<domain::catalogue::SearchCache>,
    /// Order-list pages and counts, kept while exact (`domain::orders::memo`).
    pub order_memo: Arc<domain::orders::memo::OrderMemo>,
    /// Recently checked sessions, for the catalogue's read-only calls (`CatalogueScope`).
    pub scope_cache: Arc<crate::scope_cache::ScopeCache>,
    /// The payment vendor (top-ups, its webhook); one client, and one webhook registration.
    pub payments: Arc<domain::connectors::payments::PaymentVendor>,
    /// The image library's files (`gallery.dir`).
    pub gallery: domain::gallery::Files,
}

#[derive(OpenApi)]
#[openapi(info(title = "Dropline API", description = "Responses use the envelope {status, success, message, data, errors?}; see docs/API.md."))]
struct ApiDoc;

pub struct Application {
    listener: TcpListener,
    router: Router,
}

impl Application {
    /// Connects, migrates and binds; port 0 picks a free port (tests).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        domain::db::create_database_if_missing(&settings.database).await?;
        let pool = domain::db::pool(&settings.database)?;
        domain::db::migrate(&pool).await?;
        Self::with_pool(settings, pool).await
    }

    /// Builds on a migrated pool (the tests' fresh databases).
    pub async fn with_pool(settings: Settings, pool: PgPool) -> anyhow::Result<Self> {
        domain::plans::load(&settings.plans.file).map_err(anyhow::Error::msg)?;
        let queues = match RedisQueues::connect(settings.redis.url.expose_secret(), &settings.redis.namespace).await {
            Result::Ok(q) => Some(q),
            Err(e) => {
                tracing::warn!(error = %e, "Redis unreachable at start");
                None
            }
        };
        let sealer = Sealer::from_base64(&settings.secrets.encryption_key).map_err(anyhow::Error::msg)?;
        let mut settings = settings;
        let addr = format!("{}:{}", settings.application.host, settings.application.port);
        let listener = TcpListener::bind(&addr).await?;
        if settings.application.port == 0 {
            // A free port chosen at bind time (tests): platforms must call back to it.
            settings.application.base_url = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
        }
        let suppliers = Arc::new(domain::connectors::suppliers::Suppliers::new(&settings.suppliers));
        let c = &settings.catalogue;
        let search_cache =
            domain::catalogue::SearchCache::new(std::time::Duration::from_secs(c.search_cache_secs), c.search_cache_entries, c.search_index_products);
        let scope_cache = Arc::new(crate::scope_cache::ScopeCache::new(std::time::Duration::from_secs(settings.auth.scope_cache_secs), 10_000));
        let payments = Arc::new(domain::connectors::payments::PaymentVendor::new(&settings.payments));
        let gallery = domain::gallery::Files::new(&settings.gallery)?;
        let order_memo = domain::orders::memo::OrderMemo::new(pool.clone(), settings.application.order_memo_mb << 20);
        let state = AppState { pool, settings: Arc::new(settings), queues, sealer, suppliers, search_cache, order_memo, scope_cache, payments, gallery };
        Ok(Self { listener, router: router(state) })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let service = self.router.into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, service).with_graceful_shutdown(shutdown_signal()).await
    }
}

/// The OpenAPI document of the production surface (without the development mail outbox): what
/// `api openapi` prints and the web's generated types are made from.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    let mut doc = OpenApiRouter::<AppState>::with_openapi(ApiDoc::openapi()).merge(crate::routes::api(false)).split_for_parts().1;
    crate::openapi::finish(&mut doc);
    doc
}

/// The whole HTTP surface: `/api/...`, `/api/openapi.json`, and the web app for everything else.
pub fn router(state: AppState) -> Router {
    let (api, mut openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi()).merge(crate::routes::api(state.settings.email.dev_outbox_api)).split_for_parts();
    crate::openapi::finish(&mut openapi);
    let openapi_json = axum::Json(openapi);
    let api = api
        .route("/openapi.json", axum::routing::get(move || async move { openapi_json.clone() }))
        // The library's files: loaded by <img> without a token, so outside the documented calls.
        .route("/gallery-files/{workplace}/{name}", axum::routing::get(crate::routes::gallery_file))
        .fallback(|| async { ApiError::RouteNotFound })
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .with_state(state.clone());

    let web = &state.settings.application.web_dir;
    let spa = ServeDir::new(web).fallback(ServeFile::new(web.join("index.html")));
    let request_id = HeaderName::from_static("x-request-id");
    // Called on the host root, not under /api (spec section 7).
    let status = Router::new()
        .route("/status/shopify-service/api/shopify/shop/publications", axum::routing::get(crate::routes::stores::publications))
        .with_state(state.clone());
    Router::new()
        .nest("/api", api)
        .merge(status)
        .fallback_service(spa)
        .layer(TraceLayer::new_for_http().make_span_with(|req: &Request| {
            let id = req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", request_id = %id, method = %req.method(), path = %req.uri().path())
        }))
        .layer(axum::middleware::from_fn_with_state(
            crate::security_headers::SecurityHeaders::embedded_in(
                &state.settings.application.base_url,
                &state.settings.shopify.app_bridge_url,
                state.settings.sandbox_url.as_deref(),
            ),
            crate::security_headers::apply,
        ))
        .layer(axum::middleware::from_fn(crate::request_limits::apply))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Result::Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}

#[cfg(test)]
mod tests {
    /// OpenAPI requires unique operation ids; the web's generated types are keyed by them.
    #[test]
    fn every_operation_has_its_own_id() {
        let doc = serde_json::to_value(super::openapi_document()).unwrap();
        let mut seen = std::collections::BTreeMap::new();
        for (path, methods) in doc["paths"].as_object().unwrap() {
            for (method, op) in methods.as_object().unwrap() {
                if let Some(id) = op["operationId"].as_str()
                    && let Some(first) = seen.insert(id.to_string(), format!("{method} {path}"))
                {
                    panic!("operation id {id} is used by {first} and {method} {path}");
                }
            }
        }
        assert!(seen.len() > 100);
    }
}
