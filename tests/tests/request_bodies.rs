//! A request body is one JSON value: anything after it is refused as malformed, not ignored.
use dropline_tests::TestApp;
use serde_json::Value;

#[tokio::test]
async fn data_after_the_json_value_is_refused() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let send = |body: &'static str| {
        let http = app.http.clone();
        let url = format!("{}/api/auth/login", app.base);
        async move { http.post(url).header("content-type", "application/json").body(body).send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let trailing = send(r#"{"email": "a@b.c", "password": "password123"} {"email": "admin@b.c"}"#).await;
    assert_eq!(trailing["status"], 201, "refused as a bad request: {trailing}");
    assert!(trailing["message"].as_str().unwrap_or_default().contains("Malformed JSON"), "{trailing}");
    let one = send(r#"{"email": "a@b.c", "password": "password123"}  "#).await;
    assert_eq!(one["status"], 101, "one value with trailing spaces is read (a wrong password here): {one}");
}
