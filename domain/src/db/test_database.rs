//! Tests' databases: each test gets a fresh, migrated database named with a random suffix, on the
//! server of `DATABASE_URL`. `#[sqlx::test]` names its databases after the test's path, so two
//! test runs sharing a server (two checkouts, CI beside a developer) dropped each other's.
use sqlx::{Connection, PgConnection, PgPool};

/// A database that lives as long as this value; dropped (with its connections) afterwards.
pub struct TestDatabase {
    pub pool: PgPool,
    server: String,
    name: String,
}

impl TestDatabase {
    /// Creates and migrates `dropline_t_<run>_<random>`, where `<run>` is `DROPLINE_TEST_RUN`
    /// (the test command's run id, which drops whatever a killed run left) or `dev`.
    pub async fn new() -> TestDatabase {
        let url = std::env::var("DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
        let server = url.rsplit_once('/').map(|(s, _)| s.to_string()).expect("DATABASE_URL names a database");
        let run = std::env::var("DROPLINE_TEST_RUN").unwrap_or_else(|_| "dev".into());
        let name = format!("dropline_t_{run}_{}", uuid::Uuid::new_v4().simple());
        let pool = super::recreate(&server, &name, 10).await.expect("a test database is created and migrated");
        TestDatabase { pool, server, name }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        // Drop runs inside the test's runtime: a thread of its own may block on its own runtime.
        let (url, name) = (format!("{}/postgres", self.server), self.name.clone());
        let dropped = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
            rt.block_on(async {
                let mut admin = PgConnection::connect(&url).await.ok()?;
                sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut admin).await.ok()
            })
        });
        let _ = dropped.join();
    }
}
