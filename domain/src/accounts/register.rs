use serde::Deserialize;
use sqlx::PgPool;
use tracing::instrument;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{digest, emails, new_secret};
use crate::config::Settings;
use crate::error::{Error, Fields, Result};
use crate::store::{users, workplaces};
use crate::values::{Email, Password, PersonName};

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterInput {
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    pub email: String,
    pub password: String,
}

/// Creates the account with its first workplace and emails the verification link.
#[instrument(skip_all)]
pub async fn register(pool: &PgPool, settings: &Settings, input: RegisterInput) -> Result<(Uuid, Email)> {
    let mut f = Fields::default();
    let account = [input.email.trim(), input.first_name.trim(), input.last_name.trim()];
    let password = f.take("password", Password::parse_off_runtime(&input.password, &account).await);
    let email = f.take("email", Email::parse(&input.email));
    let first = f.take("first_name", PersonName::parse(&input.first_name));
    let last = f.take("last_name", PersonName::parse(&input.last_name));
    f.finish()?;
    let (email, password, first, last) = (email.unwrap(), password.unwrap(), first.unwrap(), last.unwrap());

    let code = new_secret();
    let hash = password.hash_off_runtime().await;
    let mut tx = crate::db::begin(pool).await?;
    let new = users::NewUser {
        email: email.as_str(),
        password_hash: Some(&hash.0),
        first_name: &first.0,
        last_name: &last.0,
        verification_code: Some(&digest(&code)),
        verified: false,
    };
    let Some(user_id) = users::insert(&mut tx, new).await? else {
        // "Already registered" would tell anyone which addresses have accounts: the caller gets
        // a new account's answer (a random id that opens nothing) and the owner an email.
        emails::queue_taken_notice(&mut tx, &settings.application.base_url, email.as_str()).await?;
        tx.commit().await?;
        return Ok((Uuid::new_v4(), email));
    };
    workplaces::create(&mut tx, user_id, "My workplace", "USD").await?;
    emails::queue_verification(&mut tx, &settings.application.base_url, email.as_str(), user_id, &code).await?;
    tx.commit().await?;
    Ok((user_id, email))
}

/// An already-verified account with its first workplace (the CLI and the demo seed).
/// Returns `None` when the email is taken.
pub async fn create_verified(pool: &PgPool, email: &str, password: &str, first_name: &str, last_name: &str) -> Result<Option<Uuid>> {
    let email_raw = email;
    let mut f = Fields::default();
    let email = f.take("email", Email::parse(email));
    let password = f.take("password", Password::parse_off_runtime(password, &[email_raw, first_name, last_name]).await);
    f.finish()?;
    let (email, password) = (email.unwrap(), password.unwrap());
    let hash = password.hash_off_runtime().await;
    let mut tx = crate::db::begin(pool).await?;
    let new = users::NewUser {
        email: email.as_str(),
        password_hash: Some(&hash.0),
        first_name: first_name.trim(),
        last_name: last_name.trim(),
        verification_code: None,
        verified: true,
    };
    let Some(id) = users::insert(&mut tx, new).await? else { return Ok(None) };
    workplaces::create(&mut tx, id, "My workplace", "USD").await?;
    tx.commit().await?;
    Ok(Some(id))
}

/// The account of a shop's owner met first inside Shopify's admin (the embedded app's install):
/// no password (the owner signs in through Shopify, or sets one with "forgot password"), its
/// address the one Shopify writes to the owner at, and its first workplace in the default
/// currency. `None` when the address already has an account: proving the shop is not proving
/// that account, whose owner must sign in and connect the store.
pub async fn create_for_shop(pool: &PgPool, email: &str, shop_name: &str) -> Result<Option<(Uuid, Uuid)>> {
    let email = Email::parse(email).map_err(|e| Error::StoreInstallFailed(format!("Shopify gave no usable owner email: {e}")))?;
    let mut tx = crate::db::begin(pool).await?;
    let new =
        users::NewUser { email: email.as_str(), password_hash: None, first_name: shop_name.trim(), last_name: "", verification_code: None, verified: true };
    let Some(id) = users::insert(&mut tx, new).await? else { return Ok(None) };
    let workplace = workplaces::create(&mut tx, id, "My workplace", "USD").await?;
    tx.commit().await?;
    Ok(Some((id, workplace.id)))
}
