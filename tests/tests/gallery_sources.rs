//! The image library's other sources and formats: an image added by its address (fetched through
//! the guarded client), SVG kept only sanitised and served under a policy, raw HEIC refused by
//! code (the dashboard converts it to JPEG first).
use dropline_tests::site::{self, Canned, ok};
use dropline_tests::{Answer, TestApp};
use image::ImageFormat;

use crate::gallery::{picture, stored, upload};

const UPLOAD: &str = "/api/center/products/galleries/upload";

/// Sends the form's `link` field (a plain field, no file name).
async fn upload_link(app: &TestApp, token: &str, link: &str) -> Answer {
    app.post_field(UPLOAD, token, "link", link).await
}

/// The test's own site; its images are sent without a length, so the cap is the one applied
/// while streaming.
async fn serve(routes: Vec<(&'static str, &'static str, Vec<u8>)>) -> String {
    site::serve(routes.into_iter().map(|(path, content_type, body)| (path, Canned { unsized_body: true, ..ok(content_type, body) })).collect()).await
}

#[tokio::test]
async fn an_image_is_added_by_its_address_and_named_by_what_its_bytes_are() {
    let db = domain::db::TestDatabase::new().await;
    // The test settings allow loopback, where this test's own server listens.
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("link@gallery.com").await;
    let mut big = picture(64, 64, ImageFormat::Png);
    big.resize(3 * 1024 * 1024, 0);
    let site = serve(vec![
        ("/img/red%20lamp.png", "image/png", picture(90, 60, ImageFormat::Png)),
        // The server says PNG and names it .png; the bytes are a JPEG.
        ("/liar.png", "image/png", picture(40, 40, ImageFormat::Jpeg)),
        ("/big.png", "image/png", big),
        ("/page.html", "text/html", b"<html><body>hello</body></html>".to_vec()),
    ])
    .await;

    let a = upload_link(&app, &token, &format!("  {site}/img/red%20lamp.png  ")).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["name"], "red lamp.png");
    assert_eq!((a.data()["width"].as_i64(), a.data()["height"].as_i64()), (Some(90), Some(60)));
    let a = upload_link(&app, &token, &format!("{site}/liar.png")).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!((a.data()["name"].as_str(), a.data()["content_type"].as_str()), (Some("liar.jpg"), Some("image/jpeg")));

    let a = upload_link(&app, &token, &format!("{site}/big.png")).await;
    assert_eq!(a.code(), 204, "{}", a.body);
    assert_eq!((a.data()["code"].as_str(), a.data()["size"].as_i64()), (Some("imageOverSize"), Some(2)), "{}", a.body);
    for (link, says) in [(format!("{site}/page.html"), "did not answer with a JPG"), (format!("{site}/gone.png"), "HTTP status 404"), (" ".into(), "Enter")] {
        let a = upload_link(&app, &token, &link).await;
        assert_eq!(a.code(), 204, "{link}: {}", a.body);
        assert!(a.body["errors"]["link"][0].as_str().unwrap().contains(says), "{link}: {}", a.body);
    }
    let list = app.get("/api/center/products/galleries/list", Some(&token)).await;
    assert_eq!(list.data()["total"], 2, "only the two images were kept");
}

#[tokio::test]
async fn a_loopback_or_private_address_is_refused_unless_allow_listed() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn_with(db.pool.clone(), |s| s.inspect.allow_hosts.clear()).await;
    let token = app.signed_up("ssrf@gallery.com").await;
    let site = serve(vec![("/a.png", "image/png", picture(10, 10, ImageFormat::Png))]).await;
    for link in [
        format!("{site}/a.png"),
        site.replace("127.0.0.1", "localhost") + "/a.png",
        "http://169.254.169.254/latest/meta-data".into(),
        "http://10.1.2.3/x.png".into(),
    ] {
        let a = upload_link(&app, &token, &link).await;
        assert_eq!(a.code(), 204, "{link}: {}", a.body);
        assert!(a.body["errors"]["link"][0].as_str().unwrap().contains("private, loopback or link-local"), "{link}: {}", a.body);
    }
    let a = upload_link(&app, &token, "file:///etc/passwd").await;
    assert!(a.body["errors"]["link"][0].as_str().unwrap().contains("Only http and https"), "{}", a.body);
    assert_eq!(stored(&app).await, (0, 0));
}

const HOSTILE_SVG: &str = r##"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60" onload="alert('svg')">
  <script type="text/javascript">fetch('/api/auth/account')</script>
  <foreignObject width="100" height="50"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/></foreignObject>
  <defs><linearGradient id="fade"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <rect width="120" height="60" fill="url(#fade)" onmouseover="steal()"/>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <circle cx="30" cy="30" r="20" style="fill: url(https://evil.example/paint)"/>
  <use href="#fade"/>
</svg>"##;

#[tokio::test]
async fn an_svg_is_stored_without_script_handlers_or_outside_references_and_served_under_a_policy() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("svg@gallery.com").await;
    let a = upload(&app, &token, "logo.svg", "image/svg+xml", HOSTILE_SVG.as_bytes()).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    assert_eq!(a.data()["content_type"], "image/svg+xml");
    assert_eq!((a.data()["width"].as_i64(), a.data()["height"].as_i64()), (Some(120), Some(60)));
    assert_eq!(a.data()["thumbnail_url"], a.data()["image_url"], "the sanitised drawing is its own thumbnail");

    let res = app.http.get(format!("{}{}", app.base, a.data()["image_url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    let policy = res.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(policy.contains("default-src 'none'") && policy.contains("sandbox"), "{policy}");
    let kept = res.text().await.unwrap();
    for gone in ["<script", "fetch(", "foreignObject", "iframe", "onload", "onmouseover", "evil.example", "<image"] {
        assert!(!kept.contains(gone), "{gone} survived: {kept}");
    }
    assert!(kept.contains(r##"fill="url(#fade)""##) && kept.contains(r##"<use href="#fade"/>"##), "references inside the drawing stay: {kept}");
    assert!(kept.contains("<circle") && kept.contains("<stop"), "the drawing stays: {kept}");
    assert_eq!(a.data()["size"].as_i64(), Some(kept.len() as i64), "the size is what is stored");

    // Deleting removes the one file.
    let id = a.data()["id"].as_str().unwrap();
    assert_eq!(app.call("DELETE", &format!("/api/center/products/galleries/{id}"), Some(&token), None, None).await.code(), 200);
    assert_eq!(stored(&app).await, (0, 0));
}

#[tokio::test]
async fn a_raw_heic_is_refused_with_its_code_whatever_its_name() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    let token = app.signed_up("heic@gallery.com").await;
    // An iPhone photo's first bytes: an ISO-BMFF `ftyp` box of brand `heic`.
    let heic = [&[0, 0, 0, 24][..], b"ftypheic", &[0, 0, 0, 0], b"mif1heic", &[0; 64]].concat();
    for (name, declared) in [("IMG_0001.HEIC", "image/heic"), ("IMG_0001.jpg", "image/jpeg")] {
        let a = upload(&app, &token, name, declared, &heic).await;
        assert_eq!(a.code(), 204, "{name}: {}", a.body);
        assert_eq!(a.data()["code"], "heicNotAccepted", "{name}: {}", a.body);
        assert!(a.body["errors"]["file"][0].as_str().unwrap().contains("converted to JPEG"), "{}", a.body);
    }
    assert_eq!(stored(&app).await, (0, 0));
}
