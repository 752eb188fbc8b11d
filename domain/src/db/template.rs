//! The tests' and benches' databases are copies of one migrated database per run and set of
//! migrations (`CREATE DATABASE … TEMPLATE`), not each migrated afresh: the suite makes one
//! database per test, and running every migration for each was most of a short test's time.
use sha2::{Digest, Sha256};
use sqlx::{Connection, PgConnection};

/// The template's name, made and migrated by the first caller of the run. `admin` is connected
/// to the server's `postgres` database, where every caller takes the same advisory lock.
pub(super) async fn ensure(admin: &mut PgConnection, server: &str) -> anyhow::Result<String> {
    let run = std::env::var("DROPLINE_TEST_RUN").unwrap_or_else(|_| "dev".into());
    let mut migrations = Sha256::new();
    for m in super::MIGRATOR.iter() {
        migrations.update(m.version.to_le_bytes());
        migrations.update(&*m.checksum);
    }
    // Named like the run's test databases, so the test command's clean-up drops it too.
    let name = format!("dropline_t_{run}_template_{}", &hex::encode(migrations.finalize())[..12]);
    sqlx::query("SELECT pg_advisory_lock(hashtext($1))").bind(&name).execute(&mut *admin).await?;
    let made = make(admin, server, &name).await;
    sqlx::query("SELECT pg_advisory_unlock(hashtext($1))").bind(&name).execute(&mut *admin).await?;
    made.map(|()| name)
}

/// Migrates the template under another name and renames it when done, so a run killed halfway
/// leaves no half-migrated template behind to copy.
async fn make(admin: &mut PgConnection, server: &str, name: &str) -> anyhow::Result<()> {
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)").bind(name).fetch_one(&mut *admin).await?;
    if exists {
        return Ok(());
    }
    let building = format!("{name}_b");
    sqlx::query(&format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)")).execute(&mut *admin).await?;
    sqlx::query(&format!("CREATE DATABASE {building}")).execute(&mut *admin).await?;
    let mut conn = PgConnection::connect(&format!("{server}/{building}")).await?;
    super::MIGRATOR.run(&mut conn).await?;
    // A template is copied only while nobody is connected to it.
    conn.close().await?;
    sqlx::query(&format!("ALTER DATABASE {building} RENAME TO {name}")).execute(&mut *admin).await?;
    Ok(())
}
