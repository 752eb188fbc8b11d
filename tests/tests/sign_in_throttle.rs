//! Sign-in throttling slows the guesser, not the owner: failures count per (address, email)
//! pair with a doubling wait, the right password from another address still signs in, every
//! RATE_LIMIT answer says how long to wait in `Retry-After`, and `X-Forwarded-For` names the
//! client only when a trusted proxy sent it.
use domain::config::TrustedProxies;
use dropline_tests::{PASSWORD, TestApp};
use serde_json::{Value, json};

struct Attempt {
    http: u16,
    code: i64,
    retry_after: Option<u64>,
    body: Value,
}

async fn sign_in(app: &TestApp, email: &str, password: &str, forwarded_for: Option<&str>) -> Attempt {
    let mut req = app.http.post(format!("{}/api/auth/login", app.base)).json(&json!({"email": email, "password": password}));
    if let Some(hop) = forwarded_for {
        req = req.header("x-forwarded-for", hop);
    }
    let res = req.send().await.unwrap();
    let http = res.status().as_u16();
    let retry_after = res.headers().get("retry-after").map(|v| v.to_str().unwrap().parse().expect("Retry-After is whole seconds"));
    let body: Value = res.json().await.unwrap();
    Attempt { http, code: body["status"].as_i64().unwrap(), retry_after, body }
}

fn assert_waits(a: &Attempt, at_most: u64, what: &str) -> u64 {
    assert_eq!((a.http, a.code), (429, 229), "{what}: {}", a.body);
    assert_eq!(a.body["success"], false);
    let secs = a.retry_after.unwrap_or_else(|| panic!("{what}: no Retry-After: {}", a.body));
    assert!((1..=at_most).contains(&secs), "{what}: Retry-After {secs}, expected 1..={at_most}");
    secs
}

const GUESSER: &str = "203.0.113.9";
const OWNER: &str = "198.51.100.7";

#[tokio::test]
async fn a_guesser_is_slowed_down_while_the_owner_still_signs_in_from_elsewhere() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn_with(db.pool.clone(), |s| s.auth.trusted_proxies = TrustedProxies::parse(&["127.0.0.1"]).unwrap()).await;
    app.signed_up("ann@shop.com").await;
    for _ in 0..5 {
        assert_eq!(sign_in(&app, "ann@shop.com", "wrong-guess-here", Some(GUESSER)).await.code, 101);
    }
    assert_waits(&sign_in(&app, "ann@shop.com", PASSWORD, Some(GUESSER)).await, 30, "the guesser's address waits, even with the right password");

    let owner = sign_in(&app, "ann@shop.com", PASSWORD, Some(OWNER)).await;
    assert_eq!(owner.code, 200, "the owner, from another address, is not locked out: {}", owner.body);
    assert_waits(&sign_in(&app, "ann@shop.com", PASSWORD, Some(GUESSER)).await, 30, "the owner's sign-in does not free the guesser");

    // Once the wait is over the guesser may try again; a further failure doubles the wait.
    sqlx::query("UPDATE login_failures SET created_at = created_at - interval '31 seconds'").execute(&app.pool).await.unwrap();
    assert_eq!(sign_in(&app, "ann@shop.com", "wrong-guess-again", Some(GUESSER)).await.code, 101);
    let doubled = assert_waits(&sign_in(&app, "ann@shop.com", "wrong-guess-again", Some(GUESSER)).await, 60, "the sixth failure");
    assert!(doubled > 30, "the wait doubled: {doubled}");
}

#[tokio::test]
async fn an_address_guessing_many_emails_is_stopped_with_retry_after() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn_with(db.pool.clone(), |s| {
        s.auth.trusted_proxies = TrustedProxies::parse(&["127.0.0.0/8"]).unwrap();
        s.auth.login_failures_per_address = 3;
    })
    .await;
    app.signed_up("bea@shop.com").await;
    for who in ["a@shop.com", "b@shop.com", "c@shop.com"] {
        assert_eq!(sign_in(&app, who, "spray-guess-1", Some(GUESSER)).await.code, 101);
    }
    let window = app.settings.auth.login_window_secs as u64;
    assert_waits(&sign_in(&app, "d@shop.com", "spray-guess-1", Some(GUESSER)).await, window, "a fourth email from the spraying address");
    assert_eq!(sign_in(&app, "bea@shop.com", PASSWORD, Some(OWNER)).await.code, 200, "other addresses are not affected");
}

#[tokio::test]
async fn x_forwarded_for_from_an_untrusted_peer_is_ignored() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    assert!(app.settings.auth.trusted_proxies.client_addr("127.0.0.1".parse().unwrap(), &["203.0.113.1"]).is_loopback(), "no proxy is trusted by default");
    app.signed_up("cat@shop.com").await;
    // A guesser naming a new address in every request is still counted at its real address.
    for i in 0..5 {
        assert_eq!(sign_in(&app, "cat@shop.com", "wrong-guess-here", Some(&format!("203.0.113.{i}"))).await.code, 101);
    }
    assert_waits(&sign_in(&app, "cat@shop.com", PASSWORD, Some("203.0.113.200")).await, 30, "the spoofed header changes nothing");
}
