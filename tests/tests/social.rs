//! Google and Facebook sign-in: the product's half of the OAuth2 code flow.
use dropline_tests::{TestApp, signed_up_on_sandbox};

#[tokio::test]
async fn start_points_at_the_configured_provider_with_a_state() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let a = app.get("/api/auth/social/google", None).await;
    let url = a.data()["url"].as_str().unwrap().to_string();
    assert!(url.starts_with(&app.settings.oauth.google.authorize_url), "{url}");
    assert!(url.contains("response_type=code") && url.contains("state=") && url.contains("redirect_uri="));
    assert!(url.contains("%2Fauth%2Fgoogle%2Fcallback"), "the provider returns to the dashboard's callback screen: {url}");
    assert_eq!(app.get("/api/auth/social/myspace", None).await.code(), 202);
}

#[tokio::test]
async fn a_callback_with_a_forged_state_signs_nobody_in() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let app = TestApp::spawn(pool).await;
    let a = app.get("/api/auth/callback/google?code=abc&state=forged", None).await;
    assert_eq!(a.code(), 201);
    assert!(a.data().is_null());
    let a = app.get("/api/auth/callback/google?code=abc", None).await;
    assert_eq!(a.code(), 204, "a missing state is refused naming it: {}", a.body);
    assert!(a.body["errors"]["state"].is_array(), "{}", a.body);
    assert!(a.data().is_null());
}

/// Plays the browser: opens the provider page (auto-consent in the sandbox) and returns the
/// `code` and `state` the provider sends back to the dashboard's callback screen.
async fn consent(app: &TestApp, provider: &str, login_hint: &str) -> (String, String) {
    let a = app.get(&format!("/api/auth/social/{provider}"), None).await;
    let url = format!("{}&login_hint={login_hint}", a.data()["url"].as_str().unwrap());
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let res = no_redirect.get(&url).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 302, "{}", res.text().await.unwrap_or_default());
    let back = reqwest::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    assert_eq!(back.path(), format!("/auth/{provider}/callback"));
    let get = |k: &str| back.query_pairs().find(|(n, _)| n == k).map(|(_, v)| v.to_string()).unwrap();
    (get("code"), get("state"))
}

#[tokio::test]
async fn a_new_user_signs_up_with_google_and_comes_back_to_the_same_account() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox(pool).await;

    let (code, state) = consent(&app, "google", "new.user@example.com").await;
    let a = app.get(&format!("/api/auth/callback/google?code={code}&state={state}"), None).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let token = a.data()["token"].as_str().unwrap().to_string();
    let me = app.get("/api/auth/account", Some(&token)).await;
    assert_eq!(me.data()["email"], "new.user@example.com");
    assert_eq!(me.data()["first_name"], "New");
    assert_eq!(me.data()["email_verified"], true);
    assert_eq!(me.data()["workplaces"].as_array().unwrap().len(), 1);
    let first_id = me.data()["id"].clone();

    // The same code and state cannot be replayed.
    let again = app.get(&format!("/api/auth/callback/google?code={code}&state={state}"), None).await;
    assert_eq!(again.code(), 201);

    // Signing in again finds the linked account, not a second one.
    let (code, state) = consent(&app, "google", "new.user@example.com").await;
    let a = app.get(&format!("/api/auth/callback/google?code={code}&state={state}"), None).await;
    assert_eq!(a.data()["user"]["id"], first_id);
    assert_eq!(app.count("SELECT count(*) FROM users").await, 1);
}

#[tokio::test]
async fn a_social_sign_up_from_the_marketplace_app_makes_a_marketing_user() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _) = TestApp::on_sandbox(db.pool.clone()).await;
    let (code, state) = consent(&app, "google", "market.user@example.com").await;
    let url = format!("{}/api/auth/callback/google?code={code}&state={state}", app.base);
    let res = app.http.get(url).header("app", "dropline-marketplace").send().await.unwrap();
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["data"]["user"]["from_user_mkt"], true, "{body}");
    assert_eq!(body["data"]["user"]["is_user_mkt"], true, "no store yet");
    let token = body["data"]["token"].as_str().unwrap();
    // Signing in again from the web keeps where the account came from.
    assert_eq!(app.get("/api/auth/account", Some(token)).await.data()["from_user_mkt"], true);
}

#[tokio::test]
async fn facebook_sign_in_joins_the_account_with_the_same_verified_email() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _, password_token) = signed_up_on_sandbox(pool, "fay.lee@example.com").await;
    let existing = app.get("/api/auth/account", Some(&password_token)).await.data()["id"].clone();

    let (code, state) = consent(&app, "facebook", "fay.lee@example.com").await;
    let a = app.get(&format!("/api/auth/callback/facebook?code={code}&state={state}"), None).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["user"]["id"], existing);
}

#[tokio::test]
async fn a_provider_that_refuses_the_code_gives_a_clear_error() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let (app, _) = TestApp::on_sandbox_with(pool, |s| s.oauth.google.client_secret = "wrong-secret".to_string().into()).await;
    let (code, state) = consent(&app, "google", "ann@example.com").await;
    let a = app.get(&format!("/api/auth/callback/google?code={code}&state={state}"), None).await;
    assert_eq!(a.code(), 201);
    assert!(a.body["message"].as_str().unwrap().contains("google refused the sign-in"), "{}", a.body);
    assert_eq!(app.count("SELECT count(*) FROM users").await, 0);
}
