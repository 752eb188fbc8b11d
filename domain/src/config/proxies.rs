//! `auth.trusted_proxies`: the reverse proxies whose `X-Forwarded-For` tells the client's
//! address. Anyone can write that header, so it is read only when the connection comes from one
//! of them; otherwise a guesser would name a new address on every try and never be throttled.
use std::net::{IpAddr, SocketAddr};

use ipnet::IpNet;
use serde::{Deserialize, Deserializer};

#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Each entry an address (`10.0.0.7`, `::1`) or a network (`10.0.0.0/8`); a bad entry is
    /// named, so a typo stops the start instead of trusting nobody (or everybody) silently.
    pub fn parse<S: AsRef<str>>(entries: &[S]) -> Result<Self, String> {
        let mut nets = Vec::new();
        for entry in entries.iter().map(|e| e.as_ref().trim()).filter(|e| !e.is_empty()) {
            let net = match entry.parse::<IpNet>() {
                Ok(net) => net,
                Err(_) => entry
                    .parse::<IpAddr>()
                    .map(IpNet::from)
                    .map_err(|_| format!("auth.trusted_proxies: {entry:?} is neither an IP address nor a CIDR network"))?,
            };
            nets.push(net.trunc());
        }
        Ok(TrustedProxies(nets))
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The address a request came from: the TCP peer, unless it is a trusted proxy; then the
    /// rightmost `X-Forwarded-For` hop that is not a trusted proxy (the hops to its left were
    /// written by whoever sent the request and prove nothing). `hops` are the header's
    /// comma-separated entries in order, every `X-Forwarded-For` header joined.
    pub fn client_addr(&self, peer: IpAddr, hops: &[&str]) -> IpAddr {
        let mut addr = peer.to_canonical();
        if !self.trusts(addr) {
            return addr;
        }
        for hop in hops.iter().rev() {
            // A hop that is not an address: the trusted proxy that passed it on is as far back
            // as the chain can be believed.
            let Some(ip) = parse_hop(hop) else { return addr };
            addr = ip;
            if !self.trusts(ip) {
                return ip;
            }
        }
        addr
    }
}

/// `203.0.113.9`, `203.0.113.9:4711`, `2001:db8::1` or `[2001:db8::1]:4711`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    let ip = hop.parse::<IpAddr>().ok().or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))?;
    Some(ip.to_canonical())
}

/// A list in TOML, or one comma-separated string from `DROPLINE__AUTH__TRUSTED_PROXIES`.
impl<'de> Deserialize<'de> for TrustedProxies {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            List(Vec<String>),
            Joined(String),
        }
        let entries = match Raw::deserialize(d)? {
            Raw::List(list) => list,
            Raw::Joined(s) => s.split(',').map(str::to_string).collect(),
        };
        TrustedProxies::parse(&entries).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::TrustedProxies;
    use std::net::IpAddr;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_the_header_says() {
        let none = TrustedProxies::default();
        assert_eq!(none.client_addr(ip("198.51.100.4"), &["203.0.113.9"]), ip("198.51.100.4"));
    }

    #[test]
    fn behind_a_trusted_proxy_the_rightmost_untrusted_hop_is_the_client() {
        let proxies = TrustedProxies::parse(&["10.0.0.0/8", "192.0.2.1"]).unwrap();
        // The client wrote a fake first hop; the proxies appended what they saw.
        let hops = ["1.2.3.4", " 203.0.113.9", "10.1.1.1"];
        assert_eq!(proxies.client_addr(ip("192.0.2.1"), &hops), ip("203.0.113.9"));
        // A peer outside the list is the client even when it sends the header.
        assert_eq!(proxies.client_addr(ip("198.51.100.4"), &hops), ip("198.51.100.4"));
        // A trusted proxy that forwarded nothing is itself the client.
        assert_eq!(proxies.client_addr(ip("10.2.2.2"), &[]), ip("10.2.2.2"));
        // Every hop trusted: the furthest one.
        assert_eq!(proxies.client_addr(ip("10.2.2.2"), &["10.3.3.3", "10.4.4.4"]), ip("10.3.3.3"));
        // Garbage beyond a trusted hop is not believed.
        assert_eq!(proxies.client_addr(ip("10.2.2.2"), &["203.0.113.9", "nonsense", "10.4.4.4"]), ip("10.4.4.4"));
        // Ports and IPv4-mapped IPv6 forms name the same client.
        assert_eq!(proxies.client_addr(ip("::ffff:10.2.2.2"), &["203.0.113.9:5123"]), ip("203.0.113.9"));
        assert_eq!(proxies.client_addr(ip("10.2.2.2"), &["[2001:db8::7]:443"]), ip("2001:db8::7"));
    }

    #[test]
    fn a_bad_entry_is_named() {
        let e = TrustedProxies::parse(&["10.0.0.0/8", "10.0.0.300"]).unwrap_err();
        assert!(e.contains("10.0.0.300"), "{e}");
    }

    #[test]
    fn reads_a_toml_list_or_a_comma_separated_variable() {
        #[derive(serde::Deserialize)]
        struct S {
            trusted_proxies: TrustedProxies,
        }
        let list: S = serde_json::from_str(r#"{"trusted_proxies": ["10.0.0.1", "fd00::/8"]}"#).unwrap();
        let joined: S = serde_json::from_str(r#"{"trusted_proxies": "10.0.0.1, fd00::/8"}"#).unwrap();
        for s in [list, joined] {
            assert_eq!(s.trusted_proxies.client_addr(ip("fd00::5"), &["203.0.113.9"]), ip("203.0.113.9"));
            assert_eq!(s.trusted_proxies.client_addr(ip("10.0.0.1"), &["203.0.113.9"]), ip("203.0.113.9"));
            assert_eq!(s.trusted_proxies.client_addr(ip("10.0.0.2"), &["203.0.113.9"]), ip("10.0.0.2"));
        }
        assert!(serde_json::from_str::<S>(r#"{"trusted_proxies": "10.0.0.1, proxy.local"}"#).is_err());
    }
}
