//! Sales channels through the sandbox: TikTok Shop, Meta catalogs, Google Merchant Center,
//! their push settings, and the rules that keep one workplace's channels its own.
use dropline_tests::{Answer, TestApp};
use serde_json::{Value, json};
use uuid::Uuid;

/// Plays the browser: opens the channel's page (the seller auto-consents in the sandbox) and
/// returns the `code` and `state` it sends back to the dashboard's bind screen.
async fn consent(app: &TestApp, token: &str, platform: &str) -> (String, String) {
    let a = app.get(&format!("/api/auth/platform/{platform}/auth"), Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let res = no_redirect.get(a.data()["url"].as_str().unwrap()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 302, "{}", res.text().await.unwrap_or_default());
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    assert_eq!(back.path(), "/app/auth/bind/platform");
    let get = |k: &str| back.query_pairs().find(|(n, _)| n == k).map(|(_, v)| v.to_string()).unwrap_or_else(|| panic!("no {k} in {back}"));
    assert_eq!(get("platform"), platform);
    (get("code"), get("state"))
}

async fn connect(app: &TestApp, token: &str, platform: &str) -> Answer {
    let (code, state) = consent(app, token, platform).await;
    app.post(&format!("/api/auth/platform/{platform}/callback"), Some(token), json!({ "code": code, "state": state })).await
}

async fn card(app: &TestApp, token: &str, channel: &str) -> Value {
    let a = app.get("/api/channels/list", Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["channels"].as_array().unwrap().iter().find(|c| c["channel"] == channel).unwrap().clone()
}

async fn put_settings(app: &TestApp, token: &str, body: Value) -> Answer {
    app.call("PUT", "/api/center/products/setting/update_channel", Some(token), None, Some(body)).await
}

async fn settings(app: &TestApp, token: &str) -> Value {
    let a = app.get("/api/center/products/setting/get", Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data()["channels"].clone()
}

/// A connected Shopify store in the user's first workplace, written directly: the settings
/// only need the row, not the install flow (tested in stores.rs).
async fn store_of(app: &TestApp, token: &str, shop: &str) -> String {
    let me = app.get("/api/auth/account", Some(token)).await;
    let (user, workplace) = (me.data()["id"].as_str().unwrap(), me.data()["workplaces"][0]["id"].as_str().unwrap());
    let id = Uuid::new_v4();
    sqlx::query("INSERT INTO stores (id, workplace_id, owner_id, platform, platform_domain, api_base, credentials) VALUES ($1, $2, $3, 'shopify', $4, $5, $6)")
        .bind(id)
        .bind(Uuid::parse_str(workplace).unwrap())
        .bind(Uuid::parse_str(user).unwrap())
        .bind(format!("{shop}.myshopify.com"))
        .bind(format!("http://127.0.0.1:1/{shop}"))
        .bind(vec![0u8; 16])
        .execute(&app.pool)
        .await
        .unwrap();
    id.to_string()
}

#[tokio::test]
async fn tiktok_connects_end_to_end_with_its_warehouses_and_a_sealed_token() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("seller@example.com").await;
    let before = card(&app, &token, "tiktok").await;
    assert_eq!((before["connected"].clone(), before["status"].clone()), (json!(false), json!("active")));

    let a = connect(&app, &token, "tiktok").await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["channel"]["connected"], true);

    let list = app.get("/api/channels/list", Some(&token)).await.data()["channels"].as_array().unwrap().clone();
    let summary: Vec<(String, String)> = list.iter().map(|c| (c["handle"].as_str().unwrap().into(), c["status"].as_str().unwrap().into())).collect();
    let want = [
        ("tiktok-ads-2", "active"),
        ("facebook-ads", "active"),
        ("google", "active"),
        ("pinterest-4", "coming_soon"),
        ("shop-72", "coming_soon"),
        ("snap-ads-sync", "coming_soon"),
        ("x-ads", "coming_soon"),
    ];
    assert_eq!(summary, want.map(|(h, s)| (h.to_string(), s.to_string())));
    assert_eq!(list[0]["account_name"], "Sandbox Seller Shop");
    assert!(list[0]["connected_at"].is_string());
    assert_eq!(list[1]["connected"], false);

    let w = app.get("/api/tiktok/warehouse", Some(&token)).await;
    assert_eq!(w.code(), 200, "{}", w.body);
    let warehouses = w.data()["warehouses"].as_array().unwrap();
    assert_eq!(warehouses.len(), 2);
    assert_eq!(warehouses[0]["is_default"], true);
    assert_eq!(warehouses[0]["effect_status"], "ENABLED");
    assert_eq!(warehouses[0]["type"], "SALES_WAREHOUSE");

    let p = app.get("/api/tiktok/listing-prerequisites", Some(&token)).await;
    assert_eq!(p.data(), &json!({"connected": true, "warehouse_ready": true, "ready": true, "missing": []}));
    assert_eq!(settings(&app, &token).await["tiktok"]["warehouse_id"], warehouses[0]["id"], "the default warehouse is preselected");

    // The token is sealed: the raw bytes do not hold it, the configured key opens it.
    let sealed: Vec<u8> = sqlx::query_scalar("SELECT credentials FROM channel_connections WHERE channel = 'tiktok'").fetch_one(&app.pool).await.unwrap();
    let sealer = domain::crypto::Sealer::from_base64(&app.settings.secrets.encryption_key).unwrap();
    let creds: domain::channels::Credentials = sealer.open_json(&sealed).unwrap();
    assert!(creds.access_token.starts_with("TTP_"), "{}", creds.access_token);
    assert!(!sealed.windows(creds.access_token.len()).any(|w| w == creds.access_token.as_bytes()));
    assert!(!String::from_utf8_lossy(&sealed).contains("access_token"));
}

#[tokio::test]
async fn forged_replayed_and_foreign_states_connect_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let ann = app.signed_up("ann@example.com").await;
    let bob = app.signed_up("bob@example.com").await;

    let forged = app.post("/api/auth/platform/tiktok/callback", Some(&ann), json!({"code": "ROW_x", "state": "forged"})).await;
    assert_eq!(forged.code(), 201, "{}", forged.body);

    // Bob cannot use Ann's state, and trying does not spoil it for Ann.
    let (code, state) = consent(&app, &ann, "tiktok").await;
    let stolen = app.post("/api/auth/platform/tiktok/callback", Some(&bob), json!({"code": code, "state": state})).await;
    assert_eq!(stolen.code(), 201, "{}", stolen.body);
    assert_eq!(card(&app, &bob, "tiktok").await["connected"], false);
    let a = app.post("/api/auth/platform/tiktok/callback", Some(&ann), json!({"code": code, "state": state})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let replay = app.post("/api/auth/platform/tiktok/callback", Some(&ann), json!({"code": code, "state": state})).await;
    assert_eq!(replay.code(), 201, "a state is single-use: {}", replay.body);

    // A state is bound to the workplace it was started in, and to its channel.
    let second = app.post("/api/core/workplaces", Some(&ann), json!({"name": "Second"})).await.data()["id"].as_str().unwrap().to_string();
    let (code, state) = consent(&app, &ann, "facebook").await;
    let elsewhere = app.call("POST", "/api/auth/platform/facebook/callback", Some(&ann), Some(&second), Some(json!({"code": code, "state": state}))).await;
    assert_eq!(elsewhere.code(), 201, "{}", elsewhere.body);
    let other_channel = app.post("/api/auth/platform/google-merchant/callback", Some(&ann), json!({"code": code, "state": state})).await;
    assert_eq!(other_channel.code(), 201, "{}", other_channel.body);
    let missing = app.post("/api/auth/platform/tiktok/callback", Some(&ann), json!({"code": "x"})).await;
    assert_eq!(missing.code(), 204, "{}", missing.body);
    assert_eq!(app.get("/api/auth/platform/myspace/auth", Some(&ann)).await.code(), 202);
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM channel_connections").fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows, 1, "only Ann's own TikTok connect went through");
}

#[tokio::test]
async fn a_refused_tiktok_code_gives_a_clear_error_and_stores_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox_with(pool, |s| s.channels.tiktok.app_secret = "wrong-secret".to_string().into()).await;
    let token = app.signed_up("seller@example.com").await;
    let a = connect(&app, &token, "tiktok").await;
    assert_eq!(a.code(), 201, "{}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains("TikTok Shop refused the authorisation (code 36004003)"), "{}", a.body);
    assert_eq!(app.count("SELECT count(*) FROM channel_connections").await, 0);
}

#[tokio::test]
async fn facebook_connects_then_links_one_of_its_own_catalogs() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("seller@example.com").await;
    let a = connect(&app, &token, "facebook").await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let ch = &a.data()["channel"];
    assert_eq!((ch["needs_link"].clone(), ch["connected"].clone()), (json!(true), json!(false)));
    let businesses = ch["options"]["businesses"].as_array().unwrap().clone();
    assert_eq!(businesses.len(), 2);
    let (business, catalog) = (businesses[0]["id"].as_str().unwrap(), businesses[0]["catalogs"][1]["id"].as_str().unwrap());
    let foreign_catalog = businesses[1]["catalogs"][0]["id"].as_str().unwrap();
    assert!(settings(&app, &token).await.get("facebook").is_none(), "no settings before the link");

    let bad = app.post("/api/auth/platform/facebook/link", Some(&token), json!({"business_id": business, "catalog_id": foreign_catalog})).await;
    assert_eq!(bad.code(), 204, "a catalog of another business: {}", bad.body);
    assert!(bad.body["errors"]["catalog_id"].is_array(), "{}", bad.body);
    let bad = app.post("/api/auth/platform/facebook/link", Some(&token), json!({"business_id": "1", "catalog_id": catalog})).await;
    assert!(bad.body["errors"]["business_id"].is_array(), "{}", bad.body);

    let ok = app.post("/api/auth/platform/facebook/link", Some(&token), json!({"business_id": business, "catalog_id": catalog})).await;
    assert_eq!(ok.code(), 200, "{}", ok.body);
    assert_eq!((ok.data()["channel"]["connected"].clone(), ok.data()["channel"]["needs_link"].clone()), (json!(true), json!(false)));
    assert_eq!(ok.data()["channel"]["account_name"], "Sandbox Dropline Co / Sandbox Catalog 2");
    let saved: (String, String) =
        sqlx::query_as("SELECT account_id, sub_account_id FROM channel_connections WHERE channel = 'facebook'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(saved, (business.to_string(), catalog.to_string()));
    assert_eq!(settings(&app, &token).await["facebook"]["is_publish"], true);
}

#[tokio::test]
async fn google_merchant_links_its_only_account_and_refuses_others() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("seller@example.com").await;
    let unlinked = app.post("/api/auth/platform/google-merchant/link", Some(&token), json!({"merchant_id": "1"})).await;
    assert_eq!(unlinked.code(), 201, "not connected yet: {}", unlinked.body);

    let a = connect(&app, &token, "google-merchant").await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let ch = &a.data()["channel"];
    assert_eq!(ch["channel"], "google");
    assert_eq!(ch["connected"], true, "a single merchant account is linked at once: {ch}");
    let merchant = ch["options"]["merchants"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(ch["account_name"], format!("Merchant Center {merchant}"));

    let bad = app.post("/api/auth/platform/google-merchant/link", Some(&token), json!({"merchant_id": "999"})).await;
    assert_eq!(bad.code(), 204, "{}", bad.body);
    assert!(bad.body["errors"]["merchant_id"].is_array());
    let ok = app.post("/api/auth/platform/google-merchant/link", Some(&token), json!({"merchant_id": merchant})).await;
    assert_eq!(ok.code(), 200, "{}", ok.body);
    assert!(settings(&app, &token).await.get("google").is_some());
}

#[tokio::test]
async fn disconnecting_drops_the_token_and_the_channel_goes_quiet() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("seller@example.com").await;
    assert_eq!(connect(&app, &token, "tiktok").await.code(), 200);
    let a = app.post("/api/auth/platform/tiktok/disconnect", Some(&token), json!({})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!((a.data()["channel"]["connected"].clone(), a.data()["channel"]["account_name"].clone()), (json!(false), Value::Null));

    let row: (String, Option<Vec<u8>>) = sqlx::query_as("SELECT status, credentials FROM channel_connections").fetch_one(&app.pool).await.unwrap();
    assert_eq!(row, ("disconnected".to_string(), None));
    let w = app.get("/api/tiktok/warehouse", Some(&token)).await;
    assert_eq!(w.code(), 201);
    assert!(w.body["message"].as_str().unwrap().contains("TikTok Shop is not connected"), "{}", w.body);
    let p = app.get("/api/tiktok/listing-prerequisites", Some(&token)).await;
    assert_eq!(p.data(), &json!({"connected": false, "warehouse_ready": false, "ready": false, "missing": ["tiktok_connection", "warehouse"]}));
    assert!(settings(&app, &token).await.get("tiktok").is_none());
    assert_eq!(card(&app, &token, "tiktok").await["connected"], false);
}

#[tokio::test]
async fn settings_start_at_the_defaults_and_keep_what_is_not_changed() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("seller@example.com").await;
    let store = store_of(&app, &token, "acme").await;
    assert_eq!(connect(&app, &token, "tiktok").await.code(), 200);

    let all = settings(&app, &token).await;
    assert_eq!(all[&store], json!({"is_publish": true, "allow_sell_out_of_stock": true, "sync_order": true, "publications": []}));
    let t = &all["tiktok"];
    assert_eq!(
        (t["weight"].clone(), t["dimension"].clone()),
        (json!({"value": 1, "unit": "kilogram"}), json!({"height": 1, "width": 1, "length": 1, "unit": "centimeter"}))
    );

    let pubs = json!([{"id": "gid://shopify/Publication/1", "handle": "online_store"}]);
    let a = put_settings(&app, &token, json!({"channel": "shopify", "store_id": store, "settings": {"is_publish": false, "publications": pubs}})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let a = put_settings(&app, &token, json!({"channel": "shopify", "store_id": store, "settings": {"sync_order": false}})).await;
    assert_eq!(a.data()["settings"], json!({"is_publish": false, "allow_sell_out_of_stock": true, "sync_order": false, "publications": pubs}));
    assert_eq!(settings(&app, &token).await[&store], a.data()["settings"]);

    let second = app.get("/api/tiktok/warehouse", Some(&token)).await.data()["warehouses"][1]["id"].clone();
    let a = put_settings(&app, &token, json!({"channel": "tiktok", "settings": {"warehouse_id": second, "weight": {"value": 250, "unit": "gram"}}})).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["settings"]["dimension"]["unit"], "centimeter");
    let t = &settings(&app, &token).await["tiktok"];
    assert_eq!((t["warehouse_id"].clone(), t["weight"].clone()), (second, json!({"value": 250, "unit": "gram"})));

    for (bad, field) in [
        (json!({"is_publish": "yes"}), "settings.is_publish"),
        (json!({"publications": [{"handle": "x"}]}), "settings.publications"),
        (json!({"weight": {"value": 0}}), "settings.weight.value"),
        (json!({"weight": {"unit": "stone"}}), "settings.weight.unit"),
        (json!({"dimension": {"width": -2, "unit": "centimeter"}}), "settings.dimension.width"),
        (json!({"dimension": {"unit": "mile"}}), "settings.dimension.unit"),
        (json!({"warehouse_id": "7000000000000000000"}), "settings.warehouse_id"),
    ] {
        let a = put_settings(&app, &token, json!({"channel": "tiktok", "settings": bad})).await;
        assert_eq!(a.code(), 204, "{bad}: {}", a.body);
        assert!(a.body["errors"][field].is_array(), "{bad}: {}", a.body);
    }
    assert_eq!(settings(&app, &token).await["tiktok"]["weight"]["value"], 250, "refused updates change nothing");

    let not_connected = put_settings(&app, &token, json!({"channel": "facebook", "settings": {"is_publish": false}})).await;
    assert_eq!(not_connected.code(), 201, "{}", not_connected.body);
    let unknown = put_settings(&app, &token, json!({"channel": "myspace", "settings": {}})).await;
    assert_eq!(unknown.code(), 204);
    let wrong_platform = put_settings(&app, &token, json!({"channel": "woocommerce", "store_id": store, "settings": {}})).await;
    assert_eq!(wrong_platform.code(), 204);
    for id in [Uuid::new_v4().to_string(), "not-a-store".to_string()] {
        let a = put_settings(&app, &token, json!({"channel": "shopify", "store_id": id, "settings": {"is_publish": false}})).await;
        assert_eq!(a.code(), 801, "{}", a.body);
    }
}

