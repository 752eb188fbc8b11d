//! `cargo run --release -p bench-gallery [-- UPLOADS PAGES CLIENTS]`
//!
//! The image library through the API, each number printed beside the time to read the same
//! files from disk in the same run (the floor no server can beat), as ratios:
//! - UPLOADS (250) uploads of a JPEG just under 2 MB, CLIENTS (4) at a time: each is sniffed,
//!   decoded off the runtime, thumbnailed and stored; uploads a second, and the time an upload
//!   takes against reading that 2 MB file back from disk.
//! - With the library at 250 images, PAGES (200) reads of a page of 50 (the list call alone, and
//!   the list with its 50 thumbnails fetched as a browser does), p99 against reading those 50
//!   thumbnails from disk.
use std::io::Cursor;
use std::path::Path;
use std::time::Instant;

use dropline_tests::TestApp;
use dropline_tests::bench::fresh_database;
use futures::StreamExt;
use image::{DynamicImage, ImageBuffer, Rgb};
use serde_json::Value;

const UPLOAD: &str = "/api/center/products/galleries/upload";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let arg = |i: usize, d: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (uploads, pages, clients) = (arg(1, 250).clamp(1, 250), arg(2, 200).max(1), arg(3, 4).max(1));
    let pool = fresh_database("gallery").await?;
    let app = TestApp::spawn_with(pool, |s| s.queue.schedules = false).await;
    let token = app.signed_up("bench-gallery@example.com").await;
    let jpeg = two_megabyte_jpeg()?;
    println!("upload: a {} × {} JPEG of {:.2} MB", jpeg.1, jpeg.2, jpeg.0.len() as f64 / 1_048_576.0);

    // Warm: one upload (statements, connections, the decoder's first run).
    let first = upload(&app, &token, &jpeg.0, 0).await?;
    let started = Instant::now();
    let answers: Vec<anyhow::Result<Value>> =
        futures::stream::iter(1..uploads).map(|i| upload(&app, &token, &jpeg.0, i)).buffer_unordered(clients).collect().await;
    let upload_secs = started.elapsed().as_secs_f64();
    let mut images = answers.into_iter().collect::<anyhow::Result<Vec<_>>>()?;
    images.push(first);
    let measured = (uploads - 1).max(1) as f64;
    let per_upload_ms = upload_secs * 1000.0 / measured * clients.min(uploads) as f64;

    let dir = app.settings.gallery.dir.clone();
    let originals: Vec<String> = images.iter().map(|i| key(&i["image_url"])).collect();
    let disk_ms = read_all(&dir, &originals)? / originals.len() as f64;
    println!("{} uploads, {clients} at a time: {:.1} uploads/s ({per_upload_ms:.1} ms each)", uploads - 1, measured / upload_secs);
    println!("reading the same 2 MB file from disk: {disk_ms:.3} ms");
    println!("ratio upload / disk read of the same file: {:.0}", per_upload_ms / disk_ms.max(0.001));

    fill_to_250(&app, &dir, &images[0]).await?;
    let mut list_ms = Vec::with_capacity(pages);
    let mut page_ms = Vec::with_capacity(pages);
    let mut disk_page_ms = Vec::with_capacity(pages);
    for i in 0..pages {
        let page = i % 5 + 1;
        let t = Instant::now();
        let a = app.get(&format!("/api/center/products/galleries/list?page={page}&page_size=50"), Some(&token)).await;
        list_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        let items = a.data()["items"].as_array().cloned().unwrap_or_default();
        anyhow::ensure!(items.len() == 50 && a.data()["total"] == 250, "page {page}: {}", a.body);
        let thumbs: Vec<String> = items.iter().map(|i| key(&i["thumbnail_url"])).collect();
        let fetched = futures::future::join_all(items.iter().map(|i| fetch(&app, &i["thumbnail_url"]))).await;
        anyhow::ensure!(fetched.iter().all(|ok| *ok), "a thumbnail did not load");
        page_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        disk_page_ms.push(read_all(&dir, &thumbs)?);
    }
    let (list99, page99, disk99) = (p99(&mut list_ms), p99(&mut page_ms), p99(&mut disk_page_ms));
    println!("a page of 50 of 250 images, {pages} reads: list p99 {list99:.2} ms; list and its 50 thumbnails p99 {page99:.2} ms");
    println!("reading those 50 thumbnails from disk: p99 {disk99:.3} ms");
    println!("ratio list p99 / disk read p99: {:.1}", list99 / disk99.max(0.001));
    println!("ratio page with thumbnails p99 / disk read p99: {:.1}", page99 / disk99.max(0.001));
    // A full run leaves 250 files of 2 MB behind otherwise.
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}

