//! Image tools: each edit makes a new library image of the right size and format with its
//! thumbnail, the original stays as it was, bad parameters are refused naming the edit, and the
//! library's limits and workplaces hold.
use std::io::Cursor;

use dropline_tests::{Answer, TestApp};
use image::{DynamicImage, ImageBuffer, ImageFormat, Rgba};
use serde_json::{Value, json};

const UPLOAD: &str = "/api/center/products/galleries/upload";

/// A picture whose every pixel differs from its neighbours: random-looking enough that its JPEG
/// is large, and any crop or turn is visible.
fn picture(w: u32, h: u32, format: ImageFormat) -> Vec<u8> {
    let img = DynamicImage::ImageRgba8(ImageBuffer::from_fn(w, h, |x, y| {
        let n = x.wrapping_mul(2_654_435_761).wrapping_add(y.wrapping_mul(40_503)).rotate_left(x % 13);
        Rgba([n as u8, (n >> 8) as u8, (n >> 16) as u8, 255])
    }));
    let img = if format == ImageFormat::Jpeg { DynamicImage::ImageRgb8(img.to_rgb8()) } else { img };
    let mut out = Cursor::new(vec![]);
    img.write_to(&mut out, format).unwrap();
    out.into_inner()
}

async fn uploaded(app: &TestApp, token: &str, name: &str, format: ImageFormat, w: u32, h: u32) -> Value {
    let types = [(ImageFormat::Png, "image/png"), (ImageFormat::Jpeg, "image/jpeg"), (ImageFormat::WebP, "image/webp")];
    let content_type = types.iter().find(|(f, _)| *f == format).unwrap().1;
    let a = app.post_file(UPLOAD, token, "file", name, content_type, &picture(w, h, format)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    a.data().clone()
}

async fn edit(app: &TestApp, token: &str, id: &str, body: Value) -> Answer {
    app.post(&format!("/api/center/products/galleries/{id}/edit"), Some(token), body).await
}

/// The served file's bytes.
async fn served(app: &TestApp, url: &Value) -> Vec<u8> {
    let res = app.http.get(format!("{}{}", app.base, url.as_str().unwrap())).send().await.unwrap();
    assert_eq!(res.status(), 200);
    res.bytes().await.unwrap().to_vec()
}

async fn check_result(app: &TestApp, a: &Answer, size: (u32, u32), format: ImageFormat, content_type: &str) {
    assert_eq!(a.code(), 200, "{}", a.body);
    let d = a.data();
    assert_eq!((d["width"].as_u64(), d["height"].as_u64()), (Some(size.0 as u64), Some(size.1 as u64)), "{}", a.body);
    assert_eq!(d["content_type"], content_type);
    let bytes = served(app, &d["image_url"]).await;
    assert_eq!(bytes.len() as u64, d["size"].as_u64().unwrap());
    let img = image::load_from_memory_with_format(&bytes, format).expect("the file is what its type says");
    assert_eq!((img.width(), img.height()), size);
    let thumb = image::load_from_memory_with_format(&served(app, &d["thumbnail_url"]).await, ImageFormat::Jpeg).unwrap();
    assert!(thumb.width() <= 300 && thumb.height() <= 300);
}

#[tokio::test]
async fn each_tool_makes_a_new_image_of_the_right_size_and_format_and_keeps_the_original() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("tools@example.com").await;
    let original = uploaded(&app, &token, "shoe.png", ImageFormat::Png, 400, 200).await;
    let id = original["id"].as_str().unwrap();
    let before = served(&app, &original["image_url"]).await;

    let a = edit(&app, &token, id, json!({"crop": {"x": 10, "y": 20, "width": 100, "height": 50}})).await;
    check_result(&app, &a, (100, 50), ImageFormat::Png, "image/png").await;
    assert_eq!(a.data()["name"], "shoe-edited.png");
    let a = edit(&app, &token, id, json!({"rotate": 90})).await;
    check_result(&app, &a, (200, 400), ImageFormat::Png, "image/png").await;
    let a = edit(&app, &token, id, json!({"rotate": 180})).await;
    check_result(&app, &a, (400, 200), ImageFormat::Png, "image/png").await;
    let a = edit(&app, &token, id, json!({"resize": {"width": 800, "height": 400}})).await;
    check_result(&app, &a, (800, 400), ImageFormat::Png, "image/png").await;
    let a = edit(&app, &token, id, json!({"convert": {"format": "webp"}})).await;
    check_result(&app, &a, (400, 200), ImageFormat::WebP, "image/webp").await;
    assert_eq!(a.data()["name"], "shoe-edited.webp");
    let low = edit(&app, &token, id, json!({"compress": {"quality": 10}})).await;
    check_result(&app, &low, (400, 200), ImageFormat::Jpeg, "image/jpeg").await;
    let high = edit(&app, &token, id, json!({"compress": {"quality": 95}})).await;
    assert!(low.data()["size"].as_i64() < high.data()["size"].as_i64(), "a lower quality is a smaller file");
    // A list, in order: turned first, so the crop is of the 200 × 400 picture.
    let a = edit(&app, &token, id, json!([{"rotate": 270}, {"crop": {"x": 0, "y": 100, "width": 200, "height": 300}}, {"convert": {"format": "jpeg"}}])).await;
    check_result(&app, &a, (200, 300), ImageFormat::Jpeg, "image/jpeg").await;

    // The original is unchanged and every result is its own library image.
    let still = app.get(&format!("/api/center/products/galleries/{id}"), Some(&token)).await;
    assert_eq!((still.data()["width"].as_i64(), still.data()["content_type"].as_str()), (Some(400), Some("image/png")));
    assert_eq!(served(&app, &original["image_url"]).await, before);
    let list = app.get("/api/center/products/galleries/list", Some(&token)).await;
    assert_eq!(list.data()["total"], 9, "{}", list.body);
}

