//! Google and Facebook sign-in: start (a single-use `state`), then finish from the callback.
use chrono::{Duration, Utc};
use sqlx::PgPool;
use tracing::instrument;
use uuid::Uuid;

use super::{Session, digest, new_secret, session::open_session};
use crate::config::{OAuthProvider, Settings};
use crate::connectors::oauth::{self, Profile};
use crate::error::{Error, Result};
use crate::store::{users, workplaces};

fn provider<'a>(settings: &'a Settings, name: &str) -> Result<&'a OAuthProvider> {
    match name {
        "google" => Ok(&settings.oauth.google),
        "facebook" => Ok(&settings.oauth.facebook),
        _ => Err(Error::NotFound("Sign-in provider")),
    }
}

/// Where the provider sends the browser back: the dashboard's `/auth/{social}/callback` screen.
fn redirect_uri(settings: &Settings, name: &str) -> String {
    format!("{}/auth/{name}/callback", settings.application.base_url.trim_end_matches('/'))
}

/// The provider address to send the browser to.
pub async fn start(pool: &PgPool, settings: &Settings, name: &str) -> Result<String> {
    let p = provider(settings, name)?;
    let state = new_secret();
    sqlx::query("INSERT INTO oauth_states (state_hash, provider, expires_at) VALUES ($1, $2, $3)")
        .bind(digest(&state))
        .bind(name)
        .bind(Utc::now() + Duration::minutes(10))
        .execute(pool)
        .await?;
    Ok(oauth::authorize_url(p, &redirect_uri(settings, name), &state))
}

/// Checks the state, exchanges the code, and signs in the matching user: the one already
/// linked to this provider account, else the one with the same verified email, else a new one.
#[instrument(skip_all, fields(provider = name))]
/// An account created here records `client` (the request's `app` header) as where it signed up.
pub async fn finish(pool: &PgPool, settings: &Settings, name: &str, code: &str, state: &str, client: super::flags::ClientApp) -> Result<Session> {
    let p = provider(settings, name)?;
    let taken = sqlx::query("DELETE FROM oauth_states WHERE state_hash = $1 AND provider = $2 AND expires_at > now()")
        .bind(digest(state))
        .bind(name)
        .execute(pool)
        .await?
        .rows_affected();
    if taken != 1 {
        return Err(Error::BadRequest("This sign-in link has expired. Please try again.".into()));
    }
    let profile = oauth::profile_from_code(name, p, code, &redirect_uri(settings, name)).await.map_err(Error::BadRequest)?;
    let user_id = user_for(pool, name, &profile, client).await?;
    open_session(pool, settings, user_id).await
}

async fn user_for(pool: &PgPool, name: &str, profile: &Profile, client: super::flags::ClientApp) -> Result<Uuid> {
    let linked: Option<Uuid> = sqlx::query_scalar("SELECT user_id FROM social_identities WHERE provider = $1 AND subject = $2")
        .bind(name)
        .bind(&profile.subject)
        .fetch_optional(pool)
        .await?;
    if let Some(id) = linked {
        return Ok(id);
    }
    let email = profile.email.as_deref().ok_or_else(|| Error::BadRequest(format!("Your {name} account did not share an email address")))?;
    if !profile.email_verified {
        return Err(Error::BadRequest(format!("Your {name} email address is not verified")));
    }
    let mut tx = crate::db::begin(pool).await?;
    let existing = users::by_email(pool, email).await?.map(|u| u.id);
    let user_id = match existing {
        Some(id) => id,
        None => {
            let new = users::NewUser {
                email,
                password_hash: None,
                first_name: &profile.first_name,
                last_name: &profile.last_name,
                verification_code: None,
                verified: true,
            };
            let id = users::insert(&mut tx, new).await?.ok_or_else(|| Error::BadRequest("Please try again".into()))?;
            workplaces::create(&mut tx, id, "My workplace", "USD").await?;
            sqlx::query("UPDATE users SET signup_app = $2 WHERE id = $1").bind(id).bind(client.as_str()).execute(&mut *tx).await?;
            if let Some(avatar) = &profile.avatar {
                sqlx::query("UPDATE users SET avatar = $2 WHERE id = $1").bind(id).bind(avatar).execute(&mut *tx).await?;
            }
            id
        }
    };
    sqlx::query("INSERT INTO social_identities (provider, subject, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(name)
        .bind(&profile.subject)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(user_id)
}
