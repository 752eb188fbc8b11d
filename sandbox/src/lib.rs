//! Dropline sandbox: the outside world (store platforms, suppliers, carriers,
//! identity providers) emulated on loopback, speaking the real platforms' HTTP
//! protocols. It is a third party: it shares no code or wire types with the
//! product crates, so the product's connectors are tested against an
//! independent reading of each protocol.
use std::net::SocketAddr;

use axum::Router;

pub mod ai;
pub mod carriers;
pub mod catalogue;
pub mod channel_products;
pub mod channels;
pub mod control;
pub mod faults;
pub mod identity;
pub mod images;
pub mod payments;
pub mod rates;
pub mod shopify;
pub mod state;
pub mod suppliers;
pub mod util;
pub mod video;
pub mod woocommerce;

pub use state::AppState;

/// Credentials the sandbox accepts. They are fixed (not secret) so the product
/// can be configured once; see README.
pub mod creds {
    /// Identity providers (Google/Facebook) check the client secret against this.
    pub const OAUTH_CLIENT_SECRET: &str = "sandbox-client-secret";
    /// Suggested client id for the identity providers (any id is accepted).
    pub const OAUTH_CLIENT_ID: &str = "sandbox-client-id";
    /// Shopify app secret: signs OAuth redirects and webhooks.
    pub const SHOPIFY_APP_SECRET: &str = "sandbox-shopify-secret";
    /// 17TRACK API key (`17token` header).
    pub const TRACK17_TOKEN: &str = "sandbox-17track-token";
    /// currencylayer access key (`access_key` query parameter).
    pub const RATES_ACCESS_KEY: &str = "sandbox-rates-key";
    /// Bearer token of the generic supplier JSON protocol.
    pub const SUPPLIER_TOKEN: &str = "sandbox-supplier-token";
    /// AliExpress open-platform app key / secret.
    pub const ALIEXPRESS_APP_KEY: &str = "sandbox-ae-app-key";
    pub const ALIEXPRESS_APP_SECRET: &str = "sandbox-ae-app-secret";
    /// CJ Dropshipping API key (`authentication/getAccessToken {apiKey}`) and the access token
    /// it yields (`CJ-Access-Token`).
    pub const CJ_API_KEY: &str = "sandbox-cj-api-key";
    pub const CJ_ACCESS_TOKEN: &str = "sandbox-cj-access-token";
    /// eBay application keyset (client-credentials grant) and the application token it yields.
    pub const EBAY_CLIENT_ID: &str = "sandbox-ebay-client-id";
    pub const EBAY_CLIENT_SECRET: &str = "sandbox-ebay-client-secret";
    pub const EBAY_APP_TOKEN: &str = "sandbox-ebay-app-token";
    /// The grant's token when the `buy.guest.order` scope is asked for (alone, or with the public
    /// scope as well): only these reach the Order API.
    pub const EBAY_ORDER_TOKEN: &str = "sandbox-ebay-guest-order-token";
    pub const EBAY_APP_ORDER_TOKEN: &str = "sandbox-ebay-app-order-token";
    /// Payment vendor secret key (`Authorization: Bearer`, or Basic username as Stripe allows).
    pub const PAYMENTS_KEY: &str = "sandbox-payments-key";
    /// The secret of a payment webhook endpoint made "in the vendor's dashboard" (what an
    /// operator copies into the product's settings); endpoints made through the API get a
    /// `whsec_` secret of their own, as Stripe's do.
    pub const PAYMENTS_WEBHOOK_SECRET: &str = "sandbox-payments-webhook-secret";
    /// TikTok Shop app secret (token exchange).
    pub const TIKTOK_APP_SECRET: &str = "sandbox-tiktok-secret";
    /// OpenAI-compatible chat completions (`Authorization: Bearer`).
    pub const OPENAI_API_KEY: &str = "sandbox-openai-key";
}

#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    pub seed: u64,
    /// Base URL used in generated links (images, storefront, webhook sources).
    /// Defaults to `http://{bound addr}`.
    pub public_url: Option<String>,
    /// Webhook redelivery: first backoff, doubled per attempt.
    pub webhook_retry_base_ms: u64,
    /// Total delivery attempts of one webhook (first try included).
    pub webhook_max_attempts: u32,
    /// How long a `timeout_rate` fault stalls before answering 504.
    pub fault_timeout_ms: u64,
    /// Catalogue products per supplier source (7 sources).
    pub products_per_source: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: "127.0.0.1:9090".parse().expect("static addr"),
            seed: 42,
            public_url: None,
            webhook_retry_base_ms: 1000,
            webhook_max_attempts: 4,
            fault_timeout_ms: 30_000,
            products_per_source: 3000,
        }
    }
}

/// The whole sandbox as one router (faults middleware included).
pub async fn app(config: Config) -> Router {
    let state = AppState::new(config);
    router(state)
}

fn router(state: AppState) -> Router {
    Router::new()
        .merge(control::routes())
        .merge(identity::routes())
        .merge(shopify::routes())
        .merge(woocommerce::routes().layer(axum::middleware::from_fn_with_state(state.clone(), woocommerce::oauth::verify)))
        .merge(suppliers::routes())
        .merge(carriers::routes())
        .merge(images::routes())
        .merge(video::routes())
        .merge(payments::routes())
        .merge(rates::routes())
        .merge(ai::routes())
        .merge(channels::routes())
        .layer(axum::middleware::from_fn_with_state(state.clone(), faults::middleware))
        .layer(axum::middleware::from_fn(util::trace_request))
        .with_state(state)
}

/// Bind (port 0 allowed), serve in the background, return the bound address.
pub async fn spawn(mut config: Config) -> anyhow::Result<(SocketAddr, tokio::task::JoinHandle<anyhow::Result<()>>)> {
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let bound = listener.local_addr()?;
    config.addr = bound;
    if config.public_url.is_none() {
        config.public_url = Some(format!("http://{bound}"));
    }
    let app = app(config).await;
    let handle = tokio::spawn(async move {
        axum::serve(listener, app).await?;
        Ok(())
    });
    Ok((bound, handle))
}
