//! Importing: one and many, the quota (atomic at the last unit), pricing rules applied on
//! import and re-applied on request, the editor's rules, bulk edits and tenant isolation.
use dropline_tests::TestApp;
use serde_json::{Value, json};

async fn import(app: &TestApp, token: &str, source: &str, id: &str) -> dropline_tests::Answer {
    app.post(&format!("/api/center/products/import/{source}"), Some(token), json!({ "source_product_id": id, "ship_to": "US" })).await
}

async fn ids(source: &str, n: usize, sandbox_base: &str) -> Vec<String> {
    dropline_tests::in_stock_ids(sandbox_base, source, n, 1).await
}

fn sandbox_of(app: &TestApp) -> String {
    app.settings.suppliers.api_url_template.split("/suppliers/").next().unwrap().to_string()
}

async fn workplace(app: &TestApp, token: &str) -> uuid::Uuid {
    let a = app.get("/api/auth/account", Some(token)).await;
    a.data()["workplaces"][0]["id"].as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn import_prices_by_the_rule_and_blocks_a_second_import() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let t = app.signed_up("importer@example.com").await;
    let id = ids("aliexpress", 1, &sandbox_of(&app)).await.remove(0);
    let a = import(&app, &t, "aliexpress", &id).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let p = a.data().clone();
    assert_eq!(p["stage"], "import_list");
    for v in p["variants"].as_array().unwrap() {
        let (cost, price) = (v["cost"].as_f64().unwrap(), v["price"].as_f64().unwrap());
        assert!((price - cost * 2.0).abs() < 0.011, "default rule doubles the cost: {v}");
        assert!(v["stock"].as_i64().unwrap() > 0);
    }
    let again = import(&app, &t, "aliexpress", &id).await;
    assert_eq!((again.code(), again.body["message"].as_str()), (201, Some("ProductAlreadyImported")));

    let list = app.get("/api/center/products/import/listing", Some(&t)).await;
    assert_eq!(list.data()["total"], 1);
    assert_eq!(list.data()["items"][0]["id"], p["id"]);
    let stats = app.get("/api/auth/account/statistic", Some(&t)).await;
    assert_eq!(stats.data()["import_list"], 1);
    let plan = app.get("/api/payments/user/current-plan", Some(&t)).await;
    assert_eq!(plan.data()["package"]["features"]["IMPORT_PRODUCT"], json!({"limit": 50, "usage": 1}));

    assert_eq!(import(&app, &t, "aliexpress", "no-such-product").await.code(), 202);
    assert_eq!(import(&app, &t, "wish", &id).await.code(), 204);
}

#[tokio::test]
async fn the_last_quota_unit_goes_to_one_import_only() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let t = app.signed_up("racer@example.com").await;
    let w = workplace(&app, &t).await;
    let product_ids = ids("cj", 6, &sandbox_of(&app)).await;
    // 49 of 50 used: six imports race for the last unit.
    let mut tx = domain::db::begin(&app.pool).await.unwrap();
    domain::plans::quota::consume(&mut tx, w, "IMPORT_PRODUCT", 49).await.unwrap();
    tx.commit().await.unwrap();
    let answers = futures::future::join_all(product_ids.iter().map(|id| import(&app, &t, "cj", id))).await;
    let codes: Vec<i64> = answers.iter().map(|a| a.code()).collect();
    assert_eq!(codes.iter().filter(|c| **c == 200).count(), 1, "{codes:?}");
    assert_eq!(codes.iter().filter(|c| **c == 401).count(), 5, "{codes:?}");
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM products WHERE workplace_id = $1").bind(w).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 1, "a refused import stores nothing");
    let q = app.post("/api/payments/quota/calc-usage", Some(&t), json!({"feature_id": "IMPORT_PRODUCT", "usage_amount": 1})).await;
    assert_eq!(q.code(), 401);
    let q = app.post("/api/payments/quota/calc-usage", Some(&t), json!({"feature_id": "ORDER_TRACKING_NUMBERS", "usage_amount": 1})).await;
    assert_eq!(q.data(), &json!({"isOutQuota": false, "limit": 50, "usage": 1}));
    let q = app.post("/api/payments/quota/calc-usage", Some(&t), json!({"feature_id": "BULK_ORDER_FULFILLMENT"})).await;
    assert_eq!(q.code(), 401, "a 0 limit is never usable");
}

