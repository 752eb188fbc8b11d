use secrecy::ExposeSecret;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use std::time::Duration;

use crate::config::DatabaseSettings;

mod begin;
mod template;
mod test_database;
pub use begin::{begin, begin_redoable};
pub use test_database::TestDatabase;

/// Embedded migrations from the workspace's `migrations/`, applied at start-up.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

pub fn pool(settings: &DatabaseSettings) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new().max_connections(settings.max_connections).acquire_timeout(Duration::from_secs(5)).connect_lazy(settings.url.expose_secret())
}

/// Creates the database named in the URL if it does not exist yet (first start on a new machine).
pub async fn create_database_if_missing(settings: &DatabaseSettings) -> anyhow::Result<()> {
    use sqlx::Connection;
    let url = settings.url.expose_secret();
    let (base, name) = url.rsplit_once('/').ok_or_else(|| anyhow::anyhow!("database url has no database name"))?;
    let name = name.split('?').next().unwrap_or(name);
    let mut conn = sqlx::PgConnection::connect(&format!("{base}/postgres")).await?;
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)").bind(name).fetch_one(&mut conn).await?;
    if !exists {
        let created = sqlx::query(&format!("CREATE DATABASE \"{}\"", name.replace('"', ""))).execute(&mut conn).await;
        // api and worker start together: the one that loses the race finds it created.
        if let Err(e) = created {
            let lost_race = e.as_database_error().and_then(|d| d.code()).is_some_and(|c| c == "42P04" || c == "23505");
            if !lost_race {
                return Err(e.into());
            }
        }
    }
    Ok(())
}

/// Drops the database `name` on the server at `server` (a URL without a database) if it exists
/// and creates it afresh, migrated (a copy of the run's template): the tests' and the benches'
/// own databases.
pub async fn recreate(server: &str, name: &str, max_connections: u32) -> anyhow::Result<PgPool> {
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres")).await?;
    let template = template::ensure(&mut admin, server).await?;
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut admin).await?;
    sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}")).execute(&mut admin).await?;
    admin.close().await.ok();
    Ok(PgPoolOptions::new().max_connections(max_connections).connect(&format!("{server}/{name}")).await?)
}

/// Whether PostgreSQL answers (the health check).
pub async fn ping(pool: &PgPool) -> bool {
    sqlx::query("SELECT 1").execute(pool).await.is_ok()
}

pub async fn migrate(pool: &PgPool) -> Result<(), sqlx::migrate::MigrateError> {
    MIGRATOR.run(pool).await
}
