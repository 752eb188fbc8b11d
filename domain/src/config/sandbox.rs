//! Development and tests: one address, the sandbox's, for every outside party.
use super::Settings;

impl Settings {
    /// Points every outside party (identity, stores, suppliers, channels, payments, carrier) at
    /// the sandbox at `base`.
    pub fn use_sandbox(&mut self, base: &str) {
        for (name, p) in [("google", &mut self.oauth.google), ("facebook", &mut self.oauth.facebook)] {
            p.authorize_url = format!("{base}/oauth/{name}/authorize");
            p.token_url = format!("{base}/oauth/{name}/token");
        }
        self.oauth.google.userinfo_url = format!("{base}/oauth/google/userinfo");
        self.oauth.facebook.userinfo_url = format!("{base}/oauth/facebook/me?fields=id,name,email,first_name,last_name,picture");
        self.shopify.shop_url_template = format!("{base}/shops/{{shop}}");
        self.shopify.app_bridge_url = format!("{base}/_sandbox/shopify/app-bridge.js");
        self.suppliers.api_url_template = format!("{base}/suppliers/{{source}}/api");
        self.suppliers.aliexpress.api_url = format!("{base}/aliexpress/sync");
        self.suppliers.cj.api_url = format!("{base}/cj/api2.0/v1");
        self.suppliers.ebay.api_url = format!("{base}/ebay");
        self.suppliers.ebay.checkout_api_url = format!("{base}/ebay");
        self.payments.api_url = format!("{base}/payments");
        self.tracking.api_url = base.to_string();
        self.exchange_rates.url = format!("{base}/currencylayer/live");
        let c = &mut self.channels;
        c.tiktok.authorize_url = format!("{base}/channels/tiktok/oauth/authorize");
        c.tiktok.token_url = format!("{base}/channels/tiktok/api/v2/token/get");
        c.tiktok.api_base = format!("{base}/channels/tiktok/api");
        c.facebook.authorize_url = format!("{base}/channels/facebook/v19.0/dialog/oauth");
        c.facebook.token_url = format!("{base}/channels/facebook/v19.0/oauth/access_token");
        c.facebook.api_base = format!("{base}/channels/facebook/v19.0");
        c.google_merchant.authorize_url = format!("{base}/channels/google-merchant/o/oauth2/v2/auth");
        c.google_merchant.token_url = format!("{base}/channels/google-merchant/token");
        c.google_merchant.api_base = format!("{base}/channels/google-merchant/content/v2.1");
        self.sandbox_url = Some(base.to_string());
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::Settings;
    use std::path::Path;

    fn config_dir() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../config"))
    }

    /// `default.toml` and the given environment's file in a folder of their own.
    pub(in crate::config) fn layers(env: &str, text: &str) -> std::path::PathBuf {
        // One folder per call: tests of one process may run at once.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("dropline-config-{env}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(config_dir().join("default.toml"), dir.join("default.toml")).unwrap();
        std::fs::write(dir.join(format!("{env}.toml")), text).unwrap();
        dir
    }

    #[test]
    fn every_outside_address_follows_the_sandbox_url() {
        let test = std::fs::read_to_string(config_dir().join("test.toml")).unwrap();
        let dir = layers("test", &test.replace("http://127.0.0.1:9090", "http://127.0.0.1:45678/"));
        let s = Settings::load_from(&dir, "test").expect("test settings load");
        for url in [
            &s.oauth.google.token_url,
            &s.shopify.shop_url_template,
            &s.shopify.app_bridge_url,
            &s.suppliers.cj.api_url,
            &s.payments.api_url,
            &s.tracking.api_url,
            &s.exchange_rates.url,
            &s.channels.tiktok.api_base,
        ] {
            assert!(url.starts_with("http://127.0.0.1:45678/") || url == "http://127.0.0.1:45678", "{url}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn production_refuses_a_sandbox_url() {
        let dir = layers("production", "sandbox_url = \"http://127.0.0.1:9090\"\n");
        let err = Settings::load_from(&dir, "production").expect_err("production with a sandbox refuses to load");
        assert!(err.to_string().contains("sandbox_url"), "{err}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
