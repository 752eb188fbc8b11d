//! Finding products: the scheduled sync fills the cache from the sandbox's suppliers, and
//! searches, filters, sorts, detail and favourites are answered from it.
use dropline_tests::{TestApp, supplier_product};
use serde_json::{Value, json};
use sqlx::PgPool;

/// A user on an app whose catalogue cache holds one page (100 products) per source.
async fn synced(pool: PgPool) -> (TestApp, String, String) {
    let (app, sandbox) = TestApp::on_sandbox_with(pool, |s| s.catalogue.max_pages = 1).await;
    let token = app.signed_up("finder@example.com").await;
    let now = chrono::Utc::now();
    domain::schedules::tick(&app.pool, &app.settings, now).await.unwrap();
    // The tick enqueues other periodic jobs too (smart push): count the catalogue syncs.
    assert_eq!(app.count("SELECT count(*) FROM progress_items WHERE kind = 'catalogue_sync'").await, 7, "one sync per source");
    assert_eq!(domain::schedules::tick(&app.pool, &app.settings, now).await.unwrap(), 0, "a slot is enqueued once");
    app.drain().await;
    (app, token, sandbox)
}

fn items(a: &Value) -> Vec<Value> {
    a["data"]["items"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn search_filters_and_sorts_from_the_cache() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, token, sandbox) = synced(pool).await;
    let t = Some(token.as_str());
    assert_eq!(app.count("SELECT count(*) FROM supplier_products WHERE detail IS NOT NULL").await, 700, "every product's detail was read");

    // The suppliers go down: search still answers, from PostgreSQL.
    reqwest::Client::new().post(format!("{sandbox}/_sandbox/faults")).json(&json!({"platform": "*", "error_rate": 1.0})).send().await.unwrap();

    let a = app.get("/api/center/products/find", t).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["total"], 700);
    let cards = items(&a.body);
    assert_eq!(cards.len(), 20);
    let c = &cards[0];
    assert!(c["images"].as_array().unwrap().len() <= 5);
    assert!(c["details"]["shipping_cost"].is_number(), "US shipping is known after the sync: {c}");
    assert_eq!(c["imported"], false);

    let a = app.get("/api/center/products/find?sources=cj&price=10-30&sort_by=price&sort=asc&page_size=100", t).await;
    let prices: Vec<f64> = items(&a.body).iter().map(|c| c["price"].as_f64().unwrap()).collect();
    assert!(!prices.is_empty());
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "ascending: {prices:?}");
    assert!(prices.iter().all(|p| (10.0..30.0).contains(p)), "{prices:?}");
    assert!(items(&a.body).iter().all(|c| c["source"] == "cj"));

    let a = app.get("/api/center/products/find?rating=4&order_count=1000-5000&page_size=100", t).await;
    for c in items(&a.body) {
        assert!(c["details"]["rating"].as_f64().unwrap() >= 4.0);
        let orders = c["lastest_volume"].as_i64().unwrap();
        assert!((1000..5000).contains(&orders), "{orders}");
    }

    let word =
        cards[0]["name"].as_str().unwrap().split_whitespace().find(|w| w.len() >= 4 && w.chars().all(|c| c.is_ascii_alphabetic())).unwrap().to_lowercase();
    let a = app.get(&format!("/api/center/products/find?keyword={word}&sort_by=most_relevant"), t).await;
    assert!(a.data()["total"].as_i64().unwrap() >= 1);
    assert!(items(&a.body).iter().all(|c| c["name"].as_str().unwrap().to_lowercase().contains(&word)));

    let s = app.get(&format!("/api/center/products/suggest-keywords?keyword={}", &word[..3]), t).await;
    let suggested: Vec<&str> = s.data()["keywords"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
    assert!(suggested.contains(&word.as_str()), "{word} among {suggested:?}");
    let r = app.get(&format!("/api/center/products/related-keywords?keyword={word}"), t).await;
    assert!(!r.data()["keywords"].as_array().unwrap().is_empty() && !r.data()["keywords"].as_array().unwrap().contains(&json!(word)));
    assert!(!app.get("/api/center/products/trending-keywords", t).await.data()["keywords"].as_array().unwrap().is_empty());
    let r = app.get("/api/center/products/related-keywords?keyword=x')%20OR%20('1", t).await;
    assert_eq!(r.code(), 200, "a quote in the keyword is data, not SQL: {}", r.body);

    let a = app.get("/api/product-sources/products/find-by-collection/made_in_us?page_size=100", t).await;
    assert_eq!(a.code(), 200);
    let in_collection: i64 =
        sqlx::query_scalar("SELECT count(*) FROM supplier_products WHERE 'made_in_us' = ANY(collections) AND (ships_to IS NULL OR 'US' = ANY(ships_to))")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(a.data()["total"].as_i64().unwrap(), in_collection);

    let a = app.get("/api/center/products/find?price=7-9&sources=wish&sort=up", t).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    let bad: Vec<&String> = a.body["errors"].as_object().unwrap().keys().collect();
    assert_eq!(bad, ["price", "sort", "sources"]);

    let tree = app.get("/api/product-sources/categories/tree", t).await;
    let top = &tree.data()["categories"][0];
    let a = app.get(&format!("/api/center/products/find?category={}&page_size=100", top["id"]), t).await;
    assert!(a.data()["total"].as_i64().unwrap() > 0, "a top category finds its children's products");
}

