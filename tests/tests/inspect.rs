//! Store inspection: scans of the sandbox's storefronts and of pages served by the test itself,
//! the address guard (private, loopback, link-local, redirects), the size and time caps, bad
//! input and tenant isolation.
use std::collections::BTreeSet;

use dropline_tests::TestApp;
use dropline_tests::site::{Canned, ok, redirect, serve};
use serde_json::{Value, json};

/// Starts a scan of `url`, runs the queued jobs, and returns the finished scan.
async fn scan(app: &TestApp, token: &str, url: &str) -> Value {
    let a = app.post("/api/stores/inspect", Some(token), json!({ "url": url })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["status"], "processing");
    let id = a.data()["id"].as_str().unwrap().to_string();
    app.drain().await;
    let a = app.get(&format!("/api/stores/inspect/{id}"), Some(token)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

async fn refused(app: &TestApp, token: &str, url: &str, says: &str) {
    let s = scan(app, token, url).await;
    assert_eq!(s["status"], "error", "{url}: {s}");
    assert!(s["result"].is_null());
    let error = s["error"].as_str().unwrap();
    assert!(error.contains(says), "{url}: {error}");
    assert!(error.ends_with('.'), "a sentence: {error}");
    // The job says the same, for the dashboard's toast.
    let job = app.get(&format!("/api/progress/{}", s["progress_id"]), Some(token)).await;
    assert_eq!(job.data()["status"], "error");
    assert_eq!(job.data()["error"], error);
}

/// Catalogue names of the sandbox's app scripts.
fn expected_app(script: &str) -> &'static str {
    [
        ("static.klaviyo.com", "Klaviyo: Email Marketing & SMS"),
        ("cdn.judge.me", "Judge.me Product Reviews"),
        ("loox.io", "Loox Product Reviews & Photos"),
        ("connect.facebook.net", "Facebook & Instagram"),
        ("googletagmanager.com/gtag", "Google & YouTube"),
        ("analytics.tiktok.com", "TikTok"),
        ("s.pinimg.com/ct", "Pinterest"),
        ("sc-static.net", "Snapchat Ads"),
        ("static.ads-twitter.com", "X (Twitter) Pixel"),
        ("rechargecdn.com", "Recharge Subscriptions"),
        ("d3hw6dc1ow8pp2.cloudfront.net", "Okendo: Reviews & Loyalty"),
        ("cdn.reamaze.com", "Re:amaze Live Chat & Helpdesk"),
    ]
    .iter()
    .find(|(host, _)| script.contains(host))
    .unwrap_or_else(|| panic!("no expectation for {script}"))
    .1
}

/// A sandbox shop (seeded from its name) that has Klaviyo and a theme from the theme store.
async fn pick_shop(sandbox: &str) -> Value {
    for i in 0..60 {
        let shop: Value = reqwest::get(format!("{sandbox}/_sandbox/shopify/inspect-{i}.myshopify.com")).await.unwrap().json().await.unwrap();
        let apps = shop["apps"].as_array().unwrap();
        let klaviyo = apps.iter().any(|a| a.as_str().unwrap().contains("klaviyo"));
        if klaviyo && apps.len() >= 3 && !shop["theme"]["theme_store_id"].is_null() {
            return shop;
        }
    }
    panic!("no seeded shop with Klaviyo and a theme store theme");
}

#[tokio::test]
async fn a_sandbox_storefront_is_read_for_shop_theme_apps_and_products() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("scout@example.com").await;
    let shop = pick_shop(&sandbox).await;
    let domain = shop["domain"].as_str().unwrap();
    let handle = domain.trim_end_matches(".myshopify.com");

    // Before the worker runs, the scan is processing.
    let a = app.post("/api/stores/inspect", Some(&token), json!({ "url": format!("{sandbox}/shops/{domain}/") })).await;
    let id = a.data()["id"].as_str().unwrap().to_string();
    assert_eq!(app.get(&format!("/api/stores/inspect/{id}"), Some(&token)).await.data()["status"], "processing");
    app.drain().await;
    let s = app.get(&format!("/api/stores/inspect/{id}"), Some(&token)).await.data().clone();
    assert_eq!(s["status"], "success", "{s}");
    let r = &s["result"];

    assert_eq!(r["shopName"], shop["name"]);
    assert_eq!(r["storeId"], domain);
    assert_eq!(r["shopUri"], format!("{sandbox}/shops/{domain}/"));
    assert_eq!(r["shopUriOrigin"], sandbox);
    assert_eq!(r["bestSellingUrl"], format!("{sandbox}/shops/{domain}/collections/all?sort_by=best-selling"));
    assert_eq!(r["currencyActive"], shop["currency"]);
    assert_eq!(r["country"], shop["country"]);
    assert_eq!(r["platform"], "shopify");
    assert_eq!(r["title"], shop["name"]);
    assert_eq!(r["facebookUrl"], format!("https://www.facebook.com/{handle}"));
    assert_eq!(r["instagramUrl"], format!("https://www.instagram.com/{handle}"));
    assert!(r["twitterUrl"].is_null());
    assert_eq!(r["logos"], json!([format!("{sandbox}/img/logo-{handle}.png")]));

    // The theme, matched to the catalogue by its theme store id.
    assert_eq!(r["themeName"], shop["theme"]["name"]);
    assert_eq!(r["themeId"], shop["theme"]["id"]);
    assert_eq!(r["themeStoreId"], shop["theme"]["theme_store_id"]);
    assert_eq!(r["theme"]["id"], shop["theme"]["theme_store_id"]);
    assert_eq!(r["theme"]["name"], shop["theme"]["schema_name"]);
    assert_eq!(r["themeUri"], r["theme"]["theme_store_url"]);

    // Exactly the installed apps, each once, with the catalogue's fields.
    let expected: BTreeSet<&str> = shop["apps"].as_array().unwrap().iter().map(|a| expected_app(a.as_str().unwrap())).collect();
    let found: Vec<&str> = r["appUsed"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(found.len(), expected.len(), "no duplicates: {found:?}");
    assert_eq!(found.iter().copied().collect::<BTreeSet<_>>(), expected);
    let klaviyo = r["appUsed"].as_array().unwrap().iter().find(|a| a["name"] == "Klaviyo: Email Marketing & SMS").unwrap();
    assert_eq!(klaviyo["category"], "Marketing");
    assert_eq!(klaviyo["own_brand"], false);
    assert!(klaviyo["app_store_url"].as_str().unwrap().starts_with("https://apps.shopify.com/"));

    // Every public product, with its price range from the variants.
    let products = r["products"].as_array().unwrap();
    let seeded = shop["products"].as_object().unwrap();
    assert_eq!(products.len(), seeded.len());
    for p in products {
        let truth = &seeded[&p["id"].to_string()];
        let cents: Vec<i64> = truth["variants"].as_array().unwrap().iter().map(|v| v["price_cents"].as_i64().unwrap()).collect();
        assert_eq!(p["title"], truth["title"]);
        assert_eq!(p["minPrice"].as_f64().unwrap(), *cents.iter().min().unwrap() as f64 / 100.0);
        assert_eq!(p["maxPrice"].as_f64().unwrap(), *cents.iter().max().unwrap() as f64 / 100.0);
        assert_eq!(p["currency"], shop["currency"]);
        assert!(p["image"].as_str().unwrap().starts_with(&sandbox));
    }
    let job = app.get(&format!("/api/progress/{}", s["progress_id"]), Some(&token)).await;
    assert_eq!(job.data()["status"], "success");
}

const OWN_STORE: &str = r#"<!doctype html><html><head><title>Own Brand Co</title>
<meta name="description" content="Gadgets">
<script>Shopify.shop = "own-brand.myshopify.com"; Shopify.currency = {"active":"GBP","rate":"1.0"};
Shopify.theme = {"name":"Winter","id":42,"schema_name":"Impulse","theme_store_id":null};
var urls = ["https:\/\/cdn-static.okendo.io\/reviews-widget-plus\/js\/okendo-reviews.js"];</script>
<script src="https://static.klaviyo.com/onsite/js/klaviyo.js"></script>
<script src="https://d3hw6dc1ow8pp2.cloudfront.net/reviewsWidget.min.js"></script>
<script src="https://cdn.dropline.app/tracking/v2/widget.js"></script>
<script src="https://static.klaviyo.com/onsite/js/fender.js"></script>
</head><body><a href="https://x.com/ownbrand">X</a></body></html>"#;

#[tokio::test]
async fn own_apps_come_first_and_apps_are_listed_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("own@example.com").await;
    let feed = json!({"products": [{"id": 7, "handle": "lamp", "title": "Lamp", "tags": "desk, light",
        "variants": [{"price": "12.50"}, {"price": "5.00"}, {"price": "30"}], "images": []}]});
    let site = serve(vec![
        ("/", redirect("/store/")),
        ("/store/", ok("text/html; charset=utf-8", OWN_STORE)),
        ("/store/products.json", ok("application/json", feed.to_string())),
    ])
    .await;
    let s = scan(&app, &token, &format!("{}/", site.replace("127.0.0.1", "localhost"))).await;
    assert_eq!(s["status"], "success", "{s}");
    let r = &s["result"];
    let names: Vec<&str> = r["appUsed"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Dropline Order Tracking", "Klaviyo: Email Marketing & SMS", "Okendo: Reviews & Loyalty"]);
    assert_eq!(r["appUsed"][0]["own_brand"], true);
    assert_eq!(r["shopUri"], format!("{}/store/", site.replace("127.0.0.1", "localhost")), "the redirect was followed");
    assert_eq!(r["theme"]["name"], "Impulse", "matched by schema name");
    assert_eq!(r["twitterUrl"], "https://x.com/ownbrand");
    assert_eq!((r["products"][0]["minPrice"].as_f64(), r["products"][0]["maxPrice"].as_f64()), (Some(5.0), Some(30.0)));
    assert_eq!(r["products"][0]["tags"], json!(["desk", "light"]));
    assert_eq!(r["products"][0]["currency"], "GBP");
}

#[tokio::test]
async fn private_link_local_and_loopback_addresses_are_refused() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("ssrf@example.com").await;
    for url in
        ["http://10.0.0.1/", "169.254.169.254/latest/meta-data/", "http://192.168.1.20:8080/admin", "http://[::1]/", "http://[fd00::1]/", "http://100.64.1.1/"]
    {
        refused(&app, &token, url, "private, loopback or link-local").await;
    }
}