#[tokio::test]
async fn pricing_rules_apply_on_import_and_reapply() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let t = app.signed_up("pricer@example.com").await;
    let two = ids("temu", 2, &sandbox_of(&app)).await;
    let first = import(&app, &t, "temu", &two[0]).await.data().clone();
    let rule = json!({"mode": "multiplier", "ranges": [], "default_value": 3, "include_shipping": false, "compare_at": {"enabled": true, "multiplier": 2}, "cents": 0.99});
    let a = app.call("PUT", "/api/center/products/setting/update", Some(&t), None, Some(json!({ "pricing_rule": rule }))).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["pricing_rule_scope"], "workplace");
    let expect = |cost: f64| ((cost * 300.0).round() as i64 / 100 * 100 + 99) as f64 / 100.0;

    let second = import(&app, &t, "temu", &two[1]).await.data().clone();
    let v = &second["variants"][0];
    assert_eq!(v["price"].as_f64().unwrap(), expect(v["cost"].as_f64().unwrap()), "a new import uses the rule: {v}");
    assert!(v["compare_at_price"].as_f64().unwrap() > v["price"].as_f64().unwrap());

    let a = app.post("/api/center/products/pricing/reapply", Some(&t), json!({})).await;
    assert_eq!(a.data()["updated"], 2);
    let again = app.get(&format!("/api/center/products/import/{}", first["id"].as_str().unwrap()), Some(&t)).await;
    for v in again.data()["variants"].as_array().unwrap() {
        assert_eq!(v["price"].as_f64().unwrap(), expect(v["cost"].as_f64().unwrap()), "re-applied: {v}");
    }
    let got = app.get("/api/center/products/setting/get", Some(&t)).await;
    assert_eq!(got.data()["pricing_rule"]["cents"], 0.99);

    let bad = json!({"mode": "multiplier", "default_value": -1, "compare_at": {"enabled": false, "multiplier": 1}, "cents": 3});
    let a = app.call("PUT", "/api/center/products/setting/update", Some(&t), None, Some(json!({ "pricing_rule": bad }))).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    assert!(a.body["errors"]["pricing_rule.cents"].is_array());
    let foreign = json!({ "store_id": uuid::Uuid::new_v4(), "pricing_rule": rule });
    assert_eq!(app.call("PUT", "/api/center/products/setting/update", Some(&t), None, Some(foreign)).await.code(), 801);
}