/// Search pages are kept a few seconds for every workplace; imported flags are read on each
/// search: an import shows on the very next one, in its own workplace only, and so does a delete.
#[tokio::test]
async fn a_cached_search_page_shows_an_import_at_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, token, _) = synced(pool).await;
    let t = Some(token.as_str());
    let other = app.signed_up("neighbour@example.com").await;
    let paths = ["/api/center/products/find?sources=aliexpress", "/api/ah/products/search?sources=aliexpress", "/api/ah/products/find?sources=aliexpress"];
    let first = |a: dropline_tests::Answer| items(&a.body)[0].clone();
    let card = first(app.get(paths[0], t).await);
    assert_eq!(card["imported"], false);
    let id = card["source_product_id"].as_str().unwrap().to_string();
    let a = app.post("/api/center/products/import/aliexpress", t, json!({"source_product_id": id, "ship_to": "US"})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let product = a.data()["id"].clone();
    for p in paths {
        let c = first(app.get(p, t).await);
        assert_eq!((c["source_product_id"].as_str(), &c["imported"], &c["product_package_id"]), (Some(id.as_str()), &json!(true), &product), "{p}");
        assert_eq!(first(app.get(p, Some(&other)).await)["imported"], false, "another workplace did not import it");
    }
    let d = app.call("DELETE", "/api/center/products/import/delete", t, None, Some(json!({"ids": [product]}))).await;
    assert_eq!(d.code(), 200, "{}", d.body);
    let c = first(app.get(paths[0], t).await);
    assert_eq!((&c["imported"], &c["product_package_id"]), (&json!(false), &Value::Null));
}

