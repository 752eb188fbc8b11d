//! Only the newest password-reset link works: asking again ends the older links, and using one
//! ends the others, so a link left in an old email cannot change the password later.
use dropline_tests::TestApp;
use serde_json::json;

async fn new_link(app: &TestApp, email: &str) -> String {
    assert_eq!(app.post("/api/auth/forgot-password", None, json!({ "email": email })).await.code(), 200);
    let link = app.last_link(email).await;
    link.split_once("token=").unwrap().1.to_string()
}

#[tokio::test]
async fn an_older_reset_link_stops_working_once_a_newer_one_is_issued_or_used() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    app.signed_up("ida@shop.com").await;
    let older = new_link(&app, "ida@shop.com").await;
    let newer = new_link(&app, "ida@shop.com").await;
    assert_ne!(older, newer);
    let a = app.post("/api/auth/reset-password", None, json!({ "token": older, "password": "from-the-old-mail" })).await;
    assert_eq!(a.code(), 201, "the older link no longer works: {}", a.body);
    let a = app.post("/api/auth/reset-password", None, json!({ "token": newer, "password": "from-the-new-mail" })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(app.post("/api/auth/login", None, json!({ "email": "ida@shop.com", "password": "from-the-new-mail" })).await.code(), 200);
    assert_eq!(app.post("/api/auth/login", None, json!({ "email": "ida@shop.com", "password": "from-the-old-mail" })).await.code(), 101);
}
