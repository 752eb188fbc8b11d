//! Sign-up, verification, sign-in, sessions, password reset and account settings.
use dropline_tests::{PASSWORD, StatusCode, TestApp};
use serde_json::json;

#[tokio::test]
async fn sign_up_verify_then_sign_in() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let a = app.post("/api/auth/register", None, json!({"email": "Ann@Shop.com", "password": PASSWORD, "first_name": "Ann"})).await;
    assert_eq!(a.code(), 200);

    let a = app.post("/api/auth/login", None, json!({"email": "ann@shop.com", "password": PASSWORD})).await;
    assert_eq!(a.code(), 110, "unverified accounts cannot sign in yet");

    let token = {
        let link = app.last_link("ann@shop.com").await;
        assert!(link.starts_with("/auth/email-verification?id="));
        let q = link.split_once('?').unwrap().1.replace("id=", "").replace("code=", "");
        let (id, code) = q.split_once('&').unwrap();
        let a = app.get(&format!("/api/auth/verify-email/{id}/{code}/"), None).await;
        assert_eq!(a.code(), 200);
        // A used link does not work twice.
        assert_eq!(app.get(&format!("/api/auth/verify-email/{id}/{code}/"), None).await.code(), 201);
        a.data()["token"].as_str().unwrap().to_string()
    };
    let me = app.get("/api/auth/account", Some(&token)).await;
    assert_eq!(me.data()["email"], "ann@shop.com");
    assert_eq!(me.data()["email_verified"], true);
    assert_eq!(me.data()["workplaces"].as_array().unwrap().len(), 1);
    assert_eq!(me.data()["workplaces"][0]["currency"], "USD");

    let a = app.post("/api/auth/login", None, json!({"email": "ANN@shop.com", "password": PASSWORD})).await;
    assert_eq!(a.code(), 200);
    assert!(a.data()["token"].as_str().unwrap().len() > 30);
}

#[tokio::test]
async fn passwords_are_stored_as_argon2() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    app.signed_up("bo@shop.com").await;
    let hash: String = sqlx::query_scalar("SELECT password_hash FROM users").fetch_one(&app.pool).await.unwrap();
    assert!(hash.starts_with("$argon2id$") && !hash.contains(PASSWORD));
}

#[tokio::test]
async fn sign_out_revokes_the_token() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("cy@shop.com").await;
    assert_eq!(app.get("/api/auth/account", Some(&token)).await.code(), 200);
    assert_eq!(app.get(SEARCH, Some(&token)).await.code(), 200, "the search remembers this session for a few seconds");
    assert_eq!(app.post("/api/auth/logout", Some(&token), json!({})).await.code(), 200);
    let a = app.get("/api/auth/account", Some(&token)).await;
    assert_eq!((a.http, a.code()), (StatusCode::UNAUTHORIZED, 101));
    assert_eq!(app.get(SEARCH, Some(&token)).await.code(), 101, "sign-out forgets the remembered session at once");
}

/// A catalogue call whose session check is remembered (`CatalogueScope`).
const SEARCH: &str = "/api/center/products/find?keyword=lamp";

#[tokio::test]
async fn expired_sessions_are_refused() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("ed@shop.com").await;
    sqlx::query("UPDATE sessions SET expires_at = now() - interval '1 second'").execute(&app.pool).await.unwrap();
    assert_eq!(app.get("/api/auth/account", Some(&token)).await.code(), 101);
}

#[tokio::test]
async fn repeated_failed_sign_ins_are_rate_limited() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    app.signed_up("dee@shop.com").await;
    for _ in 0..5 {
        let a = app.post("/api/auth/login", None, json!({"email": "dee@shop.com", "password": "wrong-password"})).await;
        assert_eq!(a.code(), 101);
    }
    let a = app.post("/api/auth/login", None, json!({"email": "dee@shop.com", "password": PASSWORD})).await;
    assert_eq!((a.http, a.code()), (StatusCode::TOO_MANY_REQUESTS, 229), "even the right password waits");
}

#[tokio::test]
async fn password_reset_signs_out_everywhere() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let old = app.signed_up("fay@shop.com").await;
    assert_eq!(app.get(SEARCH, Some(&old)).await.code(), 200);
    assert_eq!(app.post("/api/auth/forgot-password", None, json!({"email": "fay@shop.com"})).await.code(), 200);
    // Unknown addresses get the same answer, so the form reveals no accounts.
    assert_eq!(app.post("/api/auth/forgot-password", None, json!({"email": "nobody@shop.com"})).await.code(), 200);
    let link = app.last_link("fay@shop.com").await;
    let token = link.split_once("token=").unwrap().1;
    let a = app.post("/api/auth/reset-password", None, json!({"token": token, "password": "brand-new-pass"})).await;
    assert_eq!(a.code(), 200);
    assert_eq!(app.get("/api/auth/account", Some(&old)).await.code(), 101);
    assert_eq!(app.get(SEARCH, Some(&old)).await.code(), 101);
    let a = app.post("/api/auth/reset-password", None, json!({"token": token, "password": "again-new-pass"})).await;
    assert_eq!(a.code(), 201, "a reset link works once");
    assert_eq!(app.post("/api/auth/login", None, json!({"email": "fay@shop.com", "password": PASSWORD})).await.code(), 101);
    assert_eq!(app.post("/api/auth/login", None, json!({"email": "fay@shop.com", "password": "brand-new-pass"})).await.code(), 200);
}

#[tokio::test]
async fn language_is_saved_to_the_account_and_validated() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("gus@shop.com").await;
    let a = app.call("PUT", "/api/auth/account/set-language", Some(&token), None, Some(json!({"language": "ar"}))).await;
    assert_eq!(a.data()["language"], "ar");
    assert_eq!(app.get("/api/auth/account", Some(&token)).await.data()["language"], "ar");
    let a = app.call("PUT", "/api/auth/account/set-language", Some(&token), None, Some(json!({"language": "klingon"}))).await;
    assert_eq!(a.code(), 204);
    assert_eq!(app.get("/api/auth/account", Some(&token)).await.data()["language"], "ar");
}

#[tokio::test]
async fn deleting_the_account_removes_it_and_its_workplaces() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("hal@shop.com").await;
    assert_eq!(app.get(SEARCH, Some(&token)).await.code(), 200);
    assert_eq!(app.call("DELETE", "/api/auth/account/delete", Some(&token), None, None).await.code(), 200);
    assert_eq!(app.get("/api/auth/account", Some(&token)).await.code(), 101);
    assert_eq!(app.get(SEARCH, Some(&token)).await.code(), 101);
    assert_eq!(app.count("SELECT count(*) FROM workplaces").await, 0);
}

#[tokio::test]
async fn quick_start_guide_steps_and_dismiss() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let token = app.signed_up("ida@shop.com").await;
    let g = app.get("/api/core/settings/quick-start-guide", Some(&token)).await;
    assert_eq!(g.data()["steps"]["CHOOSE_A_PLAN"], true);
    assert_eq!(g.data()["active_step"], "FIND_AND_IMPORT");
    let g = app.post("/api/core/settings/quick-start-guide", Some(&token), json!({"step": "FIND_AND_IMPORT"})).await;
    assert_eq!(g.data()["active_step"], "PUSH_PRODUCT");
    let g = app.post("/api/core/settings/quick-start-guide", Some(&token), json!({"dismiss": true})).await;
    assert_eq!(g.data()["dismiss"], true);
    let g = app.post("/api/core/settings/quick-start-guide", Some(&token), json!({"step": "NOPE"})).await;
    assert_eq!(g.code(), 204);
}
