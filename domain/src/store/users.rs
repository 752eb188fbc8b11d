use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Result;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct User {
    pub id: Uuid,
    pub email: String,
    pub password_hash: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub avatar: Option<String>,
    pub language: String,
    pub email_verified_at: Option<DateTime<Utc>>,
    pub verification_code: Option<String>,
    pub remaining_meta_keys: Vec<String>,
    /// `sandbox` pays plans with the vendor's test keys, `live` with the live ones.
    pub payment_mode: String,
    pub created_at: DateTime<Utc>,
}

const COLUMNS: &str =
    "id, email, password_hash, first_name, last_name, avatar, language, email_verified_at, verification_code, remaining_meta_keys, payment_mode, created_at";

pub struct NewUser<'a> {
    pub email: &'a str,
    pub password_hash: Option<&'a str>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub verification_code: Option<&'a str>,
    pub verified: bool,
}

/// Inserts the user; `None` when the email is already registered.
pub async fn insert(conn: &mut PgConnection, u: NewUser<'_>) -> Result<Option<Uuid>> {
    let id = Uuid::new_v4();
    let inserted = sqlx::query(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, verification_code, email_verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7 THEN now() END)
         ON CONFLICT (lower(email)) DO NOTHING",
    )
    .bind(id)
    .bind(u.email)
    .bind(u.password_hash)
    .bind(u.first_name)
    .bind(u.last_name)
    .bind(u.verification_code)
    .bind(u.verified)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok((inserted == 1).then_some(id))
}

pub async fn by_id(pool: &PgPool, id: Uuid) -> Result<Option<User>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE id = $1")).bind(id).fetch_optional(pool).await?)
}

pub async fn by_email(pool: &PgPool, email: &str) -> Result<Option<User>> {
    Ok(sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE lower(email) = lower($1)")).bind(email).fetch_optional(pool).await?)
}

pub async fn set_verification_code(conn: &mut PgConnection, id: Uuid, code_hash: &str) -> Result<()> {
    sqlx::query("UPDATE users SET verification_code = $2 WHERE id = $1").bind(id).bind(code_hash).execute(conn).await?;
    Ok(())
}

/// Marks the email verified if `code_hash` matches; false otherwise.
pub async fn verify_email(pool: &PgPool, id: Uuid, code_hash: &str) -> Result<bool> {
    let n = sqlx::query(
        "UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), verification_code = NULL
         WHERE id = $1 AND verification_code = $2",
    )
    .bind(id)
    .bind(code_hash)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(n == 1)
}

pub async fn set_password(conn: &mut PgConnection, id: Uuid, hash: &str) -> Result<()> {
    sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1").bind(id).bind(hash).execute(conn).await?;
    Ok(())
}

pub async fn set_language(pool: &PgPool, id: Uuid, language: &str) -> Result<()> {
    sqlx::query("UPDATE users SET language = $2 WHERE id = $1").bind(id).bind(language).execute(pool).await?;
    Ok(())
}

pub async fn remove_meta_key(pool: &PgPool, id: Uuid, key: &str) -> Result<()> {
    sqlx::query("UPDATE users SET remaining_meta_keys = array_remove(remaining_meta_keys, $2) WHERE id = $1").bind(id).bind(key).execute(pool).await?;
    Ok(())
}

/// Deletes the user; their workplaces and everything in them go with it (ON DELETE CASCADE).
pub async fn delete(pool: &PgPool, id: Uuid) -> Result<()> {
    sqlx::query("DELETE FROM users WHERE id = $1").bind(id).execute(pool).await?;
    Ok(())
}

/// Remembers the first time the user came into the app (later visits keep the first).
pub async fn mark_first_visit(conn: &mut PgConnection, id: Uuid) -> Result<()> {
    sqlx::query("UPDATE users SET first_time_in_app_at = COALESCE(first_time_in_app_at, now()) WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// Sets how the user pays plans (`sandbox` or `live`); false when no such user.
pub async fn set_payment_mode(pool: &PgPool, email: &str, mode: &str) -> Result<bool> {
    let r = sqlx::query("UPDATE users SET payment_mode = $2 WHERE lower(email) = lower($1)").bind(email).bind(mode).execute(pool).await?;
    Ok(r.rows_affected() == 1)
}
