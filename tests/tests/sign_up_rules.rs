//! Choosing a password refuses common and trivial ones, wherever it is chosen; and the sign-up
//! form does not tell who has an account: a taken email gets a new account's answer, and its
//! owner an email.
use dropline_tests::{PASSWORD, TestApp};
use serde_json::{Value, json};

const WEAK: [&str; 4] = ["password", "12345678", "        ", "password123"];

fn refused_as_weak(a: &dropline_tests::Answer, what: &str) {
    assert_eq!((a.http.as_u16(), a.code()), (422, 204), "{what}: {}", a.body);
    let message = a.body["errors"]["password"][0].as_str().unwrap_or_default();
    assert!(message.contains("too easy to guess"), "{what}: {}", a.body);
}

#[tokio::test]
async fn weak_passwords_are_refused_at_sign_up_and_reset() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    for (i, weak) in WEAK.iter().enumerate() {
        let a = app.post("/api/auth/register", None, json!({"email": format!("w{i}@shop.com"), "password": weak, "first_name": "W"})).await;
        refused_as_weak(&a, weak);
    }
    let a = app.post("/api/auth/register", None, json!({"email": "kim.lee@shop.com", "password": "kim.lee@shop.com", "first_name": "Kim"})).await;
    refused_as_weak(&a, "the email as the password");
    assert_eq!(app.count("SELECT count(*) FROM users").await, 0, "no account was made with a weak password");

    app.signed_up("rae@shop.com").await;
    assert_eq!(app.post("/api/auth/forgot-password", None, json!({"email": "rae@shop.com"})).await.code(), 200);
    let link = app.last_link("rae@shop.com").await;
    let token = link.split_once("token=").unwrap().1;
    for weak in WEAK {
        refused_as_weak(&app.post("/api/auth/reset-password", None, json!({"token": token, "password": weak})).await, weak);
    }
    let a = app.post("/api/auth/reset-password", None, json!({"token": token, "password": "lantern-quarry-mosaic"})).await;
    assert_eq!(a.code(), 200, "the refusals did not use up the link, and a strong password is taken: {}", a.body);
}

#[tokio::test]
async fn registering_a_taken_email_answers_as_a_new_one_and_emails_the_owner() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let new = app.post("/api/auth/register", None, json!({"email": "New@Shop.com", "password": PASSWORD, "first_name": "Nia"})).await;
    app.signed_up("owner@shop.com").await;
    let mails_before = app.get("/api/dev/outbox?to=owner@shop.com", None).await.data()["items"].as_array().unwrap().len();

    let taken = app.post("/api/auth/register", None, json!({"email": "OWNER@shop.com", "password": "another-strong-tulip", "first_name": "Eve"})).await;
    assert_eq!((taken.http, taken.code()), (new.http, 200), "{}", taken.body);
    assert_eq!(taken.body["message"], new.body["message"]);
    assert_eq!(shape(&taken.body), shape(&new.body), "the same fields of the same types");
    assert_eq!(taken.data()["email"], "owner@shop.com");
    let owner_id: uuid::Uuid = sqlx::query_scalar("SELECT id FROM users WHERE email = 'owner@shop.com'").fetch_one(&app.pool).await.unwrap();
    assert_ne!(taken.data()["id"], json!(owner_id), "the answer does not reveal the account's id");
    assert_eq!(app.count("SELECT count(*) FROM users").await, 2, "no second account");

    let mails = app.get("/api/dev/outbox?to=owner@shop.com", None).await;
    let items = mails.data()["items"].as_array().unwrap();
    assert_eq!(items.len(), mails_before + 1, "the owner gets one notice: {mails:?}", mails = mails.body);
    let notice = &items[0];
    assert!(notice["subject"].as_str().unwrap().contains("tried to create a Dropline account"), "{notice}");
    assert!(notice["body"].as_str().unwrap().contains("/login"), "{notice}");
    assert!(notice["link"].as_str().unwrap().ends_with("/forgot-password"), "{notice}");
    let a = app.post("/api/auth/login", None, json!({"email": "owner@shop.com", "password": PASSWORD})).await;
    assert_eq!(a.code(), 200, "the owner's password is unchanged: {}", a.body);

    // Trying again at once does not flood the owner's inbox.
    let again = app.post("/api/auth/register", None, json!({"email": "owner@shop.com", "password": "another-strong-tulip"})).await;
    assert_eq!(again.code(), 200);
    let after = app.get("/api/dev/outbox?to=owner@shop.com", None).await.data()["items"].as_array().unwrap().len();
    assert_eq!(after, mails_before + 1);
}

/// The envelope with every value replaced by its JSON type.
fn shape(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), shape(v))).collect()),
        Value::Array(a) => Value::Array(a.iter().map(shape).collect()),
        Value::String(_) => json!("string"),
        Value::Number(_) => json!("number"),
        Value::Bool(_) => json!("bool"),
        Value::Null => Value::Null,
    }
}
