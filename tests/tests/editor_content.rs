//! What the product editor shows and keeps: a compare-at price filled from the supplier's
//! original price on import (through the real sandbox suppliers), and descriptions cleaned of
//! anything that would run on the owner's storefront, whatever the client sent.
use dropline_tests::TestApp;
use serde_json::{Value, json};

fn sandbox_of(app: &TestApp) -> String {
    app.settings.suppliers.api_url_template.split("/suppliers/").next().unwrap().to_string()
}

async fn import_one(app: &TestApp, token: &str, source: &str) -> (Value, Value) {
    let sandbox = sandbox_of(app);
    let id = dropline_tests::in_stock_ids(&sandbox, source, 1, 1).await.remove(0);
    let supplier = dropline_tests::supplier_product(&reqwest::Client::new(), &sandbox, source, &id).await;
    let a = app.post(&format!("/api/center/products/import/{source}"), Some(token), json!({ "source_product_id": id, "ship_to": "US" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    (a.data().clone(), supplier)
}

fn amount(v: &Value) -> f64 {
    v.as_str().map_or_else(|| v.as_f64().unwrap(), |s| s.parse().unwrap())
}

#[tokio::test]
async fn an_import_takes_the_suppliers_discount_as_its_compare_at_price() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _) = TestApp::on_sandbox(db.pool.clone()).await;
    let t = app.signed_up("compare@example.com").await;
    // The default rule sets no compare-at price, so what shows comes from the supplier.
    for source in ["aliexpress", "cj"] {
        let (p, supplier) = import_one(&app, &t, source).await;
        let variants = p["variants"].as_array().unwrap();
        assert!(!variants.is_empty());
        for v in variants {
            let s = supplier["variants"].as_array().unwrap().iter().find(|s| s["sku_id"] == v["sku_id"]).expect("the supplier's variant");
            let (cost, original) = (amount(&s["price"]), amount(&s["compare_at_price"]));
            assert!(original > cost, "the sandbox supplier shows a discount: {s}");
            let (price, compare) = (v["price"].as_f64().unwrap(), v["compare_at_price"].as_f64().expect("a compare-at price"));
            assert!((compare - price * original / cost).abs() < 0.011, "{source}: the supplier's {cost} → {original} on a price of {price} gives {compare}");
            assert!(compare > price);
        }
    }
    // Re-applying a rule without a compare-at setting keeps the supplier's discount on the new prices.
    let rule = json!({"mode": "multiplier", "ranges": [], "default_value": 3, "include_shipping": false, "compare_at": {"enabled": false, "multiplier": 1.5}});
    assert_eq!(app.call("PUT", "/api/center/products/setting/update", Some(&t), None, Some(json!({ "pricing_rule": rule }))).await.code(), 200);
    assert_eq!(app.post("/api/center/products/pricing/reapply", Some(&t), json!({})).await.data()["updated"], 2);
    let list = app.get("/api/center/products/import/listing", Some(&t)).await;
    for item in list.data()["items"].as_array().unwrap() {
        let p = app.get(&format!("/api/center/products/import/{}", item["id"].as_str().unwrap()), Some(&t)).await;
        for v in p.data()["variants"].as_array().unwrap() {
            let (cost, price) = (v["cost"].as_f64().unwrap(), v["price"].as_f64().unwrap());
            assert!((price - cost * 3.0).abs() < 0.011, "re-priced: {v}");
            assert!((v["compare_at_price"].as_f64().expect("still a compare-at price") - price * 2.0).abs() < 0.011, "the sandbox's 50% discount: {v}");
        }
    }
}

#[tokio::test]
async fn descriptions_are_cleaned_on_save_and_formatting_is_kept() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _) = TestApp::on_sandbox(db.pool.clone()).await;
    let t = app.signed_up("describe@example.com").await;
    let (p, _) = import_one(&app, &t, "aliexpress").await;
    let path = format!("/api/center/products/import/{}", p["id"].as_str().unwrap());
    let dirty = r#"<h2>Warm</h2><p onmouseover="steal()" style="position:fixed"><strong>Soft</strong> <em>wool</em></p><script>steal()</script><ul><li>one</li></ul><a href="javascript:steal()">x</a><img src="https://img.example/1.jpg" onerror="steal()">"#;
    let a = app.call("PUT", &path, Some(&t), None, Some(json!({ "description_html": dirty }))).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let saved = app.get(&path, Some(&t)).await.data()["description_html"].as_str().unwrap().to_string();
    for kept in ["<h2>Warm</h2>", "<strong>Soft</strong> <em>wool</em>", "<ul><li>one</li></ul>", r#"src="https://img.example/1.jpg""#] {
        assert!(saved.contains(kept), "{kept} kept in {saved}");
    }
    for gone in ["script", "steal", "onmouseover", "onerror", "style", "javascript"] {
        assert!(!saved.contains(gone), "{gone} removed from {saved}");
    }
    let other = app.signed_up("stranger@example.com").await;
    let foreign = app.call("PUT", &path, Some(&other), None, Some(json!({ "description_html": "<p>mine</p>" }))).await;
    assert_eq!(foreign.code(), 202, "another workplace's product is not found");
}