#[tokio::test]
async fn one_workplace_never_sees_or_changes_another_workplaces_channels() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let ann = app.signed_up("ann@example.com").await;
    let bob = app.signed_up("bob@example.com").await;
    let ann_store = store_of(&app, &ann, "ann-shop").await;
    let ann_workplace = app.get("/api/auth/account", Some(&ann)).await.data()["workplaces"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(connect(&app, &ann, "tiktok").await.code(), 200);
    assert_eq!(put_settings(&app, &ann, json!({"channel": "tiktok", "settings": {"is_publish": false}})).await.code(), 200);

    let bob_card = card(&app, &bob, "tiktok").await;
    assert_eq!((bob_card["connected"].clone(), bob_card["account_name"].clone()), (json!(false), Value::Null));
    assert_eq!(settings(&app, &bob).await, json!({}));
    assert_eq!(app.get("/api/tiktok/warehouse", Some(&bob)).await.code(), 201);

    let a = put_settings(&app, &bob, json!({"channel": "tiktok", "settings": {"is_publish": true}})).await;
    assert_eq!(a.code(), 201, "Bob has no TikTok connection of his own: {}", a.body);
    let a = put_settings(&app, &bob, json!({"channel": "shopify", "store_id": ann_store, "settings": {"is_publish": false}})).await;
    assert_eq!(a.code(), 801, "{}", a.body);
    let body = json!({"channel": "tiktok", "settings": {"is_publish": true}});
    let a = app.call("PUT", "/api/center/products/setting/update_channel", Some(&bob), Some(&ann_workplace), Some(body)).await;
    assert_eq!(a.code(), 202, "Ann's workplace is not Bob's: {}", a.body);
    let a = app.call("POST", "/api/auth/platform/tiktok/disconnect", Some(&bob), Some(&ann_workplace), None).await;
    assert_eq!(a.code(), 202);

    let ann_settings = settings(&app, &ann).await;
    assert_eq!(ann_settings["tiktok"]["is_publish"], false);
    assert_eq!(ann_settings[&ann_store]["is_publish"], true);
    assert_eq!(card(&app, &ann, "tiktok").await["connected"], true);
}