#[tokio::test]
async fn the_editor_renames_removes_and_validates() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let t = app.signed_up("editor@example.com").await;
    // A product with an option of two values or more.
    let mut product = Value::Null;
    for id in ids("dropline", 20, &sandbox_of(&app)).await {
        let p = import(&app, &t, "dropline", &id).await.data().clone();
        if p["options"][0]["values"].as_array().is_some_and(|v| v.len() >= 2) {
            product = p;
            break;
        }
    }
    let path = format!("/api/center/products/import/{}", product["id"].as_str().unwrap());
    let opt = product["options"][0].clone();
    let name = opt["name"].as_str().unwrap();
    let values: Vec<String> = opt["values"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
    let mut renamed = values.clone();
    renamed[0] = "Renamed".into();
    let mut options = product["options"].clone();
    options[0] = json!({"name": "Style", "values": renamed});
    let variant = &product["variants"][0];
    let edit = json!({"title": "My product", "tags": ["summer", "Summer", " "], "options": options,
        "variants": [{"id": variant["id"], "price": 19.5}]});
    let a = app.call("PUT", &path, Some(&t), None, Some(edit)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let p = a.data();
    assert_eq!(p["title"], "My product");
    assert_eq!(p["tags"], json!(["summer"]));
    assert!(p["variants"].as_array().unwrap().iter().all(|v| v["options"].get(name).is_none() && v["options"]["Style"].is_string()));
    assert!(p["variants"].as_array().unwrap().iter().any(|v| v["options"]["Style"] == "Renamed"));
    assert_eq!(p["variants"].as_array().unwrap().iter().find(|v| v["id"] == variant["id"]).unwrap()["price"], 19.5);

    // Removing a value removes its variants.
    let before = p["variants"].as_array().unwrap().len();
    let mut options = p["options"].clone();
    options[0]["values"] = json!(renamed[1..]);
    let a = app.call("PUT", &path, Some(&t), None, Some(json!({ "options": options }))).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let after = a.data()["variants"].as_array().unwrap();
    assert!(after.len() < before && after.iter().all(|v| v["options"]["Style"] != "Renamed"));

    let off: Vec<Value> = after.iter().map(|v| json!({"id": v["id"], "enabled": false})).collect();
    let a = app.call("PUT", &path, Some(&t), None, Some(json!({ "title": " ", "variants": off }))).await;
    assert_eq!(a.code(), 204);
    assert!(a.body["errors"]["title"].is_array() && a.body["errors"]["variants"].is_array());
    assert_eq!(app.get(&path, Some(&t)).await.data()["title"], "My product", "a refused edit changes nothing");

    let kept = after[0].clone();
    let a = app
        .call(
            "PUT",
            "/api/center/products/bulk_update",
            Some(&t),
            None,
            Some(json!({"ids": [product["id"]], "tags_add": ["sale"], "price": {"op": "add", "value": 1}})),
        )
        .await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let p = app.get(&path, Some(&t)).await.data().clone();
    assert!(p["tags"].as_array().unwrap().contains(&json!("sale")));
    let repriced = &p["variants"].as_array().unwrap().iter().find(|v| v["id"] == kept["id"]).unwrap()["price"];
    assert!((repriced.as_f64().unwrap() - kept["price"].as_f64().unwrap() - 1.0).abs() < 0.001);
}

#[tokio::test]
async fn import_all_reports_each_product_and_stops_at_the_quota() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let t = app.signed_up("bulk@example.com").await;
    let w = workplace(&app, &t).await;
    let list = ids("ebay", 6, &sandbox_of(&app)).await;
    assert_eq!(import(&app, &t, "ebay", &list[0]).await.code(), 200);
    let mut tx = domain::db::begin(&app.pool).await.unwrap();
    domain::plans::quota::consume(&mut tx, w, "IMPORT_PRODUCT", 46).await.unwrap(); // 47 of 50 used
    tx.commit().await.unwrap();
    let mut data: Vec<Value> = list.iter().map(|id| json!({"source": "ebay", "source_product_id": id})).collect();
    data.push(json!({"source": "ebay", "source_product_id": "no-such-product"}));
    let a = app.post("/api/center/products/import-all", Some(&t), json!({ "import_data": data })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let tracking = a.data()["tracking_id"].as_str().unwrap().to_string();
    app.drain().await;
    app.drain().await; // a re-run finds every item finished and imports nothing twice
    let s = app.get(&format!("/api/center/products/import-all/{tracking}"), Some(&t)).await;
    let s = s.data();
    assert_eq!((s["status"].as_str(), s["total"].as_i64(), s["done"].as_i64()), (Some("done"), Some(7), Some(7)), "{s}");
    assert_eq!(s["success"].as_object().unwrap().len(), 3, "{s}");
    let failed = s["failed"].as_object().unwrap();
    assert_eq!(failed[&format!("ebay:{}", list[0])], "ProductAlreadyImported");
    assert_eq!(failed["ebay:no-such-product"], "DataNotFound");
    assert_eq!(failed.values().filter(|v| *v == "EXCEED_QUOTA_LIMIT").count(), 2, "{s}");
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM products WHERE workplace_id = $1").bind(w).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 4);

    // Quota gone: the whole batch is refused up front.
    let a = app.post("/api/center/products/import-all", Some(&t), json!({ "import_data": [{"source": "ebay", "source_product_id": list[5]}] })).await;
    assert_eq!((a.code(), a.body["message"].as_str()), (401, Some("SYSTEM_QUOTA_EXCEEDED")));
    let a = app.post("/api/center/products/import-all", Some(&t), json!({ "import_data": [{"source": "ebay"}] })).await;
    assert_eq!(a.code(), 204, "{}", a.body);
}

#[tokio::test]
async fn products_are_invisible_to_other_workplaces() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let (a_token, b_token) = (app.signed_up("a@example.com").await, app.signed_up("b@example.com").await);
    let id = ids("amazon", 1, &sandbox_of(&app)).await.remove(0);
    let p = import(&app, &a_token, "amazon", &id).await.data().clone();
    let path = format!("/api/center/products/import/{}", p["id"].as_str().unwrap());
    assert_eq!(app.get(&path, Some(&b_token)).await.code(), 202);
    assert_eq!(app.call("PUT", &path, Some(&b_token), None, Some(json!({"title": "stolen"}))).await.code(), 202);
    assert_eq!(app.get("/api/center/products/import/listing", Some(&b_token)).await.data()["total"], 0);
    let d = app.call("DELETE", "/api/center/products/import/delete", Some(&b_token), None, Some(json!({"ids": [p["id"]]}))).await;
    assert_eq!(d.data()["deleted"], 0);
    let r = app.post("/api/center/products/pricing/reapply", Some(&b_token), json!({"ids": [p["id"]]})).await;
    assert_eq!(r.data()["updated"], 0);
    assert_eq!(import(&app, &b_token, "amazon", &id).await.code(), 200, "another workplace may import the same product");
    let d = app.call("DELETE", "/api/center/products/import/delete", Some(&a_token), None, Some(json!({"ids": [p["id"]]}))).await;
    assert_eq!(d.data()["deleted"], 1);
}