#[tokio::test]
async fn loopback_is_refused_unless_allow_listed() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox) = TestApp::on_sandbox_with(pool, |s| s.inspect.allow_hosts.clear()).await;
    let token = app.signed_up("loop@example.com").await;
    refused(&app, &token, &format!("{sandbox}/shops/acme.myshopify.com/"), "private, loopback or link-local").await;
    let by_name = sandbox.replace("127.0.0.1", "localhost");
    refused(&app, &token, &format!("{by_name}/shops/acme.myshopify.com/"), "private, loopback or link-local").await;
}

#[tokio::test]
async fn redirects_are_checked_at_every_hop_and_limited() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox_with(pool, |s| s.inspect.max_redirects = 2).await;
    let token = app.signed_up("hops@example.com").await;
    let site = serve(vec![
        ("/metadata", redirect("http://169.254.169.254/latest/meta-data/iam/")),
        ("/inside", redirect("http://192.168.0.1/")),
        ("/a", redirect("/b")),
        ("/b", redirect("/c")),
        ("/c", redirect("/d")),
        ("/d", ok("text/html", "<html></html>")),
        ("/ftp", redirect("ftp://files.example.com/")),
    ])
    .await;
    refused(&app, &token, &format!("{site}/metadata"), "169.254.169.254 points to a private").await;
    refused(&app, &token, &format!("{site}/inside"), "192.168.0.1 points to a private").await;
    refused(&app, &token, &format!("{site}/a"), "redirected more than 2 times").await;
    refused(&app, &token, &format!("{site}/ftp"), "Only http and https").await;
}

