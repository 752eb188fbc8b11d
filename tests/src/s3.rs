//! A real S3-protocol server for the image library's S3 storage: moto's server (PyPI, installed
//! into tests/s3/.venv by scripts/services.sh `ensure_s3_test_server`), started on a free port
//! for one test and stopped when it is dropped.
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use domain::config::{GalleryStorage, S3Settings, Settings};
use secrecy::SecretString;

pub struct S3Server {
    child: Child,
    pub endpoint: String,
}

impl S3Server {
    pub async fn start() -> S3Server {
        let bin = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("s3/.venv/bin/moto_server");
        assert!(bin.exists(), "tests/s3/.venv is missing: scripts/test installs it (ensure_s3_test_server in scripts/services.sh)");
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(bin)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("moto_server starts");
        let server = S3Server { child, endpoint: format!("http://127.0.0.1:{port}") };
        let (http, url) = (reqwest::Client::new(), format!("{}/", server.endpoint));
        crate::eventually("moto_server answers", Duration::from_secs(30), || {
            let (http, url) = (http.clone(), url.clone());
            async move { http.get(url).send().await.map(|_| ()) }
        })
        .await;
        server
    }

    /// Makes the bucket (moto takes unsigned requests; the product itself never creates one).
    pub async fn bucket(&self, name: &str) {
        let res = reqwest::Client::new().put(format!("{}/{name}", self.endpoint)).send().await.unwrap();
        assert!(res.status().is_success(), "bucket {name}: {}", res.status());
    }

    /// The keys the bucket holds, read straight from the server.
    pub async fn keys(&self, bucket: &str) -> Vec<String> {
        let xml = reqwest::Client::new().get(format!("{}/{bucket}?list-type=2", self.endpoint)).send().await.unwrap().text().await.unwrap();
        xml.split("<Key>").skip(1).filter_map(|k| k.split("</Key>").next()).map(str::to_string).collect()
    }

    /// Points the image library at `bucket` on this server.
    pub fn use_for_gallery(&self, settings: &mut Settings, bucket: &str) {
        settings.gallery.storage = GalleryStorage::S3;
        settings.gallery.s3 = S3Settings {
            endpoint: self.endpoint.clone(),
            bucket: bucket.into(),
            region: "us-east-1".into(),
            access_key_id: "dropline-test".into(),
            secret_access_key: Some(SecretString::from("dropline-test-secret")),
        };
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
