//! The product center's list of what a workspace imported (`GET center/products/imported_list`,
//! the mapping picker's suppliers: every imported product, paginated, never another
//! workspace's) and the bulk update of products on a sales channel
//! (`POST center/products/bulk-update/{channel}`: the edit reaches the channel's copies once, a
//! re-run lists nothing twice, and a bad channel or body is answered in the envelope).
use dropline_tests::{StoreOwner, connect_channel, in_stock_ids, store_owner};
use serde_json::{Value, json};

async fn import(s: &StoreOwner, n: usize) -> Vec<String> {
    let mut out = vec![];
    for id in in_stock_ids(&s.sandbox, "aliexpress", n, 1).await {
        let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        out.push(a.data()["id"].as_str().unwrap().to_string());
    }
    out
}

#[tokio::test]
async fn the_imported_list_pages_through_the_workspaces_own_imports() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "imported@example.com", "imported-shop", "imported-woo").await;
    let mine = import(&s, 3).await;
    s.pushed(&[&mine[0]], &[&s.shopify]).await;
    let stranger = s.app.signed_up("imported-stranger@example.com").await;

    let page = |token: String, query: &'static str| {
        let app = &s.app;
        async move { app.get(&format!("/api/center/products/imported_list{query}"), Some(&token)).await }
    };
    let first = page(s.token.clone(), "?page=1&page_size=2").await;
    assert_eq!(first.code(), 200, "{}", first.body);
    assert_eq!((first.data()["total"].clone(), first.data()["items"].as_array().unwrap().len()), (json!(3), 2));
    let second = page(s.token.clone(), "?page=2&page_size=2").await;
    let mut seen: Vec<String> =
        [&first, &second].iter().flat_map(|a| a.data()["items"].as_array().unwrap().clone()).map(|i| i["id"].as_str().unwrap().to_string()).collect();
    seen.sort();
    let mut expected = mine.clone();
    expected.sort();
    assert_eq!(seen, expected, "every import once, over both pages");
    let pushed: Vec<Value> =
        [&first, &second].iter().flat_map(|a| a.data()["items"].as_array().unwrap().clone()).filter(|i| i["id"] == mine[0].as_str()).collect();
    assert_eq!(pushed[0]["stage"], "product_center", "a pushed product stays in the list");
    assert_eq!(pushed[0]["source"], "aliexpress");

    let theirs = page(stranger, "").await;
    assert_eq!((theirs.code(), theirs.data()["total"].clone()), (200, json!(0)), "another workspace sees none: {}", theirs.body);
    assert_eq!(page(s.token.clone(), "?page_size=abc").await.code(), 204);
}

#[tokio::test]
async fn a_bulk_update_on_tiktok_reaches_its_copies_once() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "bulk-channel@example.com", "bulk-channel-shop", "bulk-channel-woo").await;
    assert_eq!(connect_channel(&s.app, &s.token, "tiktok").await.code(), 200);
    let mut ids = import(&s, 3).await;
    let never_pushed = ids.pop().unwrap();
    s.pushed(&ids, &["tiktok"]).await;
    let open_id: String = sqlx::query_scalar("SELECT account_id FROM channel_connections WHERE channel = 'tiktok'").fetch_one(&s.app.pool).await.unwrap();
    let listed = || async { reqwest::get(format!("{}/_sandbox/channels/tiktok/{open_id}", s.sandbox)).await.unwrap().json::<Value>().await.unwrap() };
    let price_of = |l: &Value, title: &str| -> f64 {
        let item = l["items"].as_array().unwrap().iter().find(|i| i["title"] == title).unwrap_or_else(|| panic!("{title} not on TikTok: {l}"));
        item["skus"][0]["price"]["amount"].as_str().unwrap().parse().unwrap()
    };
    let title: String = sqlx::query_scalar("SELECT title FROM products WHERE id = $1::uuid").bind(&ids[0]).fetch_one(&s.app.pool).await.unwrap();
    let before = price_of(&listed().await, &title);

    let body = json!({ "product_ids": ids, "price": { "op": "set", "value": 42.5 } });
    for _ in 0..2 {
        let a = s.app.post("/api/center/products/bulk-update/tiktok", Some(&s.token), body.clone()).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        assert_eq!(a.data()["progress_ids"].as_array().unwrap().len(), 2, "one progress item per product");
        s.app.drain().await;
    }
    let after = listed().await;
    assert_eq!(after["count"], 2, "a re-run lists nothing twice: {after}");
    assert_ne!(before, 42.5);
    assert_eq!(price_of(&after, &title), 42.5);
    let statuses: Vec<String> = sqlx::query_scalar("SELECT status FROM push_targets WHERE destination = 'tiktok'").fetch_all(&s.app.pool).await.unwrap();
    assert_eq!(statuses, ["success", "success"]);

    let refused = |path: &'static str, body: Value| {
        let (app, token) = (&s.app, s.token.clone());
        async move { app.post(path, Some(&token), body).await }
    };
    let a = refused("/api/center/products/bulk-update/myspace", json!({ "product_ids": ids })).await;
    assert_eq!((a.code(), a.body["errors"]["channel"].is_array()), (204, true), "{}", a.body);
    let a = refused("/api/center/products/bulk-update/google", json!({ "product_ids": ids })).await;
    assert_eq!((a.code(), a.body["errors"]["channel"].is_array()), (204, true), "not connected: {}", a.body);
    let a = refused("/api/center/products/bulk-update/tiktok", json!({ "product_ids": [] })).await;
    assert!(a.body["errors"]["product_ids"].is_array(), "{}", a.body);
    let a = refused("/api/center/products/bulk-update/tiktok", json!({ "product_ids": [never_pushed] })).await;
    assert!(a.body["errors"]["product_ids"][0].as_str().unwrap().contains("never pushed"), "{}", a.body);
    let a = refused("/api/center/products/bulk-update/tiktok", json!({ "product_ids": ids, "price": { "op": "halve", "value": 2 } })).await;
    assert_eq!(a.code(), 204, "{}", a.body);
}
