//! Headers every answer carries. The dashboard is embedded in the Shopify admin, so only
//! Shopify's admin and Dropline itself may frame it (`frame-ancestors`; in development and tests
//! also the sandbox, whose admin page stands in for Shopify's); scripts come only from Dropline's
//! own origin and App Bridge's (`shopify.app_bridge_url`), styles may be inline (the UI library injects its styles at run time),
//! pictures and product videos may come from any HTTPS host (suppliers' and stores' image and
//! video hosts; `media-src`, else `default-src` would keep a supplier's video out). Workers may also
//! start from a `blob:` our own script made: the image library's HEIC converter (heic-to, its
//! no-eval build) runs libheif in a worker it builds that way. HSTS is sent when the product is
//! served over HTTPS. An answer that sets its own, stricter policy (a library file) keeps it.
//!
//! The bearer token stays in localStorage: with scripts only from our own origin and no inline
//! script, a script that could read it cannot be injected; a cookie would need CSRF protection
//! on every call and does not reach the API from inside Shopify's admin iframe (third-party
//! cookies).
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

#[derive(Clone)]
pub struct SecurityHeaders {
    csp: HeaderValue,
    hsts: Option<HeaderValue>,
}

impl SecurityHeaders {
    /// `base_url` is where the product is served: pictures may also be plain HTTP when it is
    /// (development and tests, where the sandbox serves them on loopback). App Bridge's script is
    /// at `app_bridge_url`; when a sandbox stands in for the outside world, its admin page may
    /// frame the dashboard.
    pub fn embedded_in(base_url: &str, app_bridge_url: &str, sandbox_url: Option<&str>) -> Self {
        let https = base_url.starts_with("https://");
        let origin = |u: &str| url::Url::parse(u).ok().map(|u| u.origin().ascii_serialization()).filter(|o| o != "null");
        let bridge = origin(app_bridge_url).map(|o| format!(" {o}")).unwrap_or_default();
        let sandbox = sandbox_url.and_then(origin).map(|o| format!(" {o}")).unwrap_or_default();
        let images = if https { "'self' data: blob: https:" } else { "'self' data: blob: http: https:" };
        let csp = format!(
            "default-src 'self'; script-src 'self'{bridge}; style-src 'self' 'unsafe-inline'; img-src {images}; media-src {images}; font-src 'self' data:; \
             connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; \
             frame-ancestors 'self' https://*.myshopify.com https://admin.shopify.com{sandbox}"
        );
        SecurityHeaders {
            csp: HeaderValue::from_str(&csp).expect("the policy is ASCII"),
            hsts: https.then(|| HeaderValue::from_static("max-age=31536000; includeSubDomains")),
        }
    }
}

pub async fn apply(State(h): State<SecurityHeaders>, req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let headers = res.headers_mut();
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, h.csp.clone());
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    if let Some(hsts) = &h.hsts {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, hsts.clone());
    }
    res
}

#[cfg(test)]
mod tests {
    use super::SecurityHeaders;

    impl SecurityHeaders {
        fn new(base_url: &str) -> Self {
            Self::embedded_in(base_url, "https://cdn.shopify.com/shopifycloud/app-bridge.js", None)
        }
    }

    #[test]
    fn https_adds_hsts_and_keeps_pictures_on_https() {
        let h = SecurityHeaders::new("https://app.dropline.io");
        assert!(h.hsts.is_some());
        assert!(h.csp.to_str().unwrap().contains("img-src 'self' data: blob: https:;"));
        assert!(h.csp.to_str().unwrap().contains("media-src 'self' data: blob: https:;"), "a supplier's video plays");
        assert!(SecurityHeaders::new("http://127.0.0.1:8080").hsts.is_none());
    }

    #[test]
    fn app_bridge_may_load_and_the_sandbox_admin_may_frame() {
        let csp = |h: SecurityHeaders| h.csp.to_str().unwrap().to_string();
        let shopify = csp(SecurityHeaders::new("https://app.dropline.io"));
        assert!(shopify.contains("script-src 'self' https://cdn.shopify.com;"), "{shopify}");
        assert!(shopify.contains("worker-src 'self' blob:;"), "the HEIC converter's worker: {shopify}");
        assert!(shopify.ends_with("frame-ancestors 'self' https://*.myshopify.com https://admin.shopify.com"), "{shopify}");
        let sandbox =
            csp(SecurityHeaders::embedded_in("http://127.0.0.1:8080", "http://127.0.0.1:9090/_sandbox/shopify/app-bridge.js", Some("http://127.0.0.1:9090")));
        assert!(sandbox.contains("script-src 'self' http://127.0.0.1:9090;"), "{sandbox}");
        assert!(sandbox.ends_with("https://admin.shopify.com http://127.0.0.1:9090"), "{sandbox}");
    }
}
