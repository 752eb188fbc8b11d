//! The order center's calls: preview against what the supplier charges, the user's edits
//! (address, shipping method, mark, archive, fail and revert, manual fulfil, columns) and the
//! list's filters, with bad input answered in the envelope.
use serde_json::{Value, json};

use crate::order_support as support;

use support::{Shop, customer_buys, fund, shop_with_product, supplier_stock, tab};

async fn ready_id(sh: &Shop) -> i64 {
    customer_buys(sh, 1, None).await;
    tab(sh, "placement", "ready").await[0]["id"].as_i64().unwrap()
}

async fn put(sh: &Shop, path: &str, body: Value) -> dropline_tests::Answer {
    sh.s.app.call("PUT", path, Some(&sh.s.token), None, Some(body)).await
}

#[tokio::test]
async fn the_preview_costs_what_the_supplier_charges() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "preview@example.com", "preview-shop").await;
    let id = ready_id(&sh).await;
    let p = sh.s.app.post("/api/orders/v4/preview", Some(&sh.s.token), json!({ "order_ids": [id] })).await;
    assert_eq!(p.code(), 200, "{}", p.body);
    let source = &p.data()["orders"][0]["sources"][0];
    assert_eq!(source["source"], "dropline");
    assert_eq!(source["placeable"], true, "{source}");
    // Its lines are named as the owner knows them: the store holds Dropline's own SKU (DL- and the
    // variant's id), which the preview leaves out for the supplier's SKU.
    let line = &tab(&sh, "placement", "ready").await[0]["line_items"][0];
    let item = &source["items"][0];
    assert!(line["sku"].as_str().unwrap().starts_with("DL-"), "{line}");
    assert_eq!((&item["id"], &item["title"], &item["sku_id"], &item["quantity"]), (&line["id"], &line["title"], &line["sku_id"], &line["quantity"]));
    assert_eq!(item["sku"], Value::Null, "{item}");
    // (Dropline's own catalogue names its SKUs "DL-000123-0": a supplier SKU, which stays.)
    assert!(!item.to_string().contains(line["sku"].as_str().unwrap()), "{item}");
    let options = line["variant_title"].as_str().filter(|t| *t != "Default Title");
    assert_eq!(item["variant_title"].as_str(), options, "{item}");
    let confirm = sh.s.app.post("/api/orders/v4/confirm", Some(&sh.s.token), json!({ "order_ids": [id] })).await;
    assert_eq!(confirm.data()["total"], p.data()["total"]);
    fund(&sh, 100_000).await;
    sh.s.app.post("/api/orders/v5/create", Some(&sh.s.token), json!({ "order_ids": [id], "pay": "wallet" })).await;
    sh.s.app.drain().await;
    let placed = &tab(&sh, "payment", "order_placed").await[0]["source_orders"][0];
    assert_eq!(placed["total"], source["total"], "preview {source} vs supplier {placed}");
    assert_eq!(placed["shipping_cost"], source["shipping_cost"]);
}