/// Noise (the worst case for JPEG) sized so that the file is just under 2 MB: its bytes, width
/// and height.
fn two_megabyte_jpeg() -> anyhow::Result<(Vec<u8>, u32, u32)> {
    let encode = |side: u32| -> anyhow::Result<Vec<u8>> {
        let img = ImageBuffer::from_fn(side, side * 3 / 4, |x, y| {
            let n = x.wrapping_mul(2_654_435_761).wrapping_add(y.wrapping_mul(40_503)).rotate_left(x % 13);
            Rgb([n as u8, (n >> 8) as u8, (n >> 16) as u8])
        });
        let mut out = Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(img).write_to(&mut out, image::ImageFormat::Jpeg)?;
        Ok(out.into_inner())
    };
    let target = (domain::gallery::MAX_BYTES - 32 * 1024) as f64;
    let sample = encode(512)?;
    let mut side = (512.0 * (target / sample.len() as f64).sqrt()) as u32;
    loop {
        let bytes = encode(side)?;
        if bytes.len() as f64 <= target {
            return Ok((bytes, side, side * 3 / 4));
        }
        side = side * 97 / 100;
    }
}

async fn upload(app: &TestApp, token: &str, jpeg: &[u8], i: usize) -> anyhow::Result<Value> {
    let a = app.post_file(UPLOAD, token, "file", &format!("photo-{i}.jpg"), "image/jpeg", jpeg).await;
    anyhow::ensure!(a.code() == 200, "upload {i}: {}", a.body);
    Ok(a.data().clone())
}

/// The storage key in a file address (what follows `/api/gallery-files/`).
fn key(url: &Value) -> String {
    url.as_str().unwrap_or_default().trim_start_matches(domain::gallery::FILES_PATH).to_string()
}

/// Milliseconds to read every file of `keys` under `dir`.
fn read_all(dir: &Path, keys: &[String]) -> anyhow::Result<f64> {
    let t = Instant::now();
    let mut total = 0;
    for k in keys {
        total += std::fs::read(dir.join(k))?.len();
    }
    std::hint::black_box(total);
    Ok(t.elapsed().as_secs_f64() * 1000.0)
}

async fn fetch(app: &TestApp, url: &Value) -> bool {
    match app.http.get(format!("{}{}", app.base, url.as_str().unwrap_or_default())).send().await {
        Ok(res) if res.status().is_success() => res.bytes().await.is_ok(),
        _ => false,
    }
}

/// Tops the library up to 250 images with copies of `model`'s two files under new keys (a smoke
/// run uploads only a few; the page measured is the same either way).
async fn fill_to_250(app: &TestApp, dir: &Path, model: &Value) -> anyhow::Result<()> {
    let (original, thumbnail) = (key(&model["image_url"]), key(&model["thumbnail_url"]));
    let workplace = original.split('/').next().unwrap_or_default().to_string();
    let have: i64 = sqlx::query_scalar("SELECT count(*) FROM gallery_images").fetch_one(&app.pool).await?;
    for i in have..250 {
        let (o, t) = (format!("{workplace}/fill{i}.jpg"), format!("{workplace}/fill{i}-t.jpg"));
        std::fs::copy(dir.join(&original), dir.join(&o))?;
        std::fs::copy(dir.join(&thumbnail), dir.join(&t))?;
        sqlx::query(
            "INSERT INTO gallery_images (id, workplace_id, name, content_type, size_bytes, width, height, original_key, thumbnail_key) \
             SELECT gen_random_uuid(), $1::uuid, $2, content_type, size_bytes, width, height, $3, $4 FROM gallery_images WHERE original_key = $5",
        )
        .bind(&workplace)
        .bind(format!("fill-{i}.jpg"))
        .bind(&o)
        .bind(&t)
        .bind(&original)
        .execute(&app.pool)
        .await?;
    }
    Ok(())
}

fn p99(samples: &mut [f64]) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[((samples.len() - 1) as f64 * 0.99).round() as usize]
}
