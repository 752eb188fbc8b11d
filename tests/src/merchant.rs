//! The merchant's world, built through the API as the dashboard would: signed up on a product
//! that talks to a sandbox of its own, with stores and sales channels connected, and products
//! pushed to them.
use crate::{Answer, TestApp, no_redirect};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::fmt::Display;

/// Starts a sandbox and the product on it and signs `email` up; answers the app, the
/// sandbox's base address and the user's bearer token.
pub async fn signed_up_on_sandbox(pool: PgPool, email: &str) -> (TestApp, String, String) {
    let (app, sandbox) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up(email).await;
    (app, sandbox, token)
}

/// Plays the merchant: starts the install, approves on Shopify (auto in the sandbox), and
/// posts what Shopify sent back to the dashboard's `/callback`.
pub async fn connect_shopify(app: &TestApp, token: &str, shop: &str) -> Answer {
    let a = app.post("/api/auth/platform/shopify/install", Some(token), json!({ "shop": shop })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let res = no_redirect().get(a.data()["url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 302);
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    assert_eq!(back.path(), "/callback");
    let params: serde_json::Map<String, Value> = back.query_pairs().map(|(k, v)| (k.to_string(), Value::from(v.to_string()))).collect();
    app.post("/api/auth/platform/shopify/callback", Some(token), Value::Object(params)).await
}

/// Links the sandbox WooCommerce store `name` with pasted keys; returns the store's id.
pub async fn connect_woo(app: &TestApp, token: &str, sandbox: &str, name: &str) -> String {
    let keys: Value = app.http.post(format!("{sandbox}/_sandbox/woo/{name}/keys")).json(&json!({})).send().await.unwrap().json().await.unwrap();
    let body = json!({ "shop": format!("{sandbox}/woo/{name}"), "consumer_key": keys["consumer_key"], "consumer_secret": keys["consumer_secret"] });
    let a = app.post("/api/auth/platform/woocommerce/link", Some(token), body).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["store"]["id"].as_str().unwrap().to_string()
}

/// Connects a sales channel (`tiktok`, `facebook`, `google-merchant`) through the API, playing
/// the browser (the sandbox consents at once).
pub async fn connect_channel(app: &TestApp, token: &str, platform: &str) -> Answer {
    let a = app.get(&format!("/api/auth/platform/{platform}/auth"), Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let res = no_redirect().get(a.data()["url"].as_str().unwrap()).send().await.unwrap();
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    let get = |k: &str| back.query_pairs().find(|(n, _)| n == k).map(|(_, v)| v.to_string()).unwrap_or_else(|| panic!("no {k} in {back}"));
    app.post(&format!("/api/auth/platform/{platform}/callback"), Some(token), json!({ "code": get("code"), "state": get("state") })).await
}

/// The import list's "push to stores": `products` to each of `destinations` (store ids or
/// channel names), published. The jobs are only queued; the caller runs them.
pub async fn push_products(app: &TestApp, token: &str, products: &[impl Display], destinations: &[impl Display]) -> Answer {
    let channels: serde_json::Map<String, Value> = destinations.iter().map(|d| (d.to_string(), json!({ "is_publish": true }))).collect();
    let products: Vec<String> = products.iter().map(ToString::to_string).collect();
    app.post("/api/center/products/push-to-multiple-channels", Some(token), json!({ "settings": { "channels": channels }, "product_package_ids": products }))
        .await
}

/// A merchant with a Shopify and a WooCommerce sandbox store connected and set up.
pub struct StoreOwner {
    pub app: TestApp,
    pub sandbox: String,
    pub token: String,
    /// The stores' ids.
    pub shopify: String,
    pub woo: String,
}

/// Starts a sandbox and the product, signs `email` up and connects the shop `shop` and the
/// WooCommerce store `woo`.
pub async fn store_owner(pool: PgPool, email: &str, shop: &str, woo: &str) -> StoreOwner {
    store_owner_of_shop(pool, email, shop, woo, &[]).await
}

/// `store_owner`, with the sandbox shop set up first by its control routes: each
/// `(route, body)` is posted to `/_sandbox/shopify/{shop}/{route}` before the shop connects.
pub async fn store_owner_of_shop(pool: PgPool, email: &str, shop: &str, woo: &str, shop_setup: &[(&str, Value)]) -> StoreOwner {
    store_owner_configured(pool, email, shop, woo, shop_setup, |_| {}).await
}

/// `store_owner_of_shop` on a product whose settings `tweak` changed first.
pub async fn store_owner_configured(
    pool: PgPool,
    email: &str,
    shop: &str,
    woo: &str,
    shop_setup: &[(&str, Value)],
    tweak: impl FnOnce(&mut domain::config::Settings),
) -> StoreOwner {
    let (app, sandbox) = TestApp::on_sandbox_with(pool, tweak).await;
    let token = app.signed_up(email).await;
    for (route, body) in shop_setup {
        let r = app.http.post(format!("{sandbox}/_sandbox/shopify/{shop}/{route}")).json(body).send().await.unwrap();
        assert!(r.status().is_success(), "{route}: {}", r.status());
    }
    let a = connect_shopify(&app, &token, shop).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let shopify = a.data()["store"]["id"].as_str().unwrap().to_string();
    let woo = connect_woo(&app, &token, &sandbox, woo).await;
    app.drain().await;
    StoreOwner { app, sandbox, token, shopify, woo }
}

/// The id of the first workplace of the user signed in with `token`.
pub async fn workplace_of(app: &TestApp, token: &str) -> uuid::Uuid {
    let me = app.get("/api/auth/account", Some(token)).await;
    uuid::Uuid::parse_str(me.data()["workplaces"][0]["id"].as_str().unwrap()).unwrap()
}

impl StoreOwner {
    /// The owner's workplace id.
    pub async fn workplace(&self) -> uuid::Uuid {
        workplace_of(&self.app, &self.token).await
    }

    /// Pushes `products` to `destinations` (see `push_products`), checks the push was accepted
    /// and runs its jobs.
    pub async fn pushed(&self, products: &[impl Display], destinations: &[impl Display]) {
        let a = push_products(&self.app, &self.token, products, destinations).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        self.app.drain().await;
    }

    /// Pushes every product of the import list to `destination` and runs the jobs.
    pub async fn pushed_everything_to(&self, destination: &str) {
        let products: Vec<String> = sqlx::query_scalar("SELECT id::text FROM products").fetch_all(&self.app.pool).await.unwrap();
        self.pushed(&products, &[destination]).await;
    }

    /// The sandbox Shopify shop's products whose handle is `handle` (one, unless a push made a twin).
    pub async fn shopify_products(&self, shop: &str, handle: &str) -> Vec<Value> {
        let state: Value = reqwest::get(format!("{}/_sandbox/shopify/{shop}", self.sandbox)).await.unwrap().json().await.unwrap();
        let products: Vec<Value> = match &state["products"] {
            Value::Object(m) => m.values().cloned().collect(),
            Value::Array(a) => a.clone(),
            _ => vec![],
        };
        products.into_iter().filter(|p| p["handle"] == handle).collect()
    }

    /// The store's key for `product` pushed to `destination` (its Shopify handle, its
    /// WooCommerce SKU), by which a test finds it in the sandbox store.
    pub async fn remote_key(&self, product: impl Display, destination: &str) -> String {
        sqlx::query_scalar("SELECT remote_key FROM push_targets WHERE product_id = $1::uuid AND destination = $2")
            .bind(product.to_string())
            .bind(destination)
            .fetch_one(&self.app.pool)
            .await
            .unwrap()
    }

    /// Checks that the push of `product` (to its one destination) ended in success, showing the
    /// error it ended with otherwise.
    pub async fn assert_pushed(&self, product: &str) {
        let (status, error): (String, Option<String>) =
            sqlx::query_as("SELECT status, error FROM push_targets WHERE product_id = $1::uuid").bind(product).fetch_one(&self.app.pool).await.unwrap();
        assert_eq!(status, "success", "{error:?}");
    }
}
