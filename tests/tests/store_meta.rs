//! The editors' choices read from the connected store (`GET /api/products/collection/all`,
//! `/api/products/tags`): a Shopify shop's custom collections (never a smart one, which Shopify
//! fills by rules) and product tags, a WooCommerce store's categories and tags over more than one
//! page; a collection chosen in the editor reaches the store on push (an existing one by name,
//! a new name created once); a workplace without a store is sent to My Channel, and another
//! workplace's store is never read.
use dropline_tests::{StoreOwner, in_stock_ids, store_owner};
use serde_json::{Value, json};

async fn imported(s: &StoreOwner) -> String {
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, 1).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["id"].as_str().unwrap().to_string()
}

/// The editor's save of tags and collections.
async fn file_under(s: &StoreOwner, product: &str, tags: &[&str], collections: &[&str]) {
    let body = json!({ "tags": tags, "collections": collections });
    let a = s.app.call("PUT", &format!("/api/center/products/import/{product}"), Some(&s.token), None, Some(body)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
}

async fn read(s: &StoreOwner, what: &str, store: &str) -> Value {
    let a = s.app.get(&format!("/api/products/{what}?store_id={store}"), Some(&s.token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

fn titles(list: &Value) -> Vec<String> {
    list["collections"].as_array().unwrap().iter().map(|c| c["title"].as_str().unwrap().to_string()).collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect()
}

/// The sandbox shop's collections: title → (smart, product ids).
async fn shop_collections(s: &StoreOwner, shop: &str) -> Vec<(String, bool, Vec<u64>)> {
    let state: Value = reqwest::get(format!("{}/_sandbox/shopify/{shop}", s.sandbox)).await.unwrap().json().await.unwrap();
    let list = state["collections"].as_object().unwrap().values();
    list.map(|c| {
        (c["title"].as_str().unwrap().to_string(), c["smart"] == true, c["products"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).collect())
    })
    .collect()
}

#[tokio::test]
async fn a_shopify_shop_offers_its_custom_collections_and_tags_and_gets_the_chosen_ones() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "meta-shopify@example.com", "meta-shop", "meta-shop-woo").await;

    let collections = read(&s, "collection/all", &s.shopify).await;
    assert_eq!(collections["platform"], "shopify");
    assert_eq!(titles(&collections), ["Home page"], "custom collections only: a smart one takes no product by hand");
    assert!(collections["collections"][0]["id"].as_str().unwrap().starts_with("gid://shopify/Collection/"));
    let tags = read(&s, "tags", &s.shopify).await;
    assert_eq!(strings(&tags["tags"]), ["sandbox-seed"], "the tags the shop's products carry");

    let product = imported(&s).await;
    file_under(&s, &product, &["Summer"], &["home PAGE", "Gift Ideas"]).await;
    s.pushed(&[&product], &[&s.shopify]).await;
    s.assert_pushed(&product).await;
    s.pushed(&[&product], &[&s.shopify]).await;

    let handle = s.remote_key(&product, &s.shopify).await;
    let pushed = s.shopify_products("meta-shop", &handle).await;
    let pushed_id = pushed[0]["id"].as_u64().unwrap();
    let shop = shop_collections(&s, "meta-shop").await;
    let holding: Vec<&str> = shop.iter().filter(|(_, _, p)| p.contains(&pushed_id)).map(|(t, _, _)| t.as_str()).collect();
    assert!(holding.contains(&"Home page") && holding.contains(&"Gift Ideas"), "{shop:?}");
    assert_eq!(shop.iter().filter(|(t, _, _)| t == "Gift Ideas").count(), 1, "a new name is created once, however often the product is pushed");

    let after = read(&s, "collection/all", &s.shopify).await;
    assert_eq!(titles(&after), ["Gift Ideas", "Home page"], "by title");
    assert_eq!(strings(&read(&s, "tags", &s.shopify).await["tags"]), ["sandbox-seed", "Summer"]);
}

#[tokio::test]
async fn a_woocommerce_store_offers_every_page_of_its_categories_and_tags_and_gets_the_chosen_ones() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "meta-woo@example.com", "meta-woo-shop", "meta-woo").await;
    let woo = |path: &'static str, body: Value| dropline_tests::woo_rest(&s.app.http, &s.sandbox, "meta-woo", path, Some(body));
    let kitchen = woo("products/categories", json!({ "name": "Kitchen" })).await;
    // More than WooCommerce's largest page (100).
    for n in 0..101 {
        woo("products/tags", json!({ "name": format!("tag {n:03}") })).await;
    }

    let categories = read(&s, "collection/all", &s.woo).await;
    assert_eq!(categories["platform"], "woocommerce");
    assert!(titles(&categories).contains(&"Kitchen".to_string()), "{categories}");
    let tags = strings(&read(&s, "tags", &s.woo).await["tags"]);
    assert_eq!(tags.len(), 101, "both pages");
    assert_eq!((tags[0].as_str(), tags[100].as_str()), ("tag 000", "tag 100"));

    let product = imported(&s).await;
    file_under(&s, &product, &["tag 007"], &["Kitchen", "Garden"]).await;
    s.pushed(&[&product], &[&s.woo]).await;
    s.assert_pushed(&product).await;
    let key = s.remote_key(&product, &s.woo).await;
    let found = dropline_tests::woo_rest(&s.app.http, &s.sandbox, "meta-woo", &format!("products?sku={key}&status=any"), None).await;
    let filed: Vec<&str> = found[0]["categories"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(filed, ["Kitchen", "Garden"], "sent by id: the existing category and the new one: {found}");
    assert_eq!(found[0]["categories"][0]["id"], kitchen["id"]);
    assert!(titles(&read(&s, "collection/all", &s.woo).await).contains(&"Garden".to_string()));
}

#[tokio::test]
async fn without_a_store_the_owner_is_sent_to_my_channel_and_another_workplaces_store_stays_unseen() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "meta-owner@example.com", "meta-private", "meta-private-woo").await;
    let stranger = s.app.signed_up("meta-stranger@example.com").await;
    for what in ["collection/all", "tags"] {
        let a = s.app.get(&format!("/api/products/{what}"), Some(&stranger)).await;
        assert_eq!((a.code(), a.body["message"].as_str()), (103, Some("GoToMyChannel")), "{}", a.body);
        assert!(a.data().is_null());
        let a = s.app.get(&format!("/api/products/{what}?store_id={}", s.shopify), Some(&stranger)).await;
        assert_eq!(a.code(), 801, "CURRENT_SHOP_ID_INVALID, never the other workplace's store: {}", a.body);
        let a = s.app.get(&format!("/api/products/{what}?store_id=not-a-store"), Some(&s.token)).await;
        assert_eq!(a.code(), 204, "a bad id is named in the envelope: {}", a.body);
        assert!(a.body["errors"]["store_id"].is_array(), "{}", a.body);
    }
    // Without a choice, the workplace's default store (the first connected) is read.
    let a = s.app.get("/api/products/collection/all", Some(&s.token)).await;
    assert_eq!((a.code(), a.data()["store_id"].as_str()), (200, Some(s.shopify.as_str())), "{}", a.body);
}
