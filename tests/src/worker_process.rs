//! The real worker binary as a process of its own, on the database, Redis namespace and
//! sandbox of a `TestApp`: for a test that kills it mid-job and a bench that measures it.
use domain::config::Settings;
use secrecy::ExposeSecret;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The worker of the cargo `profile` (`debug` or `release`; `DROPLINE_WORKER_BIN` overrides
/// the path), ready to start in the test environment on `settings`' database, Redis and
/// sandbox. The caller adds its own queue settings and where the output goes.
pub fn worker_command(profile: &str, settings: &Settings) -> Command {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let bin = std::env::var("DROPLINE_WORKER_BIN").map(PathBuf::from).unwrap_or_else(|_| root.join("target").join(profile).join("worker"));
    let build = if profile == "release" { "cargo build --release -p worker" } else { "cargo build -p worker" };
    assert!(bin.exists(), "{} is missing: run `{build}` first (scripts/test does)", bin.display());
    let mut command = Command::new(bin);
    command
        .current_dir(&root)
        .env("DROPLINE_ENV", "test")
        .env("DROPLINE__DATABASE__URL", settings.database.url.expose_secret())
        .env("DROPLINE__REDIS__URL", settings.redis.url.expose_secret())
        .env("DROPLINE__REDIS__NAMESPACE", &settings.redis.namespace)
        .env("DROPLINE__SANDBOX_URL", settings.sandbox_url.as_deref().unwrap_or_default())
        .env("RUST_LOG", "warn");
    command
}
