//! Fetching addresses that users type, safely: only http and https, never a private, loopback
//! or link-local address (unless allow-listed), every redirect hop checked again, a size cap
//! read chunk by chunk, and one deadline over the whole exchange. Every failure is a
//! `FetchError` whose text is a sentence a user can read.
//!
//! The address check lives in the DNS resolver handed to reqwest, so the addresses checked are
//! the addresses connected to (no second lookup that DNS rebinding could answer differently).
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use url::Url;

use crate::config::InspectSettings;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error("Enter the store's address.")]
    Empty,
    #[error("{0} is not a valid web address.")]
    BadUrl(String),
    #[error("Only http and https addresses can be read, not {0} addresses.")]
    Scheme(String),
    #[error("{0} points to a private, loopback or link-local network address, which cannot be read.")]
    Refused(String),
    #[error("The host {0} could not be found.")]
    UnknownHost(String),
    #[error("The address redirected more than {0} times.")]
    TooManyRedirects(usize),
    #[error("The address redirected without saying where to.")]
    BadRedirect,
    #[error("The page is larger than {0} bytes, the most that is read.")]
    TooBig(usize),
    #[error("The address did not answer within {0} second{s}.", s = if *.0 == 1 { "" } else { "s" })]
    Timeout(u64),
    #[error("The address could not be reached: {0}.")]
    Unreachable(String),
    #[error("The address answered with HTTP status {0}.")]
    Status(u16),
}

/// One answer: where it finally came from (after redirects), its content type and body.
#[derive(Debug)]
pub struct Fetched {
    pub url: Url,
    pub content_type: String,
    pub body: Vec<u8>,
}

/// Adds `https://` unless the address starts with http:// or https:// (spec: default scheme
/// https); `//host/path` becomes `https://host/path`. Another explicit scheme is kept, so it can
/// be refused by name.
pub fn with_default_scheme(raw: &str) -> String {
    let s = raw.trim();
    let lower = s.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return s.to_string();
    }
    if let Some(rest) = s.strip_prefix("//") {
        return format!("https://{}", rest.trim_start_matches('/'));
    }
    let explicit =
        s.split_once("://").is_some_and(|(scheme, _)| !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')));
    if explicit { s.to_string() } else { format!("https://{s}") }
}

/// An address as a user typed it, made absolute and checked for shape (not yet for where it
/// points: that is the fetcher's job, at each hop).
pub fn parse_user_url(raw: &str) -> Result<Url, FetchError> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(FetchError::Empty);
    }
    if s.len() > 2048 || s.chars().any(char::is_whitespace) {
        return Err(FetchError::BadUrl(format!("\"{}\"", s.chars().take(80).collect::<String>())));
    }
    let url = Url::parse(&with_default_scheme(s)).map_err(|_| FetchError::BadUrl(format!("\"{s}\"")))?;
    check_shape(&url)?;
    Ok(url)
}

fn check_shape(url: &Url) -> Result<(), FetchError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::Scheme(url.scheme().to_string()));
    }
    if url.host_str().is_none_or(str::is_empty) || !url.username().is_empty() || url.password().is_some() {
        return Err(FetchError::BadUrl(url.to_string()));
    }
    Ok(())
}

/// False for every address a user-supplied URL must not reach.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || a == 0 // "this network"
        || (a == 100 && (64..128).contains(&b)) // carrier-grade NAT, 100.64.0.0/10
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local fc00::/7
        || (first & 0xffc0) == 0xfe80 // link-local fe80::/10
        || (first & 0xffc0) == 0xfec0 // site-local (deprecated)
        || ip.to_ipv4_mapped().is_some() // ::ffff:a.b.c.d
        || ip.segments()[..6] == [0; 6] // IPv4-compatible ::a.b.c.d
        || ip.segments()[..6] == [0x64, 0xff9b, 0, 0, 0, 0]) // NAT64
}

/// Which hosts may be reached: public addresses, plus the configured exceptions (names or IPs).
#[derive(Debug)]
struct HostGuard {
    allow: Vec<String>,
}

impl HostGuard {
    fn allowed(&self, what: &str) -> bool {
        let what = what.trim_start_matches('[').trim_end_matches(']');
        self.allow.iter().any(|a| a.eq_ignore_ascii_case(what))
    }

    fn check_ip(&self, host: &str, ip: IpAddr) -> Result<(), FetchError> {
        if is_public(ip) || self.allowed(&ip.to_string()) { Ok(()) } else { Err(FetchError::Refused(host.to_string())) }
    }

    /// Resolves `host` and refuses it if any of its addresses is not public.
    async fn resolve(&self, host: &str) -> Result<Vec<SocketAddr>, FetchError> {
        let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host, 0)).await.map_err(|_| FetchError::UnknownHost(host.to_string()))?.collect();
        if addrs.is_empty() {
            return Err(FetchError::UnknownHost(host.to_string()));
        }
        if !self.allowed(host) {
            for a in &addrs {
                self.check_ip(host, a.ip())?;
            }
        }
        Ok(addrs)
    }
}

