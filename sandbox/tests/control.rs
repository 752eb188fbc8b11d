use crate::common;
use serde_json::json;

#[tokio::test]
async fn health_reset_and_clock() {
    let sb = common::start().await;
    let h = sb.get_json("/_sandbox/health").await;
    assert_eq!(h["status"], "ok");
    assert_eq!(h["seed"], 42);
    assert!(h["products"].as_u64().unwrap() >= 20_000);

    let before = sb.get_json("/_sandbox/clock").await["now_ms"].as_i64().unwrap();
    let after = sb.post_json("/_sandbox/clock/advance", json!({"seconds": 86400})).await;
    assert!(after["now_ms"].as_i64().unwrap() - before >= 86_400_000);

    let r = sb.post_json("/_sandbox/reset", json!({"seed": 7})).await;
    assert_eq!(r["seed"], 7);
    let h = sb.get_json("/_sandbox/health").await;
    assert_eq!(h["seed"], 7);
    assert_eq!(sb.get_json("/_sandbox/clock").await["offset_seconds"], 0);
}

#[tokio::test]
async fn burst_429_then_recovers_and_is_scoped_by_platform() {
    let sb = common::start().await;
    sb.post_json("/_sandbox/faults", json!({"platform": "shopify", "burst_429": 2})).await;
    let url = sb.url("/shops/acme/products.json");
    for _ in 0..2 {
        let r = sb.http.get(&url).send().await.unwrap();
        assert_eq!(r.status(), 429);
        assert_eq!(r.headers()["retry-after"], "1");
    }
    assert_eq!(sb.http.get(&url).send().await.unwrap().status(), 200);
    // Other platforms are untouched; control routes are never faulted.
    sb.post_json("/_sandbox/faults", json!({"platform": "woocommerce", "error_rate": 1.0})).await;
    assert_eq!(sb.http.get(&url).send().await.unwrap().status(), 200);
    let r = sb.http.get(sb.url("/woo/s1/wp-json/wc/v3/products")).send().await.unwrap();
    assert!(r.status().is_server_error());
    assert_eq!(sb.http.get(sb.url("/_sandbox/health")).send().await.unwrap().status(), 200);
    sb.http.delete(sb.url("/_sandbox/faults")).send().await.unwrap();
    let r = sb.http.get(sb.url("/woo/s1/wp-json/wc/v3/products")).send().await.unwrap();
    assert_eq!(r.status(), 401, "no fault any more, just missing credentials");
}

#[tokio::test]
async fn route_prefix_latency_and_timeout() {
    let sb = common::start().await;
    sb.post_json("/_sandbox/faults", json!({"platform": "*", "route_prefix": "/products.json", "latency_ms": 300})).await;
    let t = std::time::Instant::now();
    assert_eq!(sb.http.get(sb.url("/shops/acme/products.json")).send().await.unwrap().status(), 200);
    assert!(t.elapsed().as_millis() >= 300);
    let t = std::time::Instant::now();
    sb.http.get(sb.url("/shops/acme/")).send().await.unwrap();
    assert!(t.elapsed().as_millis() < 300, "other routes not delayed");

    sb.http.delete(sb.url("/_sandbox/faults")).send().await.unwrap();
    sb.post_json("/_sandbox/faults", json!({"platform": "google", "timeout_rate": 1.0})).await;
    let client = reqwest::Client::builder().timeout(std::time::Duration::from_millis(300)).build().unwrap();
    let r = client.get(sb.url("/oauth/google/userinfo")).send().await;
    assert!(r.unwrap_err().is_timeout());
}

#[tokio::test]
async fn error_rate_is_deterministic_for_a_seed() {
    async fn pattern() -> Vec<u16> {
        let sb = common::start().await;
        sb.post_json("/_sandbox/faults", json!({"platform": "images", "error_rate": 0.5})).await;
        let mut out = vec![];
        for i in 0..20 {
            out.push(sb.http.get(sb.url(&format!("/img/x{i}.png"))).send().await.unwrap().status().as_u16());
        }
        out
    }
    let a = pattern().await;
    assert_eq!(a, pattern().await);
    assert!(a.contains(&200) && a.iter().any(|s| *s >= 500));
}

#[tokio::test]
async fn images_are_png() {
    let sb = common::start().await;
    let r = sb.http.get(sb.url("/img/abc.png")).send().await.unwrap();
    assert_eq!(r.headers()["content-type"], "image/png");
    let bytes = r.bytes().await.unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let again = sb.http.get(sb.url("/img/abc.png")).send().await.unwrap().bytes().await.unwrap();
    assert_eq!(bytes, again);
}