#[tokio::test]
async fn the_user_edits_an_order_and_bad_input_names_each_field() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "editor@example.com", "editor-shop").await;
    let id = ready_id(&sh).await;

    let bad =
        sh.s.app
            .post(
                "/api/orders/update-customer",
                Some(&sh.s.token),
                json!({ "order_id": id, "address": { "name": " ", "country_code": "Narnia" }, "email": "nope" }),
            )
            .await;
    assert_eq!(bad.code(), 204, "{}", bad.body);
    for field in ["name", "address1", "city", "zip", "country_code", "email"] {
        assert!(bad.body["errors"][field].is_array(), "{field} named: {}", bad.body);
    }
    let address = json!({ "name": "Ada Lovelace", "address1": "12 St James's Square", "city": "London", "zip": "SW1Y 4JH", "country_code": "gb" });
    let ok = sh.s.app.post("/api/orders/update-customer", Some(&sh.s.token), json!({ "order_id": id, "address": address })).await;
    assert_eq!(ok.code(), 200, "{}", ok.body);
    assert_eq!(ok.data()["country_code"], "GB");
    assert_eq!(ok.data()["address"]["city"], "London");

    let order = sh.s.app.get(&format!("/api/orders/v5/detail/{id}"), Some(&sh.s.token)).await;
    let line = order.data()["line_items"][0]["id"].as_i64().unwrap();
    let options =
        sh.s.app.get(&format!("/api/product-sources/logistics/{}/{}?country_code=GB&quantity=1", sh.source, sh.source_product_id), Some(&sh.s.token)).await;
    let methods: Vec<String> = options.data()["options"].as_array().unwrap().iter().map(|o| o["code"].as_str().unwrap().to_string()).collect();
    assert!(methods.len() >= 2, "{}", options.body);
    let method = methods.last().unwrap();
    let a = sh.s.app.post(&format!("/api/orders/{id}/save-shipping"), Some(&sh.s.token), json!({ "line_item_id": line, "service_name": method })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["line_items"][0]["shipping_info"]["service_name"], method.as_str());
    let a =
        sh.s.app.post(&format!("/api/orders/{id}/save-shipping"), Some(&sh.s.token), json!({ "line_item_id": line, "service_name": "NO_SUCH_METHOD" })).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    assert!(a.body["errors"]["service_name"].is_array());

    // Mark, then filter by the mark; archive hides it.
    assert_eq!(put(&sh, "/api/orders/v5/mark-order", json!({ "orders": [id], "marked": true })).await.data()["updated"], 1);
    let marked = sh.s.app.get("/api/orders/v5/list?tab=placement&mark_order=1", Some(&sh.s.token)).await;
    assert_eq!(marked.data()["total"], 1);
    assert_eq!(sh.s.app.get("/api/orders/v5/list?tab=placement&mark_order=0", Some(&sh.s.token)).await.data()["total"], 0);
    // A full page and a page past the end count the tab (a short page's total is derived).
    for (page, items) in [(1, 1), (2, 0)] {
        let l = sh.s.app.get(&format!("/api/orders/v5/list?tab=placement&mark_order=1&page_size=1&page={page}"), Some(&sh.s.token)).await;
        assert_eq!((&l.data()["total"], l.data()["items"].as_array().map(|i| i.len())), (&json!(1), Some(items)), "{}", l.body);
    }

    // Update to failed, then revert.
    assert_eq!(put(&sh, "/api/orders/v4/update-to-fail", json!({ "orders": [id] })).await.data()["updated"], 1);
    assert!(tab(&sh, "placement", "ready").await.is_empty());
    let a = sh.s.app.post("/api/orders/v5/revert-order", Some(&sh.s.token), json!({ "orders": [id] })).await;
    assert_eq!(a.data()["updated"], 1);
    assert_eq!(tab(&sh, "placement", "ready").await.len(), 1);

    assert_eq!(put(&sh, "/api/orders/v5/mark-archive", json!({ "orders": [id], "archived": true })).await.data()["updated"], 1);
    assert!(tab(&sh, "placement", "ready").await.is_empty(), "archived orders leave the list");

    let logs = sh.s.app.get(&format!("/api/orders/v4/order_log/order/{id}"), Some(&sh.s.token)).await;
    let events: Vec<&str> = logs.data()["items"].as_array().unwrap().iter().map(|l| l["event"].as_str().unwrap()).collect();
    assert!(events.contains(&"customer_updated") && events.contains(&"updated_to_failed") && events.contains(&"reverted"), "{events:?}");
}

#[tokio::test]
async fn a_manual_fulfilment_calls_no_supplier_and_columns_and_filters_are_checked() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "manual@example.com", "manual-shop").await;
    let id = ready_id(&sh).await;
    let stock = supplier_stock(&sh).await;
    let a = put(&sh, "/api/orders/v4/manually-fulfill", json!({ "order_id": id, "source": "dropline", "order_no": "AE-BY-HAND-1" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["status"], "order_placed");
    assert_eq!(a.data()["source_orders"][0]["order_no"], "AE-BY-HAND-1");
    sh.s.app.drain().await;
    assert_eq!(supplier_stock(&sh).await, stock, "nothing was ordered at the supplier");
    assert_eq!(tab(&sh, "payment", "order_placed").await.len(), 1);

    let cols = json!([{ "key": "order_id", "visible": true }, { "key": "shipping_time", "visible": false }]);
    sh.s.app.post("/api/core/workplaces/settings/order-column-list", Some(&sh.s.token), json!({ "columns": cols })).await;
    assert_eq!(sh.s.app.get("/api/core/workplaces/settings/order-column-list", Some(&sh.s.token)).await.data()["columns"], cols);

    let bad = sh.s.app.get("/api/orders/v5/list?tab=placement&from_date=yesterday&page_size=500&source=nowhere&status=lost", Some(&sh.s.token)).await;
    assert_eq!(bad.code(), 204, "{}", bad.body);
    for field in ["from_date", "page_size", "source", "status"] {
        assert!(bad.body["errors"][field].is_array(), "{field}: {}", bad.body);
    }
    let old = sh.s.app.get("/api/orders/v5/list?tab=payment&from_date=2020-01-01&to_date=2020-01-31", Some(&sh.s.token)).await;
    assert_eq!(old.data()["total"], 0, "outside the date range");
    // The date range narrows the list, never the tab counts: the order still counts as waiting.
    let counts = sh.s.app.get("/api/orders/v5/count-order-status?from_date=2020-01-01&to_date=2020-01-31", Some(&sh.s.token)).await;
    assert_eq!(counts.data()["payment"]["all"], 1, "{}", counts.body);
    let by_store_count = sh.s.app.get(&format!("/api/orders/v5/count-order-status?channel={}", sh.s.woo), Some(&sh.s.token)).await;
    assert_eq!(by_store_count.data()["payment"]["all"], 0, "the other filters still apply: {}", by_store_count.body);
    let by_source = sh.s.app.get("/api/orders/v5/list?tab=payment&source=cj", Some(&sh.s.token)).await;
    assert_eq!(by_source.data()["total"], 0);
    let by_store = sh.s.app.get(&format!("/api/orders/v5/list?tab=payment&channel={}", sh.s.woo), Some(&sh.s.token)).await;
    assert_eq!(by_store.data()["total"], 0, "the order came from the Shopify store");
}
