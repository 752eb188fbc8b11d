//! Every workplace-scoped call stays inside the caller's workplaces.
use dropline_tests::TestApp;
use serde_json::json;

#[tokio::test]
async fn another_tenants_workplace_and_jobs_are_not_found() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let ann = app.signed_up("ann@one.com").await;
    let bob = app.signed_up("bob@two.com").await;
    let ann_me = app.get("/api/auth/account", Some(&ann)).await;
    let ann_wp = ann_me.data()["workplaces"][0]["id"].as_str().unwrap().to_string();
    let ann_id = ann_me.data()["id"].as_str().unwrap().to_string();

    // Ann's first visit queues a job in her workplace.
    let a = app.post("/api/auth/first-time-in-app", Some(&ann), json!({"owner_id": ann_id})).await;
    let job = a.data()["progress_id"].as_i64().unwrap();
    assert_eq!(app.get(&format!("/api/progress/{job}"), Some(&ann)).await.code(), 200);

    // Bob naming Ann's workplace, or Ann's job, gets NOT_FOUND.
    for path in ["/api/core/settings/quick-start-guide", "/api/core/list-notification", "/api/progress"] {
        let a = app.call("GET", path, Some(&bob), Some(&ann_wp), None).await;
        assert_eq!(a.code(), 202, "{path}: {}", a.body);
    }
    assert_eq!(app.get(&format!("/api/progress/{job}"), Some(&bob)).await.code(), 202);
    let a = app.call("POST", "/api/core/workplaces/settings", Some(&bob), Some(&ann_wp), Some(json!({"settings": {"display_currency": "EUR"}}))).await;
    assert_eq!(a.code(), 202);
    let currency: String = sqlx::query_scalar("SELECT currency FROM workplaces WHERE id = $1::uuid").bind(&ann_wp).fetch_one(&app.pool).await.unwrap();
    assert_eq!(currency, "USD", "Bob changed nothing of Ann's");

    // Bob cannot run Ann's first-visit job either.
    let a = app.post("/api/auth/first-time-in-app", Some(&bob), json!({"owner_id": ann_id})).await;
    assert_eq!(a.code(), 103);
}

#[tokio::test]
async fn a_user_switches_between_own_workplaces() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("cat@three.com").await;
    let a = app.post("/api/core/workplaces", Some(&token), json!({"name": "EU shop", "currency": "eur"})).await;
    assert_eq!(a.data()["currency"], "EUR");
    let eu = a.data()["id"].as_str().unwrap().to_string();
    let a = app.call("POST", "/api/core/workplaces/settings", Some(&token), Some(&eu), Some(json!({"settings": {"display_currency": "GBP"}}))).await;
    assert_eq!(a.data()["currency"], "GBP");
    let me = app.get("/api/auth/account", Some(&token)).await;
    let names: Vec<_> = me.data()["workplaces"].as_array().unwrap().iter().map(|w| w["name"].as_str().unwrap().to_string()).collect();
    assert_eq!(names, ["My workplace", "EU shop"]);
    let a = app.post("/api/core/workplaces", Some(&token), json!({"name": "  "})).await;
    assert_eq!(a.code(), 204);
}
