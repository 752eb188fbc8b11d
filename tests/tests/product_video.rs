//! Product video (issue 21): Dropline's own catalogue carries a video address; it reaches the
//! search card, the detail and the imported product; a push to Shopify uploads it once (a
//! staged upload) and an update push keeps that media; WooCommerce, whose REST products take
//! images only, gets none; the editor removes it. A video over the size cap, or an upload
//! Shopify's storage does not take, ends the push in an error before anything is written to
//! the shop.
use domain::catalogue::jobs::CatalogueSyncJob;
use domain::values::Source;
use dropline_tests::{StoreOwner, eventually, push_products, store_owner_configured, supplier_product, woo_rest};
use serde_json::{Value, json};
use std::time::Duration;

async fn owner(pool: sqlx::PgPool, email: &str, shop: &str, tweak: impl FnOnce(&mut domain::config::Settings)) -> StoreOwner {
    store_owner_configured(pool, email, shop, &format!("{shop}-woo"), &[], |s| {
        s.catalogue.max_pages = 1;
        tweak(s);
    })
    .await
}

/// The sandbox shop as its owner sees it.
async fn shop_state(s: &StoreOwner, shop: &str) -> Value {
    s.app.http.get(format!("{}/_sandbox/shopify/{shop}", s.sandbox)).send().await.unwrap().json().await.unwrap()
}

/// The shop's products pushed by Dropline (the seeded ones have another vendor).
fn pushed(state: &Value) -> Vec<Value> {
    state["products"].as_object().into_iter().flat_map(|m| m.values()).filter(|p| p["vendor"] != "Sandbox Seed").cloned().collect()
}

/// A Dropline product in stock that has a video, from the supplier's own API.
async fn with_video(s: &StoreOwner) -> String {
    for id in dropline_tests::in_stock_ids(&s.sandbox, "dropline", 10, 1).await {
        if supplier_product(&s.app.http, &s.sandbox, "dropline", &id).await["video_url"].is_string() {
            return id;
        }
    }
    panic!("no Dropline product with a video in stock");
}