#[tokio::test]
async fn detail_logistics_reviews_and_favourites() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, token, sandbox) = synced(pool).await;
    let t = Some(token.as_str());
    let card = items(&app.get("/api/center/products/find?sources=aliexpress", t).await.body)[0].clone();
    let (src, id) = (card["source"].as_str().unwrap(), card["source_product_id"].as_str().unwrap());

    let d = app.get(&format!("/api/center/products/source/{src}/{id}?ship_to=US"), t).await;
    assert_eq!(d.code(), 200, "{}", d.body);
    assert!(d.data()["variants"].as_array().unwrap().iter().all(|v| v["stock"].as_i64().unwrap() > 0), "zero-stock variants are dropped");
    assert_eq!(d.data()["imported"], false);
    for o in d.data()["options"].as_array().unwrap() {
        assert!(o["values"].as_array().unwrap().iter().all(|v| v["value"].is_string()), "options in the spec's shape: {o}");
    }

    // AliExpress products are read through AliExpress's own signed API (the sandbox refuses a
    // bad signature): the same variants as the supplier's catalogue.
    assert_eq!(src, "aliexpress");
    let catalogue = supplier_product(&reqwest::Client::new(), &sandbox, "aliexpress", id).await;
    let in_stock: Vec<&Value> = catalogue["variants"].as_array().unwrap().iter().filter(|v| v["stock"].as_i64().unwrap() > 0).collect();
    assert_eq!(d.data()["variants"].as_array().unwrap().len(), in_stock.len());
    assert_eq!(d.data()["variants"][0]["price"].as_f64().unwrap(), in_stock[0]["price"].as_str().unwrap().parse::<f64>().unwrap());
    // product.get has no ship-to list: it stays unknown (an import asks freight for its country).
    assert_eq!(d.data()["ships_to"], json!([]));

    let l = app.get(&format!("/api/product-sources/logistics/{src}/{id}?country_code=DE"), t).await;
    assert_eq!(l.code(), 200, "{}", l.body);
    assert!(l.data()["options"][0]["delivery_time"].as_str().unwrap().ends_with("day"));
    // A product the catalogue does not hold yet (its page opened from a link before a sync saw
    // it) still gets the supplier's shipping; there is just nothing to cache it against.
    let unheld = items(&app.get("/api/center/products/find?sources=aliexpress", t).await.body)[1]["source_product_id"].as_str().unwrap().to_string();
    sqlx::query("DELETE FROM supplier_products WHERE source = $1 AND source_product_id = $2").bind(src).bind(&unheld).execute(&db.pool).await.unwrap();
    let l = app.get(&format!("/api/product-sources/logistics/{src}/{unheld}?country_code=FR"), t).await;
    assert_eq!(l.code(), 200, "{}", l.body);
    assert!(l.data()["options"][0]["amount"].is_number(), "{}", l.body);
    let r = app.get(&format!("/api/product-sources/reviews/{src}/{id}"), t).await;
    assert_eq!(r.code(), 200, "{}", r.body);
    assert!(r.data()["items"][0]["rating"].is_number());

    assert_eq!(app.get("/api/center/products/source/aliexpress/no-such-product", t).await.code(), 202);
    assert_eq!(app.get("/api/center/products/source/wish/1", t).await.code(), 204);

    let key = format!("{src}:{id}");
    let a = app.post("/api/center/products/favourite", t, json!({ "product_ids": [key] })).await;
    assert_eq!(a.data()["ids"], json!([key]));
    let a = app.get("/api/center/products/favourite", t).await;
    assert_eq!(a.data()["total"], 1);
    assert_eq!(items(&a.body)[0]["source_product_id"], id);
    let other = app.signed_up("other@example.com").await;
    assert_eq!(app.get("/api/center/products/favourited", Some(&other)).await.data()["ids"], json!([]), "favourites are per workplace");
    let a = app.call("DELETE", "/api/center/products/favourite", t, None, Some(json!({ "product_ids": [key] }))).await;
    assert_eq!(a.data()["ids"], json!([]));
    assert_eq!(app.post("/api/center/products/favourite", t, json!({ "product_ids": ["nope"] })).await.code(), 204);
}

#[tokio::test]
async fn search_by_image_finds_the_product_whose_picture_it_is() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, token, sandbox) = synced(pool).await;
    let t = Some(token.as_str());
    assert_eq!(
        app.count("SELECT count(*) FROM supplier_products WHERE image_dhash IS NOT NULL").await,
        700,
        "the sync fingerprints every product's main image"
    );
    let (source, id, image): (String, String, String) =
        sqlx::query_as("SELECT source, source_product_id, images[1] FROM supplier_products ORDER BY orders DESC LIMIT 1").fetch_one(&app.pool).await.unwrap();
    assert!(image.starts_with(&sandbox));

    // Upload the picture itself.
    let png = reqwest::get(&image).await.unwrap().bytes().await.unwrap();
    let res = app
        .http
        .post(format!("{}/api/get-product-id-by-image", app.base))
        .bearer_auth(&token)
        .header("content-type", "image/png")
        .body(png.to_vec())
        .send()
        .await
        .unwrap();
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["status"], 200, "{body}");
    let first = &body["data"]["items"][0];
    assert_eq!(
        (first["source"].as_str(), first["source_product_id"].as_str(), first["distance"].as_i64()),
        (Some(source.as_str()), Some(id.as_str()), Some(0)),
        "{body}"
    );

    // Or give its address (the sandbox is on loopback, which the test configuration allows).
    let a = app.get(&format!("/api/get-product-id-by-image?url={image}"), t).await;
    assert_eq!(a.data()["items"][0]["source_product_id"], id.as_str());

    // Not an image, or a private address the guard refuses: a clear error.
    let res = app.http.post(format!("{}/api/get-product-id-by-image", app.base)).bearer_auth(&token).body("hello").send().await.unwrap();
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["status"], 204, "{body}");
    assert!(body["errors"]["image"][0].as_str().unwrap().contains("could not be read"));
    let a = app.get("/api/get-product-id-by-image?url=http://10.0.0.1/a.png", t).await;
    assert_eq!(a.code(), 204, "{}", a.body);
}