#[tokio::test]
async fn duplicate_and_split_make_copies_that_are_not_imports() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let t = app.signed_up("splitter@example.com").await;
    let mut product = Value::Null;
    for id in ids("alibaba", 30, &sandbox_of(&app)).await {
        let p = import(&app, &t, "alibaba", &id).await.data().clone();
        let values = |v: &Value| {
            p["variants"].as_array().unwrap().iter().map(|x| x["options"][v.as_str().unwrap()].clone()).collect::<std::collections::HashSet<_>>().len()
        };
        if p["options"].as_array().unwrap().iter().any(|o| values(&o["name"]) >= 2) {
            product = p;
            break;
        }
    }
    let id = product["id"].as_str().unwrap().to_string();
    let a = app.post("/api/center/products/import/duplicate", Some(&t), json!({ "ids": [id] })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let copy = a.data()["product_ids"][0].as_str().unwrap().to_string();
    let c = app.get(&format!("/api/center/products/import/{copy}"), Some(&t)).await;
    assert!(c.data()["title"].as_str().unwrap().ends_with("(copy)"));
    assert_eq!(c.data()["variants"].as_array().unwrap().len(), product["variants"].as_array().unwrap().len());
    let again = import(&app, &t, "alibaba", product["source_product_id"].as_str().unwrap()).await;
    assert_eq!(again.body["message"], "ProductAlreadyImported", "the original still blocks a second import");

    let option = product["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| {
            product["variants"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v["options"][o["name"].as_str().unwrap()].clone())
                .collect::<std::collections::HashSet<_>>()
                .len()
                >= 2
        })
        .unwrap()["name"]
        .as_str()
        .unwrap()
        .to_string();
    let a = app.post(&format!("/api/center/products/import/{id}/split"), Some(&t), json!({ "option": option })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let tracking = a.data()["tracking_id"].as_i64().unwrap();
    let s = app.get(&format!("/api/center/products/unmapped/tracking-split-status/{tracking}"), Some(&t)).await;
    assert_eq!(s.data()["status"], "processing");
    app.drain().await;
    let s = app.get(&format!("/api/center/products/unmapped/tracking-split-status/{tracking}"), Some(&t)).await;
    assert_eq!(s.data()["status"], "success", "{}", s.body);
    let parts = s.data()["product_ids"].as_array().unwrap().clone();
    assert!(parts.len() >= 2);
    assert_eq!(parts[0], json!(id), "the original keeps the first value");
    let mut variants = 0;
    for part in &parts {
        let p = app.get(&format!("/api/center/products/import/{}", part.as_str().unwrap()), Some(&t)).await;
        assert!(p.data()["options"].as_array().unwrap().iter().all(|o| o["name"] != option.as_str()));
        assert!(p.data()["title"].as_str().unwrap().contains(" - "));
        variants += p.data()["variants"].as_array().unwrap().len();
    }
    assert_eq!(variants, product["variants"].as_array().unwrap().len(), "every variant lands in one part");

    let a = app.post(&format!("/api/center/products/import/{id}/split"), Some(&t), json!({ "option": "Nope" })).await;
    app.drain().await;
    let s = app.get(&format!("/api/center/products/unmapped/tracking-split-status/{}", a.data()["tracking_id"]), Some(&t)).await;
    assert_eq!(s.data()["status"], "error");
    let other = app.signed_up("other-splitter@example.com").await;
    let a = app.post(&format!("/api/center/products/import/{id}/split"), Some(&other), json!({ "option": option })).await;
    assert_eq!(a.body["message"], "DataNotFound");
}
