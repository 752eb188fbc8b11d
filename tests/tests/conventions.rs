//! The envelope and codes of spec sections 7 and 8 for bad input, unknown routes and health.
use dropline_tests::{StatusCode, TestApp};
use serde_json::json;

#[tokio::test]
async fn malformed_json_is_bad_request_in_the_envelope() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let a = app.raw_post("/api/auth/login", "{\"email\": ").await;
    assert_eq!(a.http, StatusCode::BAD_REQUEST);
    assert_eq!(a.code(), 201);
    assert_eq!(a.body["success"], false);
    assert!(a.body["message"].as_str().unwrap().contains("Malformed JSON"));
}

#[tokio::test]
async fn wrong_types_and_missing_fields_name_the_field() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let a = app.post("/api/auth/login", None, json!({"email": "a@b.co", "password": 12})).await;
    assert_eq!(a.http, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(a.code(), 204);
    assert!(a.body["errors"]["password"][0].as_str().unwrap().contains("expected a string"));

    let a = app.post("/api/auth/login", None, json!({"email": "a@b.co"})).await;
    assert_eq!(a.code(), 204);
    assert!(a.body["errors"]["password"].is_array(), "{}", a.body);
}

#[tokio::test]
async fn every_bad_registration_field_is_reported_at_once() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let a = app.post("/api/auth/register", None, json!({"email": "not-an-email", "password": "short"})).await;
    assert_eq!(a.code(), 204);
    assert!(a.body["errors"]["email"].is_array());
    assert!(a.body["errors"]["password"].is_array());
    assert_eq!(app.count("SELECT count(*) FROM users").await, 0, "nothing is stored for a rejected form");
}

#[tokio::test]
async fn unknown_routes_and_methods_answer_in_the_envelope() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let a = app.get("/api/no/such/thing", None).await;
    assert_eq!((a.http, a.code()), (StatusCode::NOT_FOUND, 202));
    let a = app.call("DELETE", "/api/auth/login", None, None, None).await;
    assert_eq!((a.http, a.code()), (StatusCode::METHOD_NOT_ALLOWED, 203));
    let a = app.get("/api/progress/not-a-number", Some("x")).await;
    assert_eq!(a.body["success"], false);
}

#[tokio::test]
async fn signed_out_calls_are_unauthorized() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    for path in ["/api/auth/account", "/api/core/list-notification", "/api/progress"] {
        let a = app.get(path, None).await;
        assert_eq!((a.http, a.code()), (StatusCode::UNAUTHORIZED, 101), "{path}");
        let a = app.get(path, Some("forged-token")).await;
        assert_eq!(a.code(), 101, "{path}");
    }
}

#[tokio::test]
async fn health_reports_both_services_and_requests_carry_an_id() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let res = app.http.get(format!("{}/api/health", app.base)).send().await.unwrap();
    assert!(res.headers().get("x-request-id").is_some());
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["data"], json!({"postgres": true, "redis": true}));
}

#[tokio::test]
async fn openapi_lists_every_route() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let doc: serde_json::Value = app.http.get(format!("{}/api/openapi.json", app.base)).send().await.unwrap().json().await.unwrap();
    let paths = doc["paths"].as_object().unwrap();
    for p in [
        "/auth/register",
        "/auth/login",
        "/auth/logout",
        "/auth/account",
        "/auth/account/delete",
        "/auth/forgot-password",
        "/auth/reset-password",
        "/auth/send-verification-email",
        "/auth/verify-email/{id}/{code}/",
        "/auth/account/set-language",
        "/auth/account/update-meta",
        "/auth/account/statistic",
        "/auth/first-time-in-app",
        "/core/workplaces",
        "/core/workplaces/settings",
        "/core/settings/quick-start-guide",
        "/core/list-notification",
        "/payments/user/current-plan",
        "/progress/{id}",
        "/progress",
        "/health",
    ] {
        assert!(paths.contains_key(p), "{p} missing from openapi.json");
    }
}

/// Every success answer is typed in the OpenAPI document (the web's types are generated from
/// it), except the ones whose `data` is null.
#[tokio::test]
async fn every_answer_says_what_data_holds() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let doc: serde_json::Value = app.http.get(format!("{}/api/openapi.json", app.base)).send().await.unwrap().json().await.unwrap();
    let mut untyped = vec![];
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            let ok = &op["responses"]["200"];
            if ok["description"] != "data: null" && !ok["content"]["application/json"]["schema"].is_object() {
                untyped.push(format!("{method} {path}: {}", ok["description"]));
            }
        }
    }
    assert!(untyped.is_empty(), "untyped answers: {untyped:#?}");
}

#[tokio::test]
async fn a_unique_violation_names_the_field_it_protects() {
    let db = domain::db::TestDatabase::new().await;
    for (constraint, _, _) in domain::error::CONSTRAINTS {
        let found: Option<String> =
            sqlx::query_scalar("SELECT relname::text FROM pg_class WHERE relname = $1").bind(constraint).fetch_optional(&db.pool).await.unwrap();
        assert!(found.is_some(), "{constraint} is not in the migrated schema: rename it in domain::error::CONSTRAINTS");
    }
    let insert = |email: &'static str| sqlx::query("INSERT INTO users (id, email) VALUES ($1, $2)").bind(uuid::Uuid::new_v4()).bind(email).execute(&db.pool);
    insert("twin@example.com").await.unwrap();
    let twin = domain::Error::from(insert("Twin@Example.com").await.unwrap_err());
    match twin {
        domain::Error::Validation { fields, .. } => assert!(fields["email"][0].contains("already exists"), "{fields:?}"),
        other => panic!("expected a validation error on email, got {other:?}"),
    }
}
