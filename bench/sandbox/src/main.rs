//! `cargo run --release -p bench-sandbox [-- SECONDS CONNECTIONS]`: simple reads against the
//! sandbox (health, a supplier product, a product search page) from concurrent keep-alive
//! connections, on the same 2 cores as the sandbox itself. Prints requests/s and the ratio to
//! the 10,000 requests/s the product's benchmarks need it to sustain.
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const AIM: f64 = 10_000.0;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let connections: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(64);
    let config = sandbox::Config { addr: "127.0.0.1:0".parse()?, ..Default::default() };
    let (addr, _server) = sandbox::spawn(config).await?;
    let base = format!("http://{addr}");
    let http = reqwest::Client::builder().pool_max_idle_per_host(connections).build()?;
    let token = "Bearer sandbox-supplier-token";

    // A real product id from the catalogue.
    let page: serde_json::Value =
        http.get(format!("{base}/suppliers/aliexpress/api/products?page_size=1")).header("authorization", token).send().await?.json().await?;
    let id = page["items"][0]["id"].as_str().map(str::to_string).or_else(|| page["items"][0]["id"].as_i64().map(|n| n.to_string()));
    let id = id.ok_or_else(|| anyhow::anyhow!("no product in the first search page: {page}"))?;

    println!("sandbox benchmark: {connections} connections, {seconds} s per read, client and sandbox on this machine's cores");
    for (name, path) in [
        ("health", "/_sandbox/health".to_string()),
        ("supplier product get", format!("/suppliers/aliexpress/api/products/{id}")),
        ("supplier search page", "/suppliers/cj/api/products?keyword=shirt&page_size=20".to_string()),
    ] {
        let rps = run(&http, &format!("{base}{path}"), token, connections, Duration::from_secs(seconds)).await?;
        println!("  {name:<22} {rps:>9.0} requests/s   ratio to the 10,000/s aim: {:.2}", rps / AIM);
    }
    println!("{}", dropline_tests::usage::peak_rss_alone("the sandbox and its clients; neither the api nor the worker runs in this bench"));
    Ok(())
}

async fn run(http: &reqwest::Client, url: &str, token: &str, connections: usize, how_long: Duration) -> anyhow::Result<f64> {
    let done = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let tasks: Vec<_> = (0..connections)
        .map(|_| {
            let (http, url, token, done, failed) = (http.clone(), url.to_string(), token.to_string(), done.clone(), failed.clone());
            tokio::spawn(async move {
                while start.elapsed() < how_long {
                    match http.get(&url).header("authorization", &token).send().await {
                        Ok(res) if res.status().is_success() => {
                            let _ = res.bytes().await;
                            done.fetch_add(1, Ordering::Relaxed);
                        }
                        _ => {
                            failed.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
            })
        })
        .collect();
    for t in tasks {
        t.await?;
    }
    anyhow::ensure!(failed.load(Ordering::Relaxed) == 0, "{} requests to {url} failed", failed.load(Ordering::Relaxed));
    Ok(done.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64())
}