#[tokio::test]
async fn bad_parameters_are_refused_naming_the_edit_and_store_nothing() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("badtools@example.com").await;
    let id = uploaded(&app, &token, "cup.jpg", ImageFormat::Jpeg, 300, 200).await["id"].as_str().unwrap().to_string();
    let cases = [
        (json!({"crop": {"x": 250, "y": 0, "width": 100, "height": 100}}), "crop", "outside the 300 × 200 picture"),
        (json!({"crop": {"x": 0, "y": 0, "width": 0, "height": 100}}), "crop", "at least 1 × 1"),
        (json!([{"rotate": 90}, {"crop": {"x": 0, "y": 0, "width": 300, "height": 10}}]), "crop", "Edit 2"),
        (json!({"rotate": 45}), "rotate", "90, 180 or 270"),
        (json!({"resize": {"width": 9000, "height": 10}}), "resize", "8000 × 8000"),
        (json!({"compress": {"quality": 101}}), "compress", "1 to 100"),
        (json!([]), "edits", "Choose an edit"),
    ];
    for (body, field, says) in cases {
        let a = edit(&app, &token, &id, body.clone()).await;
        assert_eq!(a.code(), 204, "{body}: {}", a.body);
        let message = a.body["errors"][field][0].as_str().unwrap_or_else(|| panic!("{body}: {}", a.body));
        assert!(message.contains(says), "{body}: {message}");
    }
    // Values serde cannot read are refused naming their path, never a 500.
    for (body, field) in [(json!({"convert": {"format": "gif"}}), "convert.format"), (json!({"crop": {"x": -1, "y": 0, "width": 1, "height": 1}}), "crop.x")] {
        let a = edit(&app, &token, &id, body.clone()).await;
        assert_eq!(a.code(), 204, "{body}: {}", a.body);
        assert!(a.body["errors"][field].is_array(), "{body}: {}", a.body);
    }
    let a = edit(&app, &token, &id, json!({"blur": 3})).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM gallery_images").fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows, 1, "nothing but the original");
}

#[tokio::test]
async fn a_result_over_two_megabytes_is_refused_as_image_over_size() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("hugeedit@example.com").await;
    let id = uploaded(&app, &token, "noise.jpg", ImageFormat::Jpeg, 1000, 800).await["id"].as_str().unwrap().to_string();
    // Noise at 2000 × 1600 is 9.6 MB of pixels; as a PNG it stays far over 2 MB.
    let a = edit(&app, &token, &id, json!([{"resize": {"width": 2000, "height": 1600}}, {"convert": {"format": "png"}}])).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    assert_eq!(a.data()["code"], "imageOverSize");
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM gallery_images").fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows, 1);
}

#[tokio::test]
async fn an_edit_is_the_two_hundred_fifty_first_image_refused_and_another_workplace_gets_not_found() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let ann = app.signed_up("ann@tools.com").await;
    let bob = app.signed_up("bob@tools.com").await;
    let id = uploaded(&app, &ann, "lamp.webp", ImageFormat::WebP, 60, 40).await["id"].as_str().unwrap().to_string();

    let a = edit(&app, &bob, &id, json!({"rotate": 90})).await;
    assert_eq!(a.code(), 202, "Bob cannot edit Ann's image: {}", a.body);

    let wp = app.get("/api/auth/account", Some(&ann)).await.data()["workplaces"][0]["id"].as_str().unwrap().to_string();
    sqlx::query(
        "INSERT INTO gallery_images (id, workplace_id, name, content_type, size_bytes, width, height, original_key, thumbnail_key) \
         SELECT gen_random_uuid(), $1::uuid, 'p' || i || '.png', 'image/png', 10, 1, 1, $1 || '/o' || i, $1 || '/t' || i FROM generate_series(1, 248) i",
    )
    .bind(&wp)
    .execute(&app.pool)
    .await
    .unwrap();
    assert_eq!(edit(&app, &ann, &id, json!({"rotate": 90})).await.code(), 200, "the 250th is an edit");
    let a = edit(&app, &ann, &id, json!({"rotate": 180})).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    assert!(a.body["errors"]["file"][0].as_str().unwrap().contains("at most 250 images"), "{}", a.body);
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM gallery_images").fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows, 250);
}