#[tokio::test]
async fn pages_over_the_size_cap_or_too_slow_are_refused() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, sandbox) = TestApp::on_sandbox_with(pool, |s| {
        s.inspect.max_bytes = 1024;
        // Generous for the pages that answer at once (a loaded machine may stall a request for
        // seconds); the slow page never answers within it (it hangs for 30 s).
        s.inspect.timeout_secs = 10;
    })
    .await;
    let token = app.signed_up("big@example.com").await;
    // The sandbox's storefront declares its length; this one only ends.
    refused(&app, &token, &format!("{sandbox}/shops/acme.myshopify.com/"), "larger than 1024 bytes").await;
    let huge = Canned { unsized_body: true, ..ok("text/html", format!("<html>{}</html>", "x".repeat(50_000))) };
    let slow = Canned { hang: true, ..ok("text/html", "") };
    let site = serve(vec![("/huge", huge), ("/slow", slow)]).await;
    refused(&app, &token, &format!("{site}/huge"), "larger than 1024 bytes").await;
    refused(&app, &token, &format!("{site}/slow"), "did not answer within 10 seconds").await;
}

#[tokio::test]
async fn pages_that_are_not_stores_say_so() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("notastore@example.com").await;
    let site = serve(vec![
        ("/blog/", ok("text/html", "<html><head><title>My blog</title></head><body>Hello</body></html>")),
        ("/api", ok("application/json", "{\"products\": 1}")),
        ("/gone", Canned { status: 410, ..ok("text/html", "gone") }),
    ])
    .await;
    refused(&app, &token, &format!("{site}/blog/"), "does not look like an online store").await;
    refused(&app, &token, &format!("{site}/api"), "did not answer with a web page").await;
    refused(&app, &token, &format!("{site}/gone"), "HTTP status 410").await;
}

