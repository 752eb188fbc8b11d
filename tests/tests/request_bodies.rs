//! A request body is one JSON value: anything after it is refused as malformed, not ignored;
//! and a request too large to read (its body, its address or its headers) is answered in the
//! envelope with the HTTP status that says which, not as plain text or an empty answer.
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

#[tokio::test]
async fn requests_too_large_to_read_are_answered_in_the_envelope() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let envelope = |res: reqwest::Response| async move {
        let http = res.status().as_u16();
        let text = res.text().await.unwrap();
        let body: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{http} is not the envelope: {text:?}"));
        assert_eq!((body["status"].as_u64(), body["success"].as_bool()), (Some(201), Some(false)), "{body}");
        (http, body["message"].as_str().unwrap_or_default().to_string())
    };
    let login = format!("{}/api/auth/login", app.base);

    let big = format!(r#"{{"email": "a@b.c", "password": "{}"}}"#, "x".repeat(3 * 1024 * 1024));
    let (http, message) = envelope(app.http.post(&login).header("content-type", "application/json").body(big).send().await.unwrap()).await;
    assert_eq!(http, 413, "{message}");

    let long = format!("{}/api/orders/v5/list?keyword={}", app.base, "a".repeat(10 * 1024));
    let (http, message) = envelope(app.http.get(long).send().await.unwrap()).await;
    assert_eq!(http, 414, "{message}");

    let (http, message) = envelope(app.http.get(format!("{}/api/health", app.base)).header("x-padding", "p".repeat(20 * 1024)).send().await.unwrap()).await;
    assert_eq!(http, 431, "{message}");

    let ordinary = app.http.get(format!("{}/api/health", app.base)).header("x-padding", "p".repeat(2 * 1024)).send().await.unwrap();
    assert_eq!(ordinary.status().as_u16(), 200, "ordinary requests still pass");
}
