//! What the dashboard reports: web vitals (`POST /log/events`: a page load over one of the spec's
//! thresholds is kept for its workplace, one within them is not) and the feedback widget's answers
//! (`POST /core/mvp/feedback`); bad input is field errors and nothing is accepted without a session.
use dropline_tests::TestApp;
use serde_json::json;

#[tokio::test]
async fn a_slow_page_load_is_kept_for_its_workplace_and_a_fast_one_is_not() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("vitals@example.com").await;

    let slow = json!({ "path": "/app/orders", "lcp": 3100.5, "cls": 0.02, "inp": 80, "browser": "Chromium 156", "network": "4g" });
    let a = app.post("/api/log/events", Some(&token), slow).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["kept"], true);
    let fast = json!({ "path": "/app/orders", "lcp": 900, "cls": 0.01, "inp": 40 });
    assert_eq!(app.post("/api/log/events", Some(&token), fast).await.data()["kept"], false);
    let shifted = json!({ "path": "/app/find-product", "cls": 0.25 });
    assert_eq!(app.post("/api/log/events", Some(&token), shifted).await.data()["kept"], true);

    let kept = app.count("SELECT count(*) FROM web_vitals w JOIN users u ON u.id = w.user_id WHERE u.email = 'vitals@example.com'").await;
    assert_eq!(kept, 2);
    let lcp = app.count("SELECT (lcp_ms * 10)::bigint FROM web_vitals WHERE path = '/app/orders'").await;
    assert_eq!(lcp, 31005, "the measured LCP is kept as sent");

    let bad = app.post("/api/log/events", Some(&token), json!({ "path": "orders", "lcp": -1, "inp": 1e12 })).await;
    assert_eq!(bad.code(), 204, "{}", bad.body);
    for field in ["path", "lcp", "inp"] {
        assert!(bad.body["errors"][field].is_array(), "{field}: {}", bad.body);
    }
    assert_eq!(app.count("SELECT count(*) FROM web_vitals").await, 2, "a refused report keeps nothing");

    let anonymous = app.post("/api/log/events", None, json!({ "path": "/app", "lcp": 9000 })).await;
    assert_eq!(anonymous.code(), 101, "{}", anonymous.body);
}

#[tokio::test]
async fn the_feedback_widget_keeps_a_rating_and_refuses_a_bad_one() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("feedback@example.com").await;
    let ok = app
        .post("/api/core/mvp/feedback", Some(&token), json!({ "rating": 4, "message": " Importing ten at once was quick ", "context": "multi_import" }))
        .await;
    assert_eq!(ok.code(), 200, "{}", ok.body);
    assert_eq!(
        app.count("SELECT count(*) FROM feedback WHERE rating = 4 AND message = 'Importing ten at once was quick' AND context = 'multi_import'").await,
        1
    );
    let bad = app.post("/api/core/mvp/feedback", Some(&token), json!({ "rating": 9, "message": "x".repeat(2001), "context": "<script>" })).await;
    assert_eq!(bad.code(), 204, "{}", bad.body);
    for field in ["rating", "message", "context"] {
        assert!(bad.body["errors"][field].is_array(), "{field}: {}", bad.body);
    }
    assert_eq!(app.count("SELECT count(*) FROM feedback").await, 1, "a refused answer keeps nothing");
    assert_eq!(app.post("/api/core/mvp/feedback", None, json!({ "rating": 5 })).await.code(), 101);
}