#[tokio::test]
async fn bad_addresses_are_validation_errors() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let token = app.signed_up("typo@example.com").await;
    for body in [
        json!({"url": ""}),
        json!({"url": "   "}),
        json!({"url": "ftp://acme.com"}),
        json!({"url": "not an address"}),
        json!({"url": "https://user:pw@acme.com"}),
        json!({}),
    ] {
        let a = app.post("/api/stores/inspect", Some(&token), body.clone()).await;
        assert_eq!(a.code(), 204, "{body}: {}", a.body);
        assert!(a.body["errors"]["url"].is_array(), "{body}: {}", a.body);
    }
    assert_eq!(app.count("SELECT count(*) FROM store_scans").await, 0);
    assert_eq!(app.post("/api/stores/inspect", None, json!({"url": "acme.com"})).await.code(), 101);
}

#[tokio::test]
async fn a_scan_is_seen_only_in_its_workplace() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;
    let ann = app.signed_up("ann@one.com").await;
    let bob = app.signed_up("bob@two.com").await;
    let a = app.post("/api/stores/inspect", Some(&ann), json!({"url": "http://10.0.0.1/"})).await;
    let id = a.data()["id"].as_str().unwrap().to_string();
    let path = format!("/api/stores/inspect/{id}");
    assert_eq!(app.get(&path, Some(&ann)).await.code(), 200);
    let b = app.get(&path, Some(&bob)).await;
    assert_eq!(b.code(), 202, "{}", b.body);
    // Ann's other workplace does not see it either.
    let w = app.post("/api/core/workplaces", Some(&ann), json!({"name": "Second"})).await;
    let second = w.data()["id"].as_str().unwrap().to_string();
    assert_eq!(app.call("GET", &path, Some(&ann), Some(&second), None).await.code(), 202);
    assert_eq!(app.get("/api/stores/inspect/not-a-uuid", Some(&ann)).await.code(), 201);
}

#[tokio::test]
async fn the_recommended_apps_are_public_own_brand_first_and_listed_once() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    // No sign-in: /recommended/apps is a public page.
    let a = app.get("/api/apps/recommended", None).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let apps = a.data()["apps"].as_array().unwrap();
    assert!(apps.len() > 100, "the whole catalogue: {}", apps.len());
    let own = apps.iter().take_while(|x| x["own_brand"] == true).count();
    assert!(own >= 3 && apps[..own].iter().all(|x| x["name"].as_str().unwrap().starts_with("Dropline")));
    assert!(apps[own..].iter().all(|x| x["own_brand"] != true), "own apps only at the top");
    let names: BTreeSet<String> = apps.iter().map(|x| x["name"].as_str().unwrap().trim().to_lowercase()).collect();
    assert_eq!(names.len(), apps.len(), "each app once");
    assert!(apps.iter().all(|x| x.get("script_pattern").is_none()), "how apps are detected stays private");
    let categories: BTreeSet<&str> = apps.iter().filter_map(|x| x["category"].as_str()).collect();
    assert!(categories.contains("Store design") && !categories.contains("Store Design"), "{categories:?}");
}
