//! Listings pushed to the sandbox's TikTok Shop, Meta catalog and Google Merchant Center over
//! their real protocols: connected through the API as a seller would, then `upsert` twice
//! (a retried job) leaves one product, and a price change updates it in place.
use domain::channels::{Channel, credentials};
use domain::connectors::channels::{ChannelAccount, upsert};
use domain::push::listing::{Listing, ListingVariant, PushError};
use dropline_tests::{TestApp, signed_up_on_sandbox};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

/// A connected seller: the app, the sandbox address and the workplace.
struct Seller {
    app: TestApp,
    sandbox: String,
    token: String,
    workplace: Uuid,
}

async fn seller(pool: PgPool) -> Seller {
    let (app, sandbox, token) = signed_up_on_sandbox(pool, "seller@example.com").await;
    let me = app.get("/api/auth/account", Some(&token)).await;
    let workplace = Uuid::parse_str(me.data()["workplaces"][0]["id"].as_str().unwrap()).unwrap();
    Seller { app, sandbox, token, workplace }
}

/// Connects the channel through the API, playing the browser (the sandbox auto-consents).
async fn connect(s: &Seller, platform: &str) -> Value {
    let a = s.app.get(&format!("/api/auth/platform/{platform}/auth"), Some(&s.token)).await;
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let res = no_redirect.get(a.data()["url"].as_str().unwrap()).send().await.unwrap();
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    let get = |k: &str| back.query_pairs().find(|(n, _)| n == k).map(|(_, v)| v.to_string()).unwrap();
    let a = s.app.post(&format!("/api/auth/platform/{platform}/callback"), Some(&s.token), json!({"code": get("code"), "state": get("state")})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["channel"].clone()
}

/// The channel's token and account, as the push job will read them.
async fn account(s: &Seller, channel: Channel) -> (String, ChannelAccount) {
    let sealer = domain::crypto::Sealer::from_base64(&s.app.settings.secrets.encryption_key).unwrap();
    let creds = credentials(&s.app.pool, &sealer, s.workplace, channel).await.unwrap().expect("connected");
    let (account_id, sub_account_id): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT account_id, sub_account_id FROM channel_connections WHERE workplace_id = $1 AND channel = $2")
            .bind(s.workplace)
            .bind(channel.key())
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    let mut acc = ChannelAccount { account_id, sub_account_id, product_url: Some("https://shop.example/products/{key}".into()), ..Default::default() };
    if channel == Channel::Tiktok {
        // TikTok's shop is its own: the cipher is only for cross-border shops.
        acc.sub_account_id = None;
        let settings = s.app.get("/api/center/products/setting/get", Some(&s.token)).await;
        acc = acc.with_tiktok_settings(&settings.data()["channels"]["tiktok"]);
    }
    (creds.access_token, acc)
}

fn listing(price_cents: i64, colors: &[&str]) -> Listing {
    Listing {
        key: "led-desk-lamp-dl0123456789ab".into(),
        title: "LED Desk Lamp".into(),
        description_html: "<p>Warm light, <b>USB</b> powered.</p>".into(),
        tags: vec![],
        collections: vec![],
        product_type: "Lighting".into(),
        vendor: "Lumo".into(),
        options: vec!["Color".into()],
        images: vec!["https://img.example/lamp-1.jpg".into(), "https://img.example/lamp-2.jpg".into()],
        video: None,
        variants: colors
            .iter()
            .enumerate()
            .map(|(i, c)| ListingVariant {
                sku: format!("DL-{i:032x}"),
                option_values: vec![c.to_string()],
                price_cents: price_cents + i as i64,
                compare_at_cents: None,
                stock: 7,
                image: None,
            })
            .collect(),
        publish: true,
        currency: "USD".into(),
    }
}

/// What the sandbox holds for the account: `/_sandbox/channels/{channel}/{account}`.
async fn items(s: &Seller, platform: &str, account: &str) -> Vec<Value> {
    let url = format!("{}/_sandbox/channels/{platform}/{account}", s.sandbox);
    let v: Value = reqwest::get(url).await.unwrap().json().await.unwrap();
    v["items"].as_array().unwrap().clone()
}

async fn fault(s: &Seller, rule: Value) {
    let r = reqwest::Client::new().post(format!("{}/_sandbox/faults", s.sandbox)).json(&rule).send().await.unwrap();
    assert!(r.status().is_success());
}

/// Throttling, outages and a dead token reach the caller as the push errors it acts on.
async fn failures_map(s: &Seller, channel: Channel, platform: &str, token: &str, acc: &ChannelAccount) {
    let settings = &s.app.settings.channels;
    let l = listing(1299, &["Black"]);
    let bogus = upsert(settings, channel, "bogus", acc, &l, None).await;
    assert!(matches!(bogus, Err(PushError::Revoked(_))), "{platform}: {bogus:?}");
    fault(s, json!({"platform": platform, "burst_429": 1})).await;
    let r = upsert(settings, channel, token, acc, &l, None).await;
    assert_eq!(r, Err(PushError::Throttled(std::time::Duration::from_secs(1))), "{platform}");
    fault(s, json!({"platform": platform, "error_rate": 1.0})).await;
    let r = upsert(settings, channel, token, acc, &l, None).await;
    assert!(matches!(r, Err(PushError::Unavailable(_))), "{platform}: {r:?}");
    reqwest::Client::new().delete(format!("{}/_sandbox/faults", s.sandbox)).send().await.unwrap();
}

#[tokio::test]
async fn tiktok_push_twice_lists_one_product_and_edits_it() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = seller(pool).await;
    connect(&s, "tiktok").await;
    let (token, acc) = account(&s, Channel::Tiktok).await;
    let settings = &s.app.settings.channels;
    let shop = acc.account_id.clone().unwrap();
    let l = listing(1299, &["Black", "White"]);

    // A retried job (no id recorded) finds the product by its seller SKUs.
    let first = upsert(settings, Channel::Tiktok, &token, &acc, &l, None).await.unwrap();
    let again = upsert(settings, Channel::Tiktok, &token, &acc, &l, None).await.unwrap();
    assert_eq!(first, again);
    let list = items(&s, "tiktok", &shop).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!((list[0]["category_id"].clone(), list[0]["skus"][0]["price"]["amount"].clone()), (json!("601152"), json!("12.99")));
    assert_eq!(list[0]["skus"][0]["inventory"][0]["warehouse_id"], acc.warehouse_id.clone().unwrap().as_str());

    let cheaper = listing(999, &["Black", "White"]);
    assert_eq!(upsert(settings, Channel::Tiktok, &token, &acc, &cheaper, Some(&first)).await.unwrap(), first);
    let list = items(&s, "tiktok", &shop).await;
    assert_eq!((list.len(), list[0]["skus"][0]["price"]["amount"].clone()), (1, json!("9.99")));

    let no_warehouse = ChannelAccount { warehouse_id: None, ..acc.clone() };
    assert!(matches!(upsert(settings, Channel::Tiktok, &token, &no_warehouse, &l, None).await, Err(PushError::Rejected(_))));
    failures_map(&s, Channel::Tiktok, "tiktok", &token, &acc).await;
}

