//! Every answer, the web app's pages and the API alike, carries the security headers: a content
//! security policy that allows scripts only from Dropline and framing only by Shopify's admin,
//! `nosniff` and a referrer policy.
use dropline_tests::TestApp;

#[tokio::test]
async fn pages_and_api_answers_carry_the_security_headers() {
    let db = domain::db::TestDatabase::new().await;
    let app = TestApp::spawn(db.pool.clone()).await;
    for path in ["/", "/find-product", "/api/health", "/api/no-such-route"] {
        let res = app.http.get(format!("{}{path}", app.base)).send().await.unwrap();
        let h = res.headers();
        let csp = h.get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert!(csp.contains("script-src 'self'") && !csp.contains("script-src 'self' 'unsafe-inline'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'self' https://*.myshopify.com https://admin.shopify.com"), "{path}: {csp}");
        assert_eq!(h.get("x-content-type-options").map(|v| v.as_bytes()), Some(&b"nosniff"[..]), "{path}");
        assert_eq!(h.get("referrer-policy").map(|v| v.as_bytes()), Some(&b"strict-origin-when-cross-origin"[..]), "{path}");
        assert!(h.get("strict-transport-security").is_none(), "{path}: no HSTS over plain HTTP");
    }
}
