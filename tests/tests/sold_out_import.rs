//! Sold-out variants through the real sandbox (spec section 5: zero-quantity SKUs are dropped
//! from an import): the detail lists them apart with stock 0, an import leaves them out and
//! stores every other variant with the supplier's stock, and a product sold out in every variant
//! is refused without spending an import unit.
use dropline_tests::TestApp;
use serde_json::{Value, json};

async fn supplier_product(sandbox: &str, id: &str) -> Value {
    let url = format!("{sandbox}/suppliers/temu/api/products/{id}");
    reqwest::Client::new().get(url).bearer_auth("sandbox-supplier-token").send().await.unwrap().json().await.unwrap()
}

/// Sets stock at the supplier, as the sandbox's control API does for a real supplier's change.
async fn set_stock(sandbox: &str, id: &str, stock: &[(&str, i64)]) {
    let variants: Vec<Value> = stock.iter().map(|(sku, n)| json!({ "sku_id": sku, "stock": n })).collect();
    let res =
        reqwest::Client::new().post(format!("{sandbox}/_sandbox/suppliers/temu/products/{id}")).json(&json!({ "variants": variants })).send().await.unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
}

fn skus(list: &Value) -> Vec<String> {
    let mut out: Vec<String> = list.as_array().unwrap().iter().map(|v| v["sku_id"].as_str().unwrap().to_string()).collect();
    out.sort();
    out
}

/// IMPORT_PRODUCT units the workplace has spent, every period together.
async fn import_usage(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COALESCE(sum(usage), 0)::bigint FROM feature_usage WHERE feature = 'IMPORT_PRODUCT'").fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn sold_out_variants_are_shown_apart_and_never_imported() {
    let db = domain::db::TestDatabase::new().await;
    let (app, sandbox) = TestApp::on_sandbox(db.pool.clone()).await;
    let t = app.signed_up("soldout@example.com").await;
    let ids = dropline_tests::in_stock_ids(&sandbox, "temu", 2, 3).await;
    let (partly, wholly) = (&ids[0], &ids[1]);

    // One variant of the first product sells out at the supplier.
    let before = supplier_product(&sandbox, partly).await;
    let all = skus(&before["variants"]);
    let gone = before["variants"].as_array().unwrap().iter().find(|v| v["stock"].as_i64().unwrap() > 0).unwrap()["sku_id"].as_str().unwrap().to_string();
    set_stock(&sandbox, partly, &[(&gone, 0)]).await;

    let d = app.get(&format!("/api/center/products/source/temu/{partly}?ship_to=US"), Some(&t)).await;
    assert_eq!(d.code(), 200, "{}", d.body);
    let detail = d.data();
    assert!(skus(&detail["sold_out_variants"]).contains(&gone), "{}", detail["sold_out_variants"]);
    assert!(detail["sold_out_variants"].as_array().unwrap().iter().all(|v| v["stock"] == 0));
    assert!(!skus(&detail["variants"]).contains(&gone));
    assert!(detail["variants"].as_array().unwrap().iter().all(|v| v["stock"].as_i64().unwrap() > 0));
    let mut shown = skus(&detail["variants"]);
    shown.extend(skus(&detail["sold_out_variants"]));
    shown.sort();
    assert_eq!(shown, all, "the detail shows every variant the supplier has, in stock or not");

    // The import takes the in-stock variants only, each with the supplier's stock.
    let a = app.post("/api/center/products/import/temu", Some(&t), json!({ "source_product_id": partly, "ship_to": "US" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let imported = a.data()["variants"].as_array().unwrap().clone();
    assert_eq!(skus(&a.data()["variants"]), skus(&detail["variants"]));
    assert!(!skus(&a.data()["variants"]).contains(&gone), "a sold-out SKU is not imported as sellable");
    let supplier_stock = |sku: &str| before["variants"].as_array().unwrap().iter().find(|v| v["sku_id"] == sku).unwrap()["stock"].as_i64().unwrap();
    for v in &imported {
        assert_eq!(v["stock"].as_i64().unwrap(), supplier_stock(v["sku_id"].as_str().unwrap()), "{v}");
    }
    assert_eq!(import_usage(&app).await, 1);

    // Every variant of the second product sells out: nothing to import, no unit spent.
    let all_gone: Vec<(String, i64)> = skus(&supplier_product(&sandbox, wholly).await["variants"]).into_iter().map(|s| (s, 0)).collect();
    set_stock(&sandbox, wholly, &all_gone.iter().map(|(s, n)| (s.as_str(), *n)).collect::<Vec<_>>()).await;
    let d = app.get(&format!("/api/center/products/source/temu/{wholly}?ship_to=US"), Some(&t)).await;
    assert_eq!(d.data()["variants"], json!([]));
    assert_eq!(d.data()["sold_out_variants"].as_array().unwrap().len(), all_gone.len());
    let refused = app.post("/api/center/products/import/temu", Some(&t), json!({ "source_product_id": wholly, "ship_to": "US" })).await;
    assert_eq!(refused.code(), 201, "{}", refused.body);
    assert!(refused.body["message"].as_str().unwrap().contains("out of stock"), "{}", refused.body);
    assert_eq!(import_usage(&app).await, 1, "a refused import spends nothing");
}