struct GuardResolver(Arc<HostGuard>);

impl Resolve for GuardResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let guard = self.0.clone();
        let host = name.as_str().to_string();
        Box::pin(async move {
            let addrs = guard.resolve(&host).await?;
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

/// A client for other calls to an address a user typed (a WooCommerce store's REST API): every
/// name it resolves must be public (or configured as allowed) and it follows no redirect;
/// `check_address` is the check to make before sending anything.
///
/// One client per (allowed hosts, timeout), kept for the process: its connections, each
/// checked by the guard when it was opened, are reused from call to call and push to push
/// instead of a client (and a connection) made per push.
pub fn guarded_client(settings: &InspectSettings, timeout: Duration) -> reqwest::Client {
    type Clients = std::sync::Mutex<std::collections::HashMap<(Vec<String>, Duration), reqwest::Client>>;
    static CLIENTS: std::sync::LazyLock<Clients> = std::sync::LazyLock::new(Default::default);
    let mut clients = CLIENTS.lock().unwrap_or_else(|e| e.into_inner());
    clients.entry((settings.allow_hosts.clone(), timeout)).or_insert_with(|| new_guarded_client(settings, timeout)).clone()
}

fn new_guarded_client(settings: &InspectSettings, timeout: Duration) -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .dns_resolver(Arc::new(GuardResolver(Arc::new(HostGuard { allow: settings.allow_hosts.clone() }))))
        .timeout(timeout)
        .build()
        .expect("a TLS backend is compiled in")
}

/// The address's shape, and that its host (an IP literal, or every address its name resolves
/// to) is public or configured as allowed.
pub async fn check_address(settings: &InspectSettings, url: &Url) -> Result<(), FetchError> {
    check_literal(settings, url)?;
    match literal_ip(url) {
        Some(_) => Ok(()),
        None => HostGuard { allow: settings.allow_hosts.clone() }.resolve(url.host_str().unwrap_or_default()).await.map(|_| ()),
    }
}

/// The part of `check_address` that needs no lookup: the address's shape, and its host when it
/// is an IP literal (which `guarded_client`'s resolver never sees, so every call to a stored
/// address checks it again).
pub fn check_literal(settings: &InspectSettings, url: &Url) -> Result<(), FetchError> {
    check_shape(url)?;
    let guard = HostGuard { allow: settings.allow_hosts.clone() };
    let host = url.host_str().unwrap_or_default();
    match literal_ip(url) {
        Some(ip) if !guard.allowed(host) => guard.check_ip(host, ip),
        _ => Ok(()),
    }
}

/// The fetcher. Cheap to clone.
#[derive(Clone)]
pub struct GuardedHttp {
    client: reqwest::Client,
    guard: Arc<HostGuard>,
    max_bytes: usize,
    timeout: Duration,
    max_redirects: usize,
}

impl GuardedHttp {
    pub fn new(settings: &InspectSettings) -> Self {
        let guard = Arc::new(HostGuard { allow: settings.allow_hosts.clone() });
        let timeout = Duration::from_secs(settings.timeout_secs.max(1));
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .dns_resolver(Arc::new(GuardResolver(guard.clone())))
            .connect_timeout(timeout)
            .user_agent(concat!("DroplineInspector/", env!("CARGO_PKG_VERSION")))
            .build()
            .expect("a TLS backend is compiled in");
        GuardedHttp { client, guard, max_bytes: settings.max_bytes, timeout, max_redirects: settings.max_redirects }
    }

    /// GETs `url`, following at most `max_redirects` redirects, each hop checked; only a 2xx
    /// answer is returned.
    pub async fn get(&self, url: &Url) -> Result<Fetched, FetchError> {
        match tokio::time::timeout(self.timeout, self.follow(url.clone())).await {
            Ok(result) => result,
            Err(_) => Err(FetchError::Timeout(self.timeout.as_secs())),
        }
    }

    async fn follow(&self, mut url: Url) -> Result<Fetched, FetchError> {
        for _ in 0..=self.max_redirects {
            check_shape(&url)?;
            let host = url.host_str().unwrap_or_default().to_string();
            // An IP literal is never resolved, so the resolver cannot check it: do it here.
            if let Some(ip) = literal_ip(&url)
                && !self.guard.allowed(&host)
            {
                self.guard.check_ip(&host, ip)?;
            }
            let res = self.client.get(url.clone()).send().await.map_err(|e| self.explain(e))?;
            let status = res.status();
            if status.is_redirection() {
                let location = res.headers().get(reqwest::header::LOCATION).and_then(|l| l.to_str().ok());
                url = url.join(location.ok_or(FetchError::BadRedirect)?).map_err(|_| FetchError::BadRedirect)?;
                continue;
            }
            if !status.is_success() {
                return Err(FetchError::Status(status.as_u16()));
            }
            let content_type = res.headers().get(reqwest::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_ascii_lowercase();
            let body = self.read_capped(res).await?;
            return Ok(Fetched { url, content_type, body });
        }
        Err(FetchError::TooManyRedirects(self.max_redirects))
    }

    async fn read_capped(&self, mut res: reqwest::Response) -> Result<Vec<u8>, FetchError> {
        if res.content_length().is_some_and(|n| n > self.max_bytes as u64) {
            return Err(FetchError::TooBig(self.max_bytes));
        }
        let mut body = Vec::new();
        while let Some(chunk) = res.chunk().await.map_err(|e| self.explain(e))? {
            if body.len() + chunk.len() > self.max_bytes {
                return Err(FetchError::TooBig(self.max_bytes));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }

    /// The guard's own refusal when it is the cause, else a short description.
    fn explain(&self, e: reqwest::Error) -> FetchError {
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&e);
        while let Some(s) = source {
            if let Some(f) = s.downcast_ref::<FetchError>() {
                return f.clone();
            }
            source = s.source();
        }
        if e.is_timeout() {
            return FetchError::Timeout(self.timeout.as_secs());
        }
        let what = if e.is_connect() {
            "the connection failed"
        } else if e.is_body() {
            "the answer broke off"
        } else {
            "the request failed"
        };
        FetchError::Unreachable(what.into())
    }
}

fn literal_ip(url: &Url) -> Option<IpAddr> {
    match url.host()? {
        url::Host::Ipv4(ip) => Some(IpAddr::V4(ip)),
        url::Host::Ipv6(ip) => Some(IpAddr::V6(ip)),
        url::Host::Domain(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(allow: &[&str]) -> InspectSettings {
        InspectSettings { allow_hosts: allow.iter().map(|s| s.to_string()).collect(), max_bytes: 1000, timeout_secs: 5, max_redirects: 2 }
    }

    #[test]
    fn the_scheme_defaults_to_https() {
        assert_eq!(with_default_scheme("acme.com/x"), "https://acme.com/x");
        assert_eq!(with_default_scheme("  //acme.com"), "https://acme.com");
        assert_eq!(with_default_scheme("HTTP://acme.com"), "HTTP://acme.com");
        assert_eq!(with_default_scheme("http://acme.com"), "http://acme.com");
        assert_eq!(with_default_scheme("ftp://acme.com"), "ftp://acme.com");
        assert_eq!(parse_user_url("acme.com").unwrap().as_str(), "https://acme.com/");
        assert!(matches!(parse_user_url("ftp://acme.com"), Err(FetchError::Scheme(_))));
        assert!(matches!(parse_user_url("javascript:alert(1)"), Err(FetchError::Scheme(_)) | Err(FetchError::BadUrl(_))));
        assert!(parse_user_url("").is_err());
        assert!(parse_user_url("not a url").is_err());
        assert!(parse_user_url("https://user:pw@acme.com").is_err());
    }

    #[test]
    fn private_and_special_addresses_are_not_public() {
        for ip in [
            "10.0.0.1",
            "172.16.5.4",
            "192.168.1.1",
            "127.0.0.1",
            "169.254.169.254",
            "0.0.0.0",
            "255.255.255.255",
            "100.64.0.1",
            "100.127.255.254",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:8.8.8.8",
            "64:ff9b::a00:1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip} must be refused");
        }
        for ip in ["8.8.8.8", "1.1.1.1", "100.63.0.1", "100.128.0.1", "23.227.38.65", "2606:4700::1111"] {
            assert!(is_public(ip.parse().unwrap()), "{ip} is public");
        }
    }

    #[tokio::test]
    async fn literal_and_resolved_private_hosts_are_refused() {
        let http = GuardedHttp::new(&settings(&[]));
        for url in ["http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://[::1]:8080/", "http://127.0.0.1/", "http://localhost/"] {
            let err = http.get(&Url::parse(url).unwrap()).await.unwrap_err();
            assert!(matches!(err, FetchError::Refused(_)), "{url}: {err:?}");
            assert!(err.to_string().contains("private, loopback or link-local"), "{err}");
        }
    }

    #[tokio::test]
    async fn allow_listed_hosts_pass_the_guard() {
        let guard = HostGuard { allow: vec!["localhost".into(), "127.0.0.1".into()] };
        assert!(guard.resolve("localhost").await.is_ok());
        assert!(guard.check_ip("127.0.0.1", "127.0.0.1".parse().unwrap()).is_ok());
        assert!(guard.check_ip("10.0.0.1", "10.0.0.1".parse().unwrap()).is_err());
    }
}
