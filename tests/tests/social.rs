//! Google and Facebook sign-in: the product's half of the OAuth2 code flow.
use dropline_tests::TestApp;
use sqlx::PgPool;

#[sqlx::test(migrator = "jobs::db::MIGRATOR")]
async fn start_points_at_the_configured_provider_with_a_state(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let a = app.get("/api/auth/social/google", None).await;
    let url = a.data()["url"].as_str().unwrap().to_string();
    assert!(url.starts_with(&app.settings.oauth.google.authorize_url), "{url}");
    assert!(url.contains("response_type=code") && url.contains("state=") && url.contains("redirect_uri="));
    assert!(url.contains("%2Fauth%2Fgoogle%2Fcallback"), "the provider returns to the dashboard's callback screen: {url}");
    assert_eq!(app.get("/api/auth/social/myspace", None).await.code(), 202);
}

#[sqlx::test(migrator = "jobs::db::MIGRATOR")]
async fn a_callback_with_a_forged_state_signs_nobody_in(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let a = app.get("/api/auth/callback/google?code=abc&state=forged", None).await;
    assert_eq!(a.code(), 201);
    assert!(a.data().is_null());
    let a = app.get("/api/auth/callback/google?code=abc", None).await;
    assert_eq!(a.code(), 201, "a missing state is a bad request: {}", a.body);
}
