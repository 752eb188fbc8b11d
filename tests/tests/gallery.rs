//! The image library (issue 21): uploads are sniffed, sized and bounded before they are
//! decoded; the list, the files and deleting stay inside the workplace; a refusal stores nothing.
use std::io::Cursor;
use std::path::Path;
use std::time::{Duration, Instant};

use dropline_tests::{Answer, TestApp, png_declaring};
use image::{DynamicImage, ImageBuffer, ImageFormat, Rgba};
use serde_json::Value;

const UPLOAD: &str = "/api/center/products/galleries/upload";

pub(crate) fn picture(w: u32, h: u32, format: ImageFormat) -> Vec<u8> {
    let img = DynamicImage::ImageRgba8(ImageBuffer::from_fn(w, h, |x, y| Rgba([(x % 256) as u8, (y % 256) as u8, 120, 255])));
    let img = if format == ImageFormat::Jpeg { DynamicImage::ImageRgb8(img.to_rgb8()) } else { img };
    let mut out = Cursor::new(vec![]);
    img.write_to(&mut out, format).unwrap();
    out.into_inner()
}

/// Sends `bytes` as the form's `file` field named `name`.
pub(crate) async fn upload(app: &TestApp, token: &str, name: &str, content_type: &str, bytes: &[u8]) -> Answer {
    app.post_file(UPLOAD, token, "file", name, content_type, bytes).await
}

fn files_in(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries.map(|e| e.unwrap().path()).map(|p| if p.is_dir() { files_in(&p) } else { 1 }).sum()
}

pub(crate) async fn stored(app: &TestApp) -> (i64, usize) {
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM gallery_images").fetch_one(&app.pool).await.unwrap();
    (rows, files_in(&app.settings.gallery.dir))
}

#[tokio::test]
async fn a_png_and_a_jpeg_are_listed_with_thumbnails_and_served_with_long_cache_headers() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("gallery@example.com").await;

    let png = upload(&app, &token, "wide.png", "image/png", &picture(1200, 600, ImageFormat::Png)).await;
    assert_eq!(png.code(), 200, "{}", png.body);
    let jpg = upload(&app, &token, "Tall Photo.JPG", "image/jpeg", &picture(400, 1000, ImageFormat::Jpeg)).await;
    assert_eq!(jpg.code(), 200, "{}", jpg.body);

    let list = app.get("/api/center/products/galleries/list?page=1", Some(&token)).await;
    assert_eq!(list.data()["total"], 2, "{}", list.body);
    let items = list.data()["items"].as_array().unwrap();
    assert_eq!(items[0]["name"], "Tall Photo.JPG", "newest first");
    assert_eq!((items[0]["width"].as_i64(), items[0]["height"].as_i64()), (Some(400), Some(1000)));
    assert_eq!((items[1]["width"].as_i64(), items[1]["height"].as_i64()), (Some(1200), Some(600)));

    for (item, content_type, thumb_size) in [(&items[0], "image/jpeg", (120, 300)), (&items[1], "image/png", (300, 150))] {
        let res = app.http.get(format!("{}{}", app.base, item["image_url"].as_str().unwrap())).send().await.unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], content_type);
        assert_eq!(res.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(res.headers()["x-content-type-options"], "nosniff");
        let original = res.bytes().await.unwrap();
        assert_eq!(original.len() as i64, item["size"].as_i64().unwrap(), "the original, as uploaded");

        let res = app.http.get(format!("{}{}", app.base, item["thumbnail_url"].as_str().unwrap())).send().await.unwrap();
        assert_eq!(res.headers()["content-type"], "image/jpeg");
        assert_eq!(res.headers()["cache-control"], "public, max-age=31536000, immutable");
        let thumb = image::load_from_memory_with_format(&res.bytes().await.unwrap(), ImageFormat::Jpeg).unwrap();
        assert_eq!((thumb.width(), thumb.height()), thumb_size, "at most 300 × 300, the same shape");
    }

    // A page size above 50 is 50; a key no image has is not found.
    let list = app.get("/api/center/products/galleries/list?page_size=500", Some(&token)).await;
    assert_eq!(list.data()["items"].as_array().unwrap().len(), 2);
    let wp = items[0]["image_url"].as_str().unwrap().split('/').nth(3).unwrap().to_string();
    let res = app.http.get(format!("{}/api/gallery-files/{wp}/..%2F..%2Fetc%2Fpasswd", app.base)).send().await.unwrap();
    assert_eq!(res.status(), 404);
}