async fn import(s: &StoreOwner, id: &str) -> Value {
    let a = s.app.post("/api/center/products/import/dropline", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

async fn target(s: &StoreOwner, product: &str, destination: &str) -> (String, Option<String>, Option<String>, Option<String>, Vec<String>) {
    sqlx::query_as("SELECT status, error, video_source, video_media_id, remote_ids FROM push_targets WHERE product_id = $1::uuid AND destination = $2")
        .bind(product)
        .bind(destination)
        .fetch_one(&s.app.pool)
        .await
        .unwrap()
}

async fn update_push(s: &StoreOwner, product: &str, destination: &str) {
    let body = json!({ "settings": { "channels": { destination: { "is_publish": true } }, "update": [product] } });
    let a = s.app.post("/api/center/products/update-push", Some(&s.token), body).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    s.app.drain().await;
}

#[tokio::test]
async fn a_catalogue_video_reaches_shopify_once_and_not_woocommerce() {
    let db = domain::db::TestDatabase::new().await;
    let s = owner(db.pool.clone(), "video@example.com", "video-shop", |_| {}).await;
    let mut tx = domain::db::begin(&s.app.pool).await.unwrap();
    domain::queue::enqueue(&mut tx, None, &CatalogueSyncJob { source: Source::Dropline }, json!({})).await.unwrap();
    tx.commit().await.unwrap();
    s.app.drain().await;

    // Search cards carry the video where the product has one, and only there.
    let found = s.app.get("/api/center/products/find?sources=dropline&page_size=100", Some(&s.token)).await;
    let cards = found.data()["items"].as_array().unwrap().clone();
    let (with, without): (Vec<&Value>, Vec<&Value>) = cards.iter().partition(|c| c["video_url"].is_string());
    assert!(!with.is_empty() && !without.is_empty(), "some Dropline products have a video, some not");
    let card = with.iter().find(|c| c["total_variants"].as_i64().unwrap_or(0) > 0).unwrap();
    let (id, video) = (card["source_product_id"].as_str().unwrap(), card["video_url"].as_str().unwrap());
    assert!(video.ends_with(&format!("/video/{id}.webm")), "{video}");
    let detail = s.app.get(&format!("/api/center/products/source/dropline/{id}"), Some(&s.token)).await;
    assert_eq!(detail.data()["video_url"], video, "{}", detail.body);
    let product = import(&s, id).await;
    assert_eq!(product["video_url"], video, "the imported product keeps it");
    let product = product["id"].as_str().unwrap().to_string();

    let a = push_products(&s.app, &s.token, &[&product], &[&s.shopify, &s.woo]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    s.app.drain().await;
    let (status, error, source, media, _) = target(&s, &product, &s.shopify).await;
    assert_eq!(status, "success", "{error:?}");
    assert_eq!(source.as_deref(), Some(video));
    let state = shop_state(&s, "video-shop").await;
    let products = pushed(&state);
    assert_eq!(products.len(), 1, "{state}");
    let videos = products[0]["videos"].as_array().unwrap().clone();
    assert_eq!(videos.len(), 1, "one video media: {videos:?}");
    assert_eq!(videos[0]["status"], "READY");
    assert_eq!(media.as_deref(), Some(format!("gid://shopify/Video/{}", videos[0]["id"]).as_str()));
    assert_eq!(state["staged"].as_object().unwrap().len(), 1, "the video went up once");

    // WooCommerce's products take images only: the product arrived without the video.
    let (status, error, source, _, _) = target(&s, &product, &s.woo).await;
    assert_eq!((status.as_str(), source), ("success", None), "{error:?}");
    let sku = s.remote_key(&product, &s.woo).await;
    let woo = woo_rest(&s.app.http, &s.sandbox, "video-shop-woo", &format!("products?sku={sku}&status=any"), None).await;
    assert_eq!(woo.as_array().unwrap().len(), 1);
    assert!(!woo.to_string().contains(".webm"), "{woo}");

    // An update push keeps the media it made: no second video, no second upload.
    sqlx::query("UPDATE product_variants SET price_cents = price_cents + 100 WHERE product_id = $1::uuid").bind(&product).execute(&s.app.pool).await.unwrap();
    update_push(&s, &product, &s.shopify).await;
    let state = shop_state(&s, "video-shop").await;
    let again = pushed(&state)[0]["videos"].as_array().unwrap().clone();
    assert_eq!(again.len(), 1, "{again:?}");
    assert_eq!(again[0]["id"], videos[0]["id"], "the same media");
    assert_eq!(state["staged"].as_object().unwrap().len(), 1, "not uploaded again");

    // The editor can only keep or remove it; removed, the next push takes it off the shop.
    let path = format!("/api/center/products/import/{product}");
    let other = s.app.call("PUT", &path, Some(&s.token), None, Some(json!({ "video_url": "https://elsewhere.example/v.mp4" }))).await;
    assert_eq!(other.body["errors"]["video_url"][0], "the video can only be kept or removed", "{}", other.body);
    let kept = s.app.call("PUT", &path, Some(&s.token), None, Some(json!({ "title": "Lamp with video" }))).await;
    assert_eq!(kept.data()["video_url"], video, "an edit that leaves it out keeps it");
    let removed = s.app.call("PUT", &path, Some(&s.token), None, Some(json!({ "video_url": null }))).await;
    assert_eq!(removed.code(), 200, "{}", removed.body);
    assert!(removed.data()["video_url"].is_null());
    update_push(&s, &product, &s.shopify).await;
    assert_eq!(pushed(&shop_state(&s, "video-shop").await)[0]["videos"], json!([]));
    let (_, _, source, media, _) = target(&s, &product, &s.shopify).await;
    assert_eq!((source, media), (None, None));
}

#[tokio::test]
async fn a_video_over_the_cap_leaves_the_shop_untouched() {
    let db = domain::db::TestDatabase::new().await;
    // The sandbox's video is 12 KB.
    let s = owner(db.pool.clone(), "big-video@example.com", "big-video-shop", |s| s.shopify.video_max_bytes = 4_096).await;
    let product = import(&s, &with_video(&s).await).await["id"].as_str().unwrap().to_string();
    s.pushed(&[&product], &[&s.shopify]).await;
    let (status, error, source, media, remote) = target(&s, &product, &s.shopify).await;
    assert_eq!(status, "error");
    assert!(error.as_deref().unwrap().contains("larger than 4 KB"), "{error:?}");
    assert_eq!((source, media, remote), (None, None, vec![]));
    let state = shop_state(&s, "big-video-shop").await;
    assert!(pushed(&state).is_empty(), "no product half made: {state}");
    assert!(state["staged"].as_object().unwrap().is_empty(), "nothing uploaded");
}

#[tokio::test]
async fn an_upload_the_storage_does_not_take_leaves_the_shop_untouched() {
    let db = domain::db::TestDatabase::new().await;
    let s = owner(db.pool.clone(), "down-video@example.com", "down-video-shop", |_| {}).await;
    let product = import(&s, &with_video(&s).await).await["id"].as_str().unwrap().to_string();
    let rule = json!({ "platform": "shopify-storage", "error_rate": 1.0 });
    s.app.http.post(format!("{}/_sandbox/faults", s.sandbox)).json(&rule).send().await.unwrap();
    assert_eq!(push_products(&s.app, &s.token, &[&product], &[&s.shopify]).await.code(), 200);
    // Retries wait out a backoff; the test lets that time pass instead of sleeping through it.
    let (error, remote) = eventually("the push gives up", Duration::from_secs(60), || async {
        s.app.drain().await;
        sqlx::query("UPDATE progress_items SET run_after = now() WHERE status = 'queued'").execute(&s.app.pool).await.unwrap();
        match target(&s, &product, &s.shopify).await {
            (status, error, None, None, remote) if status == "error" => Ok((error, remote)),
            other => Err(other),
        }
    })
    .await;
    assert!(error.as_deref().unwrap().contains("Shopify's storage"), "{error:?}");
    assert!(remote.is_empty());
    let state = shop_state(&s, "down-video-shop").await;
    assert!(pushed(&state).is_empty(), "no product half made: {state}");
    assert!(state["staged"].as_object().unwrap().values().all(|f| f["uploaded"].is_null()));
}
