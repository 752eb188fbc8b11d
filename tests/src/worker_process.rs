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

/// `worker_command` with the production queue settings of config/default.toml (not the test
/// ones: lease 5 s, dispatch every 50 ms) and the schedules off, its output in
/// `$TMPDIR/{log_name}.log`: how the benches run real workers.
pub fn production_worker(profile: &str, settings: &Settings, log_name: &str) -> std::io::Result<std::process::Child> {
    let log = std::fs::File::create(std::env::temp_dir().join(format!("{log_name}.log")))?;
    worker_command(profile, settings)
        .env("DROPLINE__QUEUE__LEASE_SECS", "300")
        .env("DROPLINE__QUEUE__REDISPATCH_AFTER_SECS", "60")
        .env("DROPLINE__QUEUE__MAX_RUN_SECS", "600")
        .env("DROPLINE__QUEUE__DISPATCH_INTERVAL_MS", "250")
        .env("DROPLINE__QUEUE__VACUUM_INTERVAL_SECS", "5")
        .env("DROPLINE__QUEUE__SCHEDULES", "false")
        .stdout(log.try_clone()?)
        .stderr(log)
        .spawn()
}