#[tokio::test]
async fn an_image_over_two_megabytes_is_refused_as_image_over_size_and_nothing_is_stored() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("big@example.com").await;
    let mut big = picture(64, 64, ImageFormat::Png);
    big.resize(2 * 1024 * 1024 + 1, 0);
    for bytes in [big, vec![0u8; 5 * 1024 * 1024]] {
        let a = upload(&app, &token, "big.png", "image/png", &bytes).await;
        assert_eq!(a.code(), 204, "{}", a.body);
        assert_eq!(a.data()["code"], "imageOverSize");
        assert_eq!(a.data()["size"], 2);
        assert!(a.body["errors"]["file"][0].as_str().unwrap().contains("2 MB"), "{}", a.body);
    }
    assert_eq!(stored(&app).await, (0, 0));
}

#[tokio::test]
async fn bytes_that_are_not_the_type_the_name_says_are_refused() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("liar@example.com").await;
    let png = picture(50, 50, ImageFormat::Png);
    let cases: [(&str, &str, &[u8], &str); 5] = [
        ("photo.jpg", "image/jpeg", &png, "PNG image but its name says JPG"),
        ("photo.png", "image/jpeg", &png, "sent as image/jpeg"),
        ("script.png", "image/png", b"<html><script>alert(1)</script></html>", "not a PNG image"),
        ("logo.svg", "image/svg+xml", &png, "PNG image but its name says SVG"),
        ("photo.heic", "image/heic", &png, "HEIC"),
    ];
    for (name, declared, bytes, says) in cases {
        let a = upload(&app, &token, name, declared, bytes).await;
        assert_eq!(a.code(), 204, "{name}: {}", a.body);
        let message = a.body["errors"]["file"][0].as_str().unwrap();
        assert!(message.contains(says), "{name}: {message}");
    }
    assert_eq!(stored(&app).await, (0, 0));
}

#[tokio::test]
async fn a_decompression_bomb_is_refused_by_its_header_without_decoding() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("bomb@example.com").await;
    let bomb = png_declaring(60_000, 60_000);
    let started = Instant::now();
    let a = upload(&app, &token, "bomb.png", "image/png", &bomb).await;
    assert!(started.elapsed() < Duration::from_secs(2), "refused at once: {:?}", started.elapsed());
    assert_eq!(a.code(), 204, "{}", a.body);
    assert!(a.body["errors"]["file"][0].as_str().unwrap().contains("60000 × 60000"), "{}", a.body);
    // Within the sides but over 40 megapixels.
    let a = upload(&app, &token, "wide.png", "image/png", &png_declaring(8_000, 6_000)).await;
    assert!(a.body["errors"]["file"][0].as_str().unwrap().contains("8000 × 6000"), "{}", a.body);
    assert_eq!(stored(&app).await, (0, 0));
}

#[tokio::test]
async fn the_two_hundred_fifty_first_image_is_refused_and_nothing_is_stored() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("full@example.com").await;
    let wp = app.get("/api/auth/account", Some(&token)).await.data()["workplaces"][0]["id"].as_str().unwrap().to_string();
    sqlx::query(
        "INSERT INTO gallery_images (id, workplace_id, name, content_type, size_bytes, width, height, original_key, thumbnail_key) \
         SELECT gen_random_uuid(), $1::uuid, 'p' || i || '.png', 'image/png', 10, 1, 1, $1 || '/o' || i, $1 || '/t' || i FROM generate_series(1, 249) i",
    )
    .bind(&wp)
    .execute(&app.pool)
    .await
    .unwrap();
    let png = picture(20, 20, ImageFormat::Png);
    assert_eq!(upload(&app, &token, "250.png", "image/png", &png).await.code(), 200, "the 250th fits");
    let a = upload(&app, &token, "251.png", "image/png", &png).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    assert!(a.body["errors"]["file"][0].as_str().unwrap().contains("at most 250 images"), "{}", a.body);
    assert_eq!(stored(&app).await, (250, 2), "only the 250th's two files");
    let list = app.get("/api/center/products/galleries/list?page=5", Some(&token)).await;
    assert_eq!((list.data()["total"].as_i64(), list.data()["items"].as_array().unwrap().len()), (Some(250), 50));
}

