use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use sqlx::PgPool;
use tracing::instrument;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{digest, emails, new_secret, throttle};
use crate::config::Settings;
use crate::error::{Error, Result};

/// A hash of a random password, checked when an email has no account (or no password).
static UNKNOWN_ACCOUNT_HASH: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| Password::parse(&new_secret()).expect("a random secret is a valid password").hash().0);
use crate::store::workplaces::{self, Workplace};
use crate::store::{sessions, users};
use crate::values::{Email, Password, PasswordHash};

/// A bearer token handed to the client once; only its digest is kept.
#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    pub token: String,
    pub expires_at: DateTime<Utc>,
    #[serde(skip)]
    pub user_id: Uuid,
}

pub(super) async fn open_session(pool: &PgPool, settings: &Settings, user_id: Uuid) -> Result<Session> {
    let token = new_secret();
    let expires_at = Utc::now() + Duration::days(settings.auth.token_days);
    let mut conn = pool.acquire().await?;
    sessions::insert(&mut conn, &digest(&token), user_id, expires_at).await?;
    Ok(Session { token, expires_at, user_id })
}

/// A session for a user another party proved (Shopify's session token for the shop they own):
/// no password, so no throttle.
pub async fn sign_in_proven(pool: &PgPool, settings: &Settings, user_id: Uuid) -> Result<Session> {
    open_session(pool, settings, user_id).await
}

#[instrument(skip_all)]
pub async fn login(pool: &PgPool, settings: &Settings, email: &str, password: &str, client_addr: &str) -> Result<Session> {
    let email = email.trim();
    throttle::check(pool, &settings.auth, email, client_addr).await?;
    let user = users::by_email(pool, email).await?;
    // An unknown email costs the same argon2 work as a known one, so the answer's timing does
    // not tell which addresses have accounts.
    let stored = user.as_ref().and_then(|u| u.password_hash.clone());
    let checked = match stored.clone() {
        Some(h) => PasswordHash(h).verify_off_runtime(password).await,
        None => {
            let candidate = password.to_string();
            crate::cpu::run(move || PasswordHash(UNKNOWN_ACCOUNT_HASH.clone()).verify(&candidate)).await
        }
    };
    let ok = stored.is_some() && checked;
    let Some(user) = user.filter(|_| ok) else {
        throttle::record_failure(pool, &settings.auth, email, client_addr).await?;
        return Err(Error::Unauthorized("Incorrect email or password".into()));
    };
    if user.email_verified_at.is_none() {
        return Err(Error::EmailNotVerified);
    }
    throttle::clear(pool, &user.email, client_addr).await?;
    open_session(pool, settings, user.id).await
}

/// The user behind a bearer token, if the session is live.
pub async fn authenticate(pool: &PgPool, token: &str) -> Result<Uuid> {
    sessions::user_of(pool, &digest(token)).await?.ok_or_else(expired)
}

/// `authenticate` and the request's workplace in one round trip (see `workplaces::of_session`):
/// the user, and `workplace_id` if they are a member of it (else their first workplace when
/// `None`), or no workplace.
pub async fn authenticate_in(pool: &PgPool, token: &str, workplace_id: Option<Uuid>) -> Result<(Uuid, Option<Workplace>)> {
    workplaces::of_session(pool, &digest(token), workplace_id).await?.ok_or_else(expired)
}

fn expired() -> Error {
    Error::Unauthorized("Your session has expired. Please sign in again.".into())
}

pub async fn logout(pool: &PgPool, token: &str) -> Result<()> {
    sessions::revoke(pool, &digest(token)).await
}

/// Following the emailed link proves the address and signs the user in.
pub async fn verify_email(pool: &PgPool, settings: &Settings, user_id: Uuid, code: &str) -> Result<Session> {
    if !users::verify_email(pool, user_id, &digest(code)).await? {
        return Err(Error::BadRequest("This verification link is invalid or has already been used".into()));
    }
    open_session(pool, settings, user_id).await
}

/// Sends a new verification link. Answers the same whether or not the address exists.
pub async fn send_verification(pool: &PgPool, settings: &Settings, email: &str) -> Result<()> {
    let email = Email::parse(email).map_err(|m| Error::field("email", m))?;
    let Some(user) = users::by_email(pool, email.as_str()).await? else { return Ok(()) };
    if user.email_verified_at.is_some() {
        return Ok(());
    }
    let code = new_secret();
    let mut tx = crate::db::begin(pool).await?;
    users::set_verification_code(&mut tx, user.id, &digest(&code)).await?;
    emails::queue_verification(&mut tx, &settings.application.base_url, &user.email, user.id, &code).await?;
    tx.commit().await?;
    Ok(())
}

/// Emails a one-hour reset link. Answers the same whether or not the address exists.
pub async fn forgot_password(pool: &PgPool, settings: &Settings, email: &str) -> Result<()> {
    let email = Email::parse(email).map_err(|m| Error::field("email", m))?;
    let Some(user) = users::by_email(pool, email.as_str()).await? else { return Ok(()) };
    let token = new_secret();
    let link = format!("{}/reset-password?token={token}", settings.application.base_url.trim_end_matches('/'));
    let mut tx = crate::db::begin(pool).await?;
    sessions::insert_reset(&mut tx, &digest(&token), user.id, Utc::now() + Duration::hours(1)).await?;
    emails::queue_email(&mut tx, &user.email, "Reset your Dropline password", "Open this link within an hour to choose a new password:", &link).await?;
    tx.commit().await?;
    Ok(())
}

/// Sets the new password, signs the user out everywhere, and (the link proved the address)
/// marks the email verified.
pub async fn reset_password(pool: &PgPool, token: &str, password: &str) -> Result<()> {
    let hash = Password::parse_off_runtime(password, &[]).await.map_err(|m| Error::field("password", m))?.hash_off_runtime().await;
    let mut tx = crate::db::begin(pool).await?;
    let Some(user_id) = sessions::take_reset(&mut tx, &digest(token)).await? else {
        return Err(Error::BadRequest("This reset link is invalid or has expired".into()));
    };
    users::set_password(&mut tx, user_id, &hash.0).await?;
    sessions::revoke_all(&mut tx, user_id).await?;
    sqlx::query("UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1").bind(user_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}
