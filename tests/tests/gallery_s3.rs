//! The image library on S3-compatible storage (`gallery.storage = "s3"`) against a real
//! S3-protocol server (moto): upload, list, serve, edit and delete through the API keep the files
//! in the bucket, and none on local disk.
use std::io::Cursor;

use dropline_tests::{S3Server, TestApp};
use image::{DynamicImage, ImageBuffer, ImageFormat, Rgba};

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = DynamicImage::ImageRgba8(ImageBuffer::from_fn(w, h, |x, y| Rgba([x as u8, y as u8, 60, 255])));
    let mut out = Cursor::new(vec![]);
    img.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

#[tokio::test]
async fn upload_list_serve_edit_and_delete_keep_the_files_in_the_bucket() {
    let s3 = S3Server::start().await;
    s3.bucket("pictures").await;
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn_with(db.pool.clone(), |s| s3.use_for_gallery(s, "pictures")).await;
    let token = app.signed_up("s3@example.com").await;

    let bytes = png(640, 320);
    let a = app.post_file("/api/center/products/galleries/upload", &token, "file", "wide.png", "image/png", &bytes).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let id = a.data()["id"].as_str().unwrap().to_string();
    let mut keys = s3.keys("pictures").await;
    keys.sort();
    assert_eq!(keys.len(), 2, "the original and its thumbnail: {keys:?}");
    assert!(!app.settings.gallery.dir.exists() || std::fs::read_dir(&app.settings.gallery.dir).unwrap().next().is_none(), "nothing on local disk");

    let list = app.get("/api/center/products/galleries/list", Some(&token)).await;
    assert_eq!(list.data()["total"], 1);
    let item = &list.data()["items"][0];
    let served = app.http.get(format!("{}{}", app.base, item["image_url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.bytes().await.unwrap().to_vec(), bytes, "the bytes uploaded, read back from the bucket");
    let thumb = app.http.get(format!("{}{}", app.base, item["thumbnail_url"].as_str().unwrap())).send().await.unwrap().bytes().await.unwrap();
    let thumb = image::load_from_memory_with_format(&thumb, ImageFormat::Jpeg).unwrap();
    assert_eq!((thumb.width(), thumb.height()), (300, 150));

    // An edit reads the original from the bucket and writes its result there.
    let edited = app.post(&format!("/api/center/products/galleries/{id}/edit"), Some(&token), serde_json::json!({"rotate": 90})).await;
    assert_eq!(edited.code(), 200, "{}", edited.body);
    assert_eq!(s3.keys("pictures").await.len(), 4);

    for gone in [id, edited.data()["id"].as_str().unwrap().to_string()] {
        let d = app.call("DELETE", &format!("/api/center/products/galleries/{gone}"), Some(&token), None, None).await;
        assert_eq!(d.code(), 200, "{}", d.body);
    }
    assert_eq!(s3.keys("pictures").await, Vec::<String>::new(), "delete removes the files from the bucket");
    let res = app.http.get(format!("{}{}", app.base, item["image_url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(res.status(), 404);
}

#[test]
fn s3_storage_without_a_bucket_stops_the_start_naming_the_setting() {
    let settings = domain::config::GallerySettings { storage: domain::config::GalleryStorage::S3, ..Default::default() };
    let err = domain::gallery::Files::new(&settings).unwrap_err();
    assert!(err.to_string().contains("gallery.s3.bucket"), "{err}");
}

/// A bucket behind `https://` is spoken to over TLS: the first bytes the service receives are a
/// TLS handshake record (object_store's client carries rustls with the ring provider, not a
/// plain-HTTP client that would refuse the scheme or write a request line).
#[tokio::test]
async fn an_https_endpoint_is_spoken_to_over_tls() {
    use tokio::io::AsyncReadExt;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let s3 = domain::config::S3Settings {
        endpoint: format!("https://127.0.0.1:{}", listener.local_addr().unwrap().port()),
        bucket: "pictures".into(),
        access_key_id: "key".into(),
        secret_access_key: Some("secret".to_string().into()),
        ..Default::default()
    };
    let settings = domain::config::GallerySettings { storage: domain::config::GalleryStorage::S3, s3, ..Default::default() };
    let files = domain::gallery::Files::new(&settings).unwrap();
    let asked = tokio::spawn(async move { files.get("a/b.png").await });
    let (mut socket, _) = listener.accept().await.unwrap();
    let mut first = [0u8; 3];
    socket.read_exact(&mut first).await.unwrap();
    assert_eq!(first, [0x16, 0x03, 0x01], "a TLS handshake record (ClientHello), not {:?}", String::from_utf8_lossy(&first));
    // No certificate follows; the client's retries are not this test's business.
    asked.abort();
}