#[tokio::test]
async fn another_workplace_cannot_list_fetch_or_delete_and_delete_removes_the_files() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let ann = app.signed_up("ann@gallery.com").await;
    let bob = app.signed_up("bob@gallery.com").await;
    let a = upload(&app, &ann, "ann.webp", "image/webp", &picture(30, 30, ImageFormat::WebP)).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let id = a.data()["id"].as_str().unwrap().to_string();
    assert_eq!(a.data()["content_type"], "image/webp");

    let list = app.get("/api/center/products/galleries/list", Some(&bob)).await;
    assert_eq!(list.data()["total"], 0);
    assert_eq!(app.get(&format!("/api/center/products/galleries/{id}"), Some(&bob)).await.code(), 202);
    assert_eq!(app.call("DELETE", &format!("/api/center/products/galleries/{id}"), Some(&bob), None, None).await.code(), 202);
    // Bob naming Ann's workplace is not found either.
    let ann_wp = app.get("/api/auth/account", Some(&ann)).await.data()["workplaces"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(app.call("GET", "/api/center/products/galleries/list", Some(&bob), Some(&ann_wp), None).await.code(), 202);
    assert_eq!(stored(&app).await, (1, 2), "Bob removed nothing");
    assert_eq!(app.get(&format!("/api/center/products/galleries/{id}"), Some(&ann)).await.code(), 200);

    let url = a.data()["image_url"].as_str().unwrap().to_string();
    let deleted = app.call("DELETE", &format!("/api/center/products/galleries/{id}"), Some(&ann), None, None).await;
    assert_eq!(deleted.code(), 200, "{}", deleted.body);
    assert_eq!(stored(&app).await, (0, 0), "the row and both files are gone");
    let res = app.http.get(format!("{}{url}", app.base)).send().await.unwrap();
    assert_eq!(res.status(), 404);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["status"], 202);
    assert_eq!(app.get(&format!("/api/center/products/{id}/image-origins"), Some(&ann)).await.code(), 202, "no such product");
}

#[tokio::test]
async fn image_origins_are_the_supplier_pictures_of_the_workplace_product() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let ann = app.signed_up("origins@gallery.com").await;
    let bob = app.signed_up("other@gallery.com").await;
    let wp = app.get("/api/auth/account", Some(&ann)).await.data()["workplaces"][0]["id"].as_str().unwrap().to_string();
    let product = uuid::Uuid::new_v4();
    sqlx::query("INSERT INTO supplier_products (source, source_product_id, title, price_cents, price_max_cents, images) VALUES ('aliexpress', '1005', 'Lamp', 100, 100, ARRAY['https://img.example/a.jpg', 'https://img.example/b.jpg'])")
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO products (id, workplace_id, source, source_product_id, title, images) VALUES ($1, $2::uuid, 'aliexpress', '1005', 'My lamp', '[{\"url\": \"https://img.example/b.jpg\"}]')")
        .bind(product)
        .bind(&wp)
        .execute(&app.pool)
        .await
        .unwrap();
    let a = app.get(&format!("/api/center/products/{product}/image-origins"), Some(&ann)).await;
    assert_eq!(a.data()["images"], serde_json::json!(["https://img.example/a.jpg", "https://img.example/b.jpg"]), "{}", a.body);
    assert_eq!(app.get(&format!("/api/center/products/{product}/image-origins"), Some(&bob)).await.code(), 202);
}
