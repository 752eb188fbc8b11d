//! Prices are kept in USD. A store selling in another currency receives them converted with the
//! USD rate (keyed "USD" + code, spec section 3) that the worker's schedule reads from the rates
//! source (the sandbox's currencylayer `live`), the store's pricing-rule ending applied in that
//! currency; without a rate nothing is pushed rather than a USD amount labelled as the store's.
use dropline_tests::{StoreOwner, in_stock_ids, store_owner_of_shop};
use serde_json::{Value, json};

async fn import_one(s: &StoreOwner) -> String {
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["id"].as_str().unwrap().to_string()
}

/// The sandbox quotes `rate` AUD (or whatever pair) for one USD from now on.
async fn quote(s: &StoreOwner, pair: &str, rate: f64) {
    let r = s.app.http.post(format!("{}/_sandbox/rates", s.sandbox)).json(&json!({ pair: rate })).send().await.unwrap();
    assert!(r.status().is_success());
}

/// The scheduled refresh of `at`'s slot, run alone (the tick also enqueues catalogue syncs,
/// which this file does not need).
async fn scheduled_refresh(s: &StoreOwner, at: chrono::DateTime<chrono::Utc>) {
    domain::schedules::tick(&s.app.pool, &s.app.settings, at).await.unwrap();
    let queued = s.app.count("SELECT count(*) FROM progress_items WHERE kind = 'exchange_rates_refresh' AND status = 'queued'").await;
    assert_eq!(queued, 1, "the schedule enqueues one refresh per slot");
    sqlx::query("UPDATE progress_items SET status = 'success' WHERE status = 'queued' AND kind <> 'exchange_rates_refresh'")
        .execute(&s.app.pool)
        .await
        .unwrap();
    s.app.drain().await;
}