#[tokio::test]
async fn facebook_push_twice_keeps_one_item_per_variant_and_updates_it() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = seller(pool).await;
    let ch = connect(&s, "facebook").await;
    let business = &ch["options"]["businesses"][0];
    let link = json!({"business_id": business["id"], "catalog_id": business["catalogs"][0]["id"]});
    assert_eq!(s.app.post("/api/auth/platform/facebook/link", Some(&s.token), link).await.code(), 200);
    let (token, acc) = account(&s, Channel::Facebook).await;
    let settings = &s.app.settings.channels;
    let catalog = acc.sub_account_id.clone().unwrap();
    let l = listing(1299, &["Black", "White"]);

    let first = upsert(settings, Channel::Facebook, &token, &acc, &l, None).await.unwrap();
    assert_eq!(upsert(settings, Channel::Facebook, &token, &acc, &l, None).await.unwrap(), first);
    assert_eq!(first, l.key);
    let list = items(&s, "facebook", &catalog).await;
    assert_eq!(list.len(), 2, "one item per variant: {list:?}");
    assert!(list.iter().all(|i| i["retailer_product_group_id"] == l.key.as_str() && i["url"] == format!("https://shop.example/products/{}", l.key).as_str()));
    assert_eq!((list[0]["price"].clone(), list[0]["color"].clone(), list[0]["brand"].clone()), (json!("12.99 USD"), json!("Black"), json!("Lumo")));

    // An update with a new price and one variant dropped: still one group, the price changed.
    let cheaper = listing(999, &["Black"]);
    upsert(settings, Channel::Facebook, &token, &acc, &cheaper, Some(&first)).await.unwrap();
    let list = items(&s, "facebook", &catalog).await;
    assert_eq!((list.len(), list[0]["price"].clone()), (1, json!("9.99 USD")));

    let no_link = ChannelAccount { product_url: None, ..acc.clone() };
    assert!(matches!(upsert(settings, Channel::Facebook, &token, &no_link, &l, None).await, Err(PushError::Rejected(_))));
    failures_map(&s, Channel::Facebook, "facebook", &token, &acc).await;
}

#[tokio::test]
async fn google_push_twice_keeps_one_product_per_variant_and_updates_it() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let s = seller(pool).await;
    connect(&s, "google-merchant").await;
    let (token, acc) = account(&s, Channel::Google).await;
    let settings = &s.app.settings.channels;
    let merchant = acc.account_id.clone().unwrap();
    let l = listing(1299, &["Black"]);

    let first = upsert(settings, Channel::Google, &token, &acc, &l, None).await.unwrap();
    assert_eq!(first, format!("online:en:US:{}", l.variants[0].sku));
    assert_eq!(upsert(settings, Channel::Google, &token, &acc, &l, None).await.unwrap(), first);
    let list = items(&s, "google-merchant", &merchant).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!((list[0]["price"]["value"].clone(), list[0]["itemGroupId"].clone()), (json!("12.99"), json!(l.key)));
    assert_eq!(list[0]["description"], "Warm light, USB powered.");

    upsert(settings, Channel::Google, &token, &acc, &listing(999, &["Black"]), Some(&first)).await.unwrap();
    let list = items(&s, "google-merchant", &merchant).await;
    assert_eq!((list.len(), list[0]["price"]["value"].clone()), (1, json!("9.99")));
    failures_map(&s, Channel::Google, "google-merchant", &token, &acc).await;
}
