//! Editing a pushed product from the product center: the edit saved and pushed again over the
//! stores' copies changes them in place (no twin), the product's destinations and the
//! three-way comparison answer only its workspace, and the screens' counts follow.
use dropline_tests::{StoreOwner, in_stock_ids, store_owner_of_shop, woo_rest};
use serde_json::{Value, json};

/// A USD shop (the sandbox picks a shop's currency by its name), so prices compare as sent.
async fn owner(pool: sqlx::PgPool, email: &str, shop: &str, woo: &str) -> StoreOwner {
    store_owner_of_shop(pool, email, shop, woo, &[("currency", json!({ "currency": "USD" }))]).await
}

async fn import_one(s: &StoreOwner) -> String {
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, 2).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["id"].as_str().unwrap().to_string()
}

async fn shop_titles(s: &StoreOwner, shop: &str) -> Vec<String> {
    let state: Value = reqwest::get(format!("{}/_sandbox/shopify/{shop}", s.sandbox)).await.unwrap().json().await.unwrap();
    let products: Vec<Value> = match &state["products"] {
        Value::Object(m) => m.values().cloned().collect(),
        Value::Array(a) => a.clone(),
        _ => vec![],
    };
    products.iter().filter_map(|p| p["title"].as_str().map(str::to_string)).collect()
}

#[tokio::test]
async fn an_edited_pushed_product_is_updated_in_place_in_every_store() {
    let db = domain::db::TestDatabase::new().await;
    let s = owner(db.pool.clone(), "editor@example.com", "editor-shop", "editor-woo").await;
    let id = import_one(&s).await;

    let counts = s.app.get("/api/center/products/count", Some(&s.token)).await;
    assert_eq!(counts.data(), &json!({ "import_list": 1, "pushed": 0 }), "{}", counts.body);
    s.pushed(&[&id], &[&s.shopify, &s.woo]).await;
    let counts = s.app.get("/api/center/products/count", Some(&s.token)).await;
    assert_eq!(counts.data(), &json!({ "import_list": 0, "pushed": 1 }), "a pushed product leaves the import list");
    let shop_before = shop_titles(&s, "editor-shop").await.len();

    // Where it lives: both stores, with their ids there and the last push's choices.
    let a = s.app.get(&format!("/api/center/products/platform/{id}"), Some(&s.token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let platforms = a.data()["platforms"].as_array().unwrap().clone();
    assert_eq!(platforms.len(), 2);
    let shopify = platforms.iter().find(|p| p["destination"] == s.shopify.as_str()).unwrap();
    assert_eq!(shopify["platform"], "shopify");
    assert_eq!(shopify["status"], "success");
    assert_eq!(shopify["connected"], true);
    assert!(shopify["external_id"].as_str().unwrap().starts_with("gid://shopify/Product/"));
    assert!(shopify["pushed_at"].is_string());
    let woo = platforms.iter().find(|p| p["destination"] == s.woo.as_str()).unwrap();
    assert_eq!(woo["platform"], "woocommerce");

    // The editor saves a new title and a new price for the first variant...
    let product = s.app.get(&format!("/api/center/products/import/{id}"), Some(&s.token)).await;
    let first = product.data()["variants"].as_array().unwrap().iter().find(|v| v["enabled"] == true).unwrap()["id"].clone();
    let edit = json!({ "title": "Edited Lamp From The Product Center", "variants": [{ "id": first, "price": 77.7 }] });
    let a = s.app.call("PUT", &format!("/api/center/products/import/{id}"), Some(&s.token), None, Some(edit)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    // ...and updates every destination it lives on, with that destination's own choices.
    let channels: serde_json::Map<String, Value> = platforms
        .iter()
        .map(|p| (p["destination"].as_str().unwrap().to_string(), json!({ "is_publish": p["is_publish"], "publications": p["publications"] })))
        .collect();
    let a = s.app.post("/api/center/products/update-push", Some(&s.token), json!({ "settings": { "channels": channels, "update": [id] } })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["total_push"], 0, "an update costs no listing quota");
    s.app.drain().await;

    let titles = shop_titles(&s, "editor-shop").await;
    assert_eq!(titles.len(), shop_before, "no product was added to the shop: {titles:?}");
    assert_eq!(titles.iter().filter(|t| *t == "Edited Lamp From The Product Center").count(), 1, "{titles:?}");
    let found = s.shopify_products("editor-shop", &s.remote_key(&id, &s.shopify).await).await;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["title"], "Edited Lamp From The Product Center");
    let woo_list = woo_rest(&s.app.http, &s.sandbox, "editor-woo", "products?per_page=100&status=any", None).await;
    let woo_list = woo_list.as_array().unwrap();
    assert_eq!(woo_list.len(), 1, "one WooCommerce product");
    assert_eq!(woo_list[0]["name"], "Edited Lamp From The Product Center");

    // The comparison reads each store's copy back: the new title and price are there.
    let a = s.app.get(&format!("/api/center/products/{id}/compare"), Some(&s.token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let c = a.data();
    assert_eq!(c["title"], "Edited Lamp From The Product Center");
    assert!(c["supplier_title"].is_string(), "{c}");
    let stores = c["stores"].as_array().unwrap();
    assert_eq!(stores.len(), 2);
    assert!(stores.iter().all(|st| st["title"] == "Edited Lamp From The Product Center" && st["error"].is_null()), "{stores:?}");
    let row = c["variants"].as_array().unwrap().iter().find(|v| v["variant_id"] == first).unwrap();
    assert_eq!(row["price"], 77.7);
    assert!(row["supplier_cost"].is_number(), "{row}");
    for st in row["stores"].as_array().unwrap() {
        assert_eq!(st["price"], 77.7, "{}: {row}", st["destination"]);
        assert_eq!(st["stock"], row["stock"], "{row}");
    }

    // The supplier's variants beside the product's.
    let a = s.app.get(&format!("/api/center/products/{id}/source-variants"), Some(&s.token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let sv = a.data();
    assert!(sv["supplier_error"].is_null(), "{sv}");
    assert!(sv["variants"].as_array().unwrap().iter().all(|v| v["supplier_cost"].is_number() && v["gone"] == false), "{sv}");
    assert!(sv["supplier_variants"].as_array().unwrap().iter().any(|v| v["in_product"] == true));
}

#[tokio::test]
async fn another_workspace_gets_not_found_for_the_product_center_reads() {
    let db = domain::db::TestDatabase::new().await;
    let s = owner(db.pool.clone(), "owner@example.com", "owned-shop", "owned-woo").await;
    let id = import_one(&s).await;
    s.pushed(&[&id], &[&s.shopify]).await;
    let other = s.app.signed_up("stranger@example.com").await;
    for path in
        [format!("/api/center/products/platform/{id}"), format!("/api/center/products/{id}/compare"), format!("/api/center/products/{id}/source-variants")]
    {
        assert_eq!(s.app.get(&path, Some(&s.token)).await.code(), 200, "{path}: the owner reads it");
        let a = s.app.get(&path, Some(&other)).await;
        assert_eq!(a.code(), 202, "{path}: {}", a.body);
        assert!(a.body["data"].is_null(), "{path}: nothing of it is shown");
    }
    let counts = s.app.get("/api/center/products/count", Some(&other)).await;
    assert_eq!(counts.data(), &json!({ "import_list": 0, "pushed": 0 }), "the stranger counts only their own");
    // A path that is not a product id is a bad request, never a server error.
    let a = s.app.get("/api/center/products/platform/not-an-id", Some(&s.token)).await;
    assert!(a.code() != 500 && a.code() != 200, "{}", a.body);
}
