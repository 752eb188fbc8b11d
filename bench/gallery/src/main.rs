//! `cargo run --release -p bench-gallery [-- UPLOADS CLIENTS PAGE_CALLS]` (defaults 250 2 300)
//!
//! Issue 21's image library on a real API and disk: UPLOADS uploads of a 2 MB JPEG (each checked,
//! decoded and given its 300 × 300 thumbnail off the async runtime) by CLIENTS clients at once,
//! beside writing the same bytes to files on the same disk; then PAGE_CALLS reads of a page of 50
//! as the picker shows it (the list call, then its 50 thumbnails), beside reading the same 50
//! thumbnail files straight from disk. Prints each pair and its ratio.
use dropline_tests::bench;
use futures::StreamExt;
use std::time::Instant;

mod measure;
use measure::{Samples, jpeg_near};

/// The spec's limit; the bench's picture is made just under it.
const MAX_BYTES: usize = 2 * 1024 * 1024;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    domain::telemetry::init("warn");
    let arg = |i: usize, d: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (uploads, clients, page_calls) = (arg(1, 250).clamp(1, 250), arg(2, 2).max(1), arg(3, 300).max(1));
    let dir = std::env::temp_dir().join(format!("bench-gallery-{}", uuid::Uuid::new_v4()));
    let files = dir.join("library");
    let (app, _sandbox) = bench::app_on_sandbox("gallery", |s| s.gallery.dir = files.clone()).await?;
    let token = app.signed_up("bench-gallery@example.com").await;

    let jpeg = jpeg_near(MAX_BYTES - 8 * 1024)?;
    println!("picture: {} × {} JPEG, {:.2} MB", jpeg.1, jpeg.1, jpeg.0.len() as f64 / 1_048_576.0);
    let started = Instant::now();
    let answers: Vec<bool> = futures::stream::iter(0..uploads)
        .map(|n| {
            let (app, token, bytes) = (&app, &token, &jpeg.0);
            async move {
                let a = app.post_file("/api/center/products/galleries/upload", token, "file", &format!("bench-{n}.jpg"), "image/jpeg", bytes).await;
                a.code() == 200
            }
        })
        .buffer_unordered(clients)
        .collect()
        .await;
    let upload_secs = started.elapsed().as_secs_f64();
    let stored = answers.iter().filter(|ok| **ok).count();
    anyhow::ensure!(stored == uploads, "only {stored} of {uploads} uploads were stored");
    let disk_secs = measure::write_files(&dir.join("disk"), &jpeg.0, uploads)?;
    let (api_rate, disk_rate) = (uploads as f64 / upload_secs, uploads as f64 / disk_secs);
    println!("uploads: {uploads} by {clients} clients in {upload_secs:.2} s: {api_rate:.1}/s ({:.1} MB/s)", api_rate * jpeg.0.len() as f64 / 1_048_576.0);
    println!("disk: the same {uploads} files written and synced in {disk_secs:.2} s: {disk_rate:.1}/s");
    println!("ratio uploads/s to disk writes/s: {:.3}", api_rate / disk_rate);

    let pages = uploads.div_ceil(50) as i64;
    let mut list = Samples::default();
    let mut whole = Samples::default();
    for call in 0..page_calls {
        let page = call as i64 % pages + 1;
        let t = Instant::now();
        let a = app.get(&format!("/api/center/products/galleries/list?page={page}&page_size=50"), Some(&token)).await;
        list.push(t);
        let thumbs: Vec<String> =
            a.data()["items"].as_array().map(|i| i.iter().filter_map(|x| x["thumbnail_url"].as_str().map(str::to_string)).collect()).unwrap_or_default();
        anyhow::ensure!(!thumbs.is_empty(), "page {page} answered no image: {}", a.body);
        let got: Vec<anyhow::Result<usize>> = futures::stream::iter(thumbs)
            .map(|url| {
                let (http, base) = (&app.http, &app.base);
                async move { Ok(http.get(format!("{base}{url}")).send().await?.error_for_status()?.bytes().await?.len()) }
            })
            .buffer_unordered(6)
            .collect()
            .await;
        got.into_iter().collect::<anyhow::Result<Vec<_>>>()?;
        whole.push(t);
    }
    let disk = measure::read_pages(&files, page_calls)?;
    println!("list call, {page_calls} calls over {pages} pages: p50 {:.2} ms, p99 {:.2} ms", list.p(0.5), list.p(0.99));
    println!("page as the picker shows it (list + its thumbnails, 6 at a time): p50 {:.2} ms, p99 {:.2} ms", whole.p(0.5), whole.p(0.99));
    println!("disk: the same thumbnail files read: p50 {:.2} ms, p99 {:.2} ms", disk.p(0.5), disk.p(0.99));
    println!("ratio page p99 to disk p99: {:.2}", whole.p(0.99) / disk.p(0.99).max(0.001));
    let _ = std::fs::remove_dir_all(&dir);
    println!("{}", dropline_tests::usage::peak_rss_alone("api and sandbox; no worker runs in this bench"));
    Ok(())
}
