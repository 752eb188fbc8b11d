//! Mapping a store's products to suppliers: the store's products are read from the sandbox
//! store, each variant gets two suppliers by priority, a supplier is replaced, and bad or
//! foreign references answer DataNotFound.
use domain::catalogue::jobs::CatalogueSyncJob;
use dropline_tests::{TestApp, connect_shopify};
use serde_json::{Value, json};

async fn supplier_with_variants(sandbox: &str, source: &str) -> (String, Vec<Value>) {
    let http = reqwest::Client::new();
    let api = format!("{sandbox}/suppliers/{source}/api/products");
    let page: Value = http.get(format!("{api}?page_size=20")).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
    for item in page["items"].as_array().unwrap() {
        let id = item["id"].as_str().unwrap();
        let p: Value = http.get(format!("{api}/{id}")).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap();
        if p["variants"].as_array().unwrap().len() >= 2 {
            return (id.to_string(), p["variants"].as_array().unwrap().clone());
        }
    }
    panic!("no {source} product with two variants");
}

#[tokio::test]
async fn store_variants_get_two_suppliers_by_priority() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox) = TestApp::on_sandbox_with(pool, |s| s.catalogue.max_pages = 1).await;
    let t = app.signed_up("mapper@example.com").await;
    let store = connect_shopify(&app, &t, "mapping-shop").await;
    assert_eq!(store.code(), 200, "{}", store.body);
    let store_id = store.data()["store"]["id"].as_str().unwrap().to_string();
    let a = app.post("/api/center/products/listings/sync", Some(&t), json!({ "store_id": store_id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    app.drain().await;

    let unmapped = app.get("/api/center/products/listings/unmapped", Some(&t)).await;
    let seeded = unmapped.data()["total"].as_i64().unwrap();
    assert!(seeded >= 3, "the sandbox shop's seeded products are read: {}", unmapped.body);
    let product = unmapped.data()["items"][0].clone();
    let pid = product["id"].as_str().unwrap();
    let variants = product["variants"].as_array().unwrap();
    assert!(!variants.is_empty());

    // Recommendations need the catalogue cache: fill one page per source.
    let mut tx = domain::db::begin(&app.pool).await.unwrap();
    for source in domain::values::Source::ALL {
        domain::queue::enqueue(&mut tx, None, &CatalogueSyncJob { source }, json!({})).await.unwrap();
    }
    tx.commit().await.unwrap();
    app.drain().await;
    let r = app.get(&format!("/api/center/products/recommend-unmap?store_product_id={pid}"), Some(&t)).await;
    assert_eq!(r.code(), 200, "{}", r.body);
    let title_words: Vec<String> = product["title"].as_str().unwrap().to_lowercase().split_whitespace().map(str::to_string).collect();
    for item in r.data()["items"].as_array().unwrap() {
        let name = item["name"].as_str().unwrap().to_lowercase();
        assert!(title_words.iter().any(|w| name.contains(w.as_str())), "{name} shares a word with {title_words:?}");
    }

    let (first, first_variants) = supplier_with_variants(&sandbox, "aliexpress").await;
    let (second, second_variants) = supplier_with_variants(&sandbox, "cj").await;
    let mappings: Vec<Value> = variants
        .iter()
        .map(|v| {
            json!({"variant_id": v["id"], "suppliers": [
                {"source": "aliexpress", "source_product_id": first, "sku_id": first_variants[0]["sku_id"]},
                {"source": "cj", "source_product_id": second, "sku_id": second_variants[0]["sku_id"], "ship_to_countries": ["US", "ca"]},
            ]})
        })
        .collect();
    let a = app.post(&format!("/api/products/{pid}/map-variant"), Some(&t), json!({ "mappings": mappings })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let suppliers = &a.data()["variants"][0]["suppliers"];
    assert_eq!((suppliers[0]["priority"].as_i64(), suppliers[0]["source"].as_str()), (Some(1), Some("aliexpress")));
    assert_eq!((suppliers[1]["priority"].as_i64(), suppliers[1]["source"].as_str()), (Some(2), Some("cj")));
    assert_eq!(suppliers[1]["ship_to_countries"], json!(["US", "CA"]));

    let mapped = app.get("/api/center/products/listings/mapped", Some(&t)).await;
    assert_eq!(mapped.data()["total"], 1);
    assert_eq!(app.get("/api/center/products/listings/unmapped", Some(&t)).await.data()["total"].as_i64().unwrap(), seeded - 1);

    // The second supplier moves to another product of the same source; priorities stay.
    let (third, _) = supplier_with_variants(&sandbox, "temu").await;
    let body = json!({"from": {"source": "cj", "source_product_id": second}, "to": {"source": "temu", "source_product_id": third}});
    let a = app.call("PUT", &format!("/api/products/{pid}/replace"), Some(&t), None, Some(body)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["variants"][0]["suppliers"][1]["source"], "temu");
    assert_eq!(a.data()["variants"][0]["suppliers"][1]["priority"], 2);

    // Map group: every variant of another product to one supplier, then a fallback appended.
    let other = app.get("/api/center/products/listings/unmapped", Some(&t)).await.data()["items"][0]["id"].as_str().unwrap().to_string();
    let a = app.post(&format!("/api/products/{other}/map-group"), Some(&t), json!({"source": "aliexpress", "source_product_id": first})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let a = app.post(&format!("/api/products/{other}/map-group"), Some(&t), json!({"source": "cj", "source_product_id": second, "append": true})).await;
    let sources: Vec<Vec<&str>> = a.data()["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["suppliers"].as_array().unwrap().iter().map(|s| s["source"].as_str().unwrap()).collect())
        .collect();
    assert_eq!(sources[0], ["aliexpress", "cj"], "the fallback comes after the first supplier");
    // A variant the fallback product cannot match (fewer variants, other values) keeps one supplier.
    assert!(sources.iter().all(|s| s[0] == "aliexpress" && s.len() <= 2), "{sources:?}");

    // Unknown SKU, product or supplier: DataNotFound, and nothing changes.
    let bad = json!({"mappings": [{"variant_id": variants[0]["id"], "suppliers": [{"source": "cj", "source_product_id": second, "sku_id": "no-such-sku"}]}]});
    let a = app.post(&format!("/api/products/{pid}/map-variant"), Some(&t), bad).await;
    assert_eq!((a.code(), a.body["message"].as_str()), (202, Some("DataNotFound")));
    let a = app
        .call(
            "PUT",
            &format!("/api/products/{pid}/replace"),
            Some(&t),
            None,
            Some(json!({"from": {"source": "ebay", "source_product_id": "x"}, "to": {"source": "cj", "source_product_id": second}})),
        )
        .await;
    assert_eq!(a.body["message"], "DataNotFound");
    let a = app.post(&format!("/api/products/{pid}/map-group"), Some(&t), json!({"source": "cj", "source_product_id": "no-such-product"})).await;
    assert_eq!(a.body["message"], "DataNotFound");
    assert_eq!(app.get(&format!("/api/center/products/listings/{pid}"), Some(&t)).await.data()["variants"][0]["suppliers"][0]["source"], "aliexpress");

    // Another workplace sees none of it and cannot map it.
    let intruder = app.signed_up("intruder@example.com").await;
    assert_eq!(app.get("/api/center/products/listings/mapped", Some(&intruder)).await.data()["total"], 0);
    let a = app.post(&format!("/api/products/{pid}/map-group"), Some(&intruder), json!({"source": "aliexpress", "source_product_id": first})).await;
    assert_eq!(a.body["message"], "DataNotFound");
    let a = app.post("/api/center/products/listings/sync", Some(&intruder), json!({ "store_id": store_id })).await;
    assert_eq!(a.code(), 801);
}