/// Every variant price (cents of the shop's currency) of the product with `handle`.
async fn shop_prices(s: &StoreOwner, shop: &str, handle: &str) -> Vec<i64> {
    let state: Value = reqwest::get(format!("{}/_sandbox/shopify/{shop}", s.sandbox)).await.unwrap().json().await.unwrap();
    let products: Vec<Value> = match &state["products"] {
        Value::Object(m) => m.values().cloned().collect(),
        Value::Array(a) => a.clone(),
        _ => vec![],
    };
    let p = products.into_iter().find(|p| p["handle"] == handle).unwrap_or_else(|| panic!("{handle} is in {shop}"));
    p["variants"].as_array().unwrap().iter().map(|v| v["price_cents"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn an_aud_store_receives_prices_converted_at_the_refreshed_rate() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner_of_shop(db.pool.clone(), "aud@example.com", "aud-shop", "aud-woo", &[("currency", json!({ "currency": "AUD" }))]).await;
    let currency: String = sqlx::query_scalar("SELECT currency FROM stores WHERE id = $1::uuid").bind(&s.shopify).fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(currency, "AUD");

    quote(&s, "USDAUD", 1.6).await;
    let now = chrono::Utc::now();
    scheduled_refresh(&s, now).await;
    let (rate, _) = domain::store::exchange_rates::get(&s.app.pool, "AUD").await.unwrap().expect("USDAUD stored");
    assert_eq!(rate, 1.6);

    // $54.99 edited in USD; the AUD store's rule ends prices in .99.
    let product = import_one(&s).await;
    sqlx::query("UPDATE product_variants SET price_cents = 5499, compare_at_cents = NULL WHERE product_id = $1::uuid")
        .bind(&product)
        .execute(&s.app.pool)
        .await
        .unwrap();
    let rule = domain::products::pricing::PricingRule { cents: Some(0.99), ..Default::default() };
    let store_id = s.shopify.parse().unwrap();
    domain::store::pricing_rules::save(&s.app.pool, s.workplace().await, Some(store_id), &rule).await.unwrap();

    s.pushed(&[&product], &[&s.shopify, &s.woo]).await;
    let handle = s.remote_key(&product, &s.shopify).await;
    let prices = shop_prices(&s, "aud-shop", &handle).await;
    // 54.99 × 1.6 = 87.98 AUD, ending .99 → A$87.99 (not 54.99 AUD).
    assert!(!prices.is_empty() && prices.iter().all(|p| *p == 8_799), "{prices:?}");
    // The USD WooCommerce store keeps the edited price.
    let sku = s.remote_key(&product, &s.woo).await;
    let woo = dropline_tests::woo_rest(&s.app.http, &s.sandbox, "aud-woo", &format!("products?sku={sku}&status=any"), None).await;
    let variations = dropline_tests::woo_rest(&s.app.http, &s.sandbox, "aud-woo", &format!("products/{}/variations", woo[0]["id"]), None).await;
    assert!(variations.as_array().unwrap().iter().all(|v| v["regular_price"] == "54.99"), "{variations}");

    // The next slot reads the new rate; an update push uses it.
    quote(&s, "USDAUD", 1.5).await;
    scheduled_refresh(&s, now + chrono::Duration::seconds(s.app.settings.exchange_rates.refresh_secs as i64)).await;
    let body = json!({ "settings": { "channels": { s.shopify.clone(): { "is_publish": true } }, "update": [product] } });
    assert_eq!(s.app.post("/api/center/products/update-push", Some(&s.token), body).await.code(), 200);
    s.app.drain().await;
    // 54.99 × 1.5 = 82.485 → 82.49, ending .99 → A$82.99.
    let prices = shop_prices(&s, "aud-shop", &handle).await;
    assert!(prices.iter().all(|p| *p == 8_299), "{prices:?}");

    // A customer buys it in AUD; the workspace shows money in EUR: the order list carries the
    // rates that bring the AUD price and the USD costs into EUR.
    let variant: uuid::Uuid = sqlx::query_scalar("SELECT id FROM product_variants WHERE product_id = $1::uuid AND enabled ORDER BY position LIMIT 1")
        .bind(&product)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    let body = json!({ "line_items": [{ "sku": format!("DL-{}", variant.simple()), "quantity": 1 }] });
    let r = s.app.http.post(format!("{}/_sandbox/shopify/aud-shop.myshopify.com/orders", s.sandbox)).json(&body).send().await.unwrap();
    assert!(r.status().is_success());
    dropline_tests::eventually("the AUD order arrives", std::time::Duration::from_secs(60), || async {
        s.app.drain().await;
        let n = s.app.count("SELECT count(*) FROM orders").await;
        if n == 1 { Ok(()) } else { Err(n) }
    })
    .await;
    let a = s.app.post("/api/core/workplaces/settings", Some(&s.token), json!({ "settings": { "display_currency": "EUR" } })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let list = s.app.get("/api/orders/v5/list?tab=placement", Some(&s.token)).await;
    assert_eq!(list.code(), 200, "{}", list.body);
    let order = &list.data()["items"][0];
    assert_eq!((order["currency"].as_str(), order["total"].as_f64()), (Some("AUD"), Some(82.99)), "{order}");
    let display = &list.data()["display"];
    assert_eq!(display["currency"], "EUR");
    assert_eq!(display["rates"]["USDAUD"], 1.5, "the latest refreshed rate: {display}");
    assert_eq!(display["rates"]["USDEUR"], 0.9187, "the source's EUR quote, stored by the refresh: {display}");
    assert_eq!(display["rates"]["USDUSD"], 1.0);
    // The order's page carries the same, so its price, costs and profit read in euros too.
    let detail = s.app.get(&format!("/api/orders/v5/detail/{}", order["id"]), Some(&s.token)).await;
    assert_eq!(detail.data()["display"], *display, "{}", detail.body);
}

#[tokio::test]
async fn a_store_in_a_currency_without_a_rate_gets_no_usd_price() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner_of_shop(db.pool.clone(), "zar@example.com", "zar-shop", "zar-woo", &[("currency", json!({ "currency": "ZAR" }))]).await;
    let product = import_one(&s).await;
    sqlx::query("UPDATE product_variants SET price_cents = 5499, compare_at_cents = NULL WHERE product_id = $1::uuid")
        .bind(&product)
        .execute(&s.app.pool)
        .await
        .unwrap();
    let a = dropline_tests::push_products(&s.app, &s.token, &[&product], &[&s.shopify]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    s.app.drain().await;
    let (status, error): (String, Option<String>) =
        sqlx::query_as("SELECT status, error FROM push_targets WHERE product_id = $1::uuid").bind(&product).fetch_one(&s.app.pool).await.unwrap();
    assert_ne!(status, "success", "pushed without a ZAR rate");
    assert!(error.is_none_or(|e| e.contains("ZAR")), "the wait names the missing rate");
    let handle = s.remote_key(&product, &s.shopify).await;
    let state: Value = reqwest::get(format!("{}/_sandbox/shopify/zar-shop", s.sandbox)).await.unwrap().json().await.unwrap();
    assert!(!state["products"].to_string().contains(&handle), "nothing reached the ZAR shop");

    // Once the source quotes ZAR, the retry reads it and converts: 54.99 × 18.5 = R1,017.32.
    quote(&s, "USDZAR", 18.5).await;
    sqlx::query("UPDATE progress_items SET run_after = now() WHERE status = 'queued'").execute(&s.app.pool).await.unwrap();
    s.app.drain().await;
    s.assert_pushed(&product).await;
    let prices = shop_prices(&s, "zar-shop", &handle).await;
    assert!(!prices.is_empty() && prices.iter().all(|p| *p == 101_732), "{prices:?}");
}

#[tokio::test]
async fn a_eur_woocommerce_store_says_its_currency_and_receives_converted_prices() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox, token) = dropline_tests::signed_up_on_sandbox(db.pool.clone(), "eur@example.com").await;
    let r = app.http.post(format!("{sandbox}/_sandbox/woo/eur-woo/currency")).json(&json!({ "currency": "EUR" })).send().await.unwrap();
    assert!(r.status().is_success());
    let woo = dropline_tests::connect_woo(&app, &token, &sandbox, "eur-woo").await;
    let currency: String = sqlx::query_scalar("SELECT currency FROM stores WHERE id = $1::uuid").bind(&woo).fetch_one(&app.pool).await.unwrap();
    assert_eq!(currency, "EUR", "read from the store at connect, not assumed USD");
    app.drain().await;
    let r = app.http.post(format!("{sandbox}/_sandbox/rates")).json(&json!({ "USDEUR": 0.9 })).send().await.unwrap();
    assert!(r.status().is_success());

    let id = in_stock_ids(&sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = app.post("/api/center/products/import/aliexpress", Some(&token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let product = a.data()["id"].as_str().unwrap().to_string();
    sqlx::query("UPDATE product_variants SET price_cents = 5499, compare_at_cents = NULL WHERE product_id = $1::uuid")
        .bind(&product)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(dropline_tests::push_products(&app, &token, &[&product], &[&woo]).await.code(), 200);
    app.drain().await;
    let sku: String = sqlx::query_scalar("SELECT remote_key FROM push_targets WHERE product_id = $1::uuid").bind(&product).fetch_one(&app.pool).await.unwrap();
    let found = dropline_tests::woo_rest(&app.http, &sandbox, "eur-woo", &format!("products?sku={sku}&status=any"), None).await;
    let variations = dropline_tests::woo_rest(&app.http, &sandbox, "eur-woo", &format!("products/{}/variations", found[0]["id"]), None).await;
    // $54.99 × 0.9 = €49.49 (49.491), not "54.99" in a EUR store.
    let prices: Vec<&Value> = variations.as_array().unwrap().iter().map(|v| &v["regular_price"]).collect();
    assert!(!prices.is_empty() && prices.iter().all(|p| *p == "49.49"), "{prices:?}");
}
