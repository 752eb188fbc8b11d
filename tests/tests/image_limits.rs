//! An uploaded picture is checked before it is decoded: a small PNG that declares 20,000 ×
//! 20,000 pixels (1.6 GB once decoded) is refused by its header, with a message naming its size,
//! and several at once leave the API answering (decoding runs off the async runtime).
use dropline_tests::{png_declaring, signed_up_on_sandbox};
use serde_json::Value;

#[tokio::test]
async fn a_picture_declaring_twenty_thousand_pixels_a_side_is_refused_by_its_header() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "pixels@example.com").await;
    let huge = png_declaring(20_000, 20_000);
    assert!(huge.len() < 2 * 1024 * 1024, "under the upload cap");
    let upload = || async {
        let res = app.http.post(format!("{}/api/get-product-id-by-image", app.base)).bearer_auth(&token).header("content-type", "image/png").body(huge.clone());
        res.send().await.unwrap().json::<Value>().await.unwrap()
    };
    let health = || async { app.http.get(format!("{}/api/health", app.base)).send().await.unwrap().status() };
    let (a, b, c, ok) = tokio::join!(upload(), upload(), upload(), health());
    assert_eq!(ok, 200, "the API answers while the uploads are handled");
    for body in [a, b, c] {
        assert_eq!(body["status"], 204, "{body}");
        let message = body["errors"]["image"][0].as_str().unwrap_or_default();
        assert!(message.contains("20000 × 20000"), "the owner is told the picture's size: {body}");
    }
}
