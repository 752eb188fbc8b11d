//! The store owner's own AliExpress account: AliExpress orders are created in it (and paid there
//! by the owner), so placing one needs it. Connecting is the Open Platform's OAuth: a single-use
//! `state` bound to the user and workplace (kept with the channels' states), the code exchanged
//! for tokens, which are sealed per workplace. The access token is renewed with the refresh
//! token a day before it lapses; a refused renewal disconnects the account.
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use tracing::instrument;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::accounts::digest;
use crate::config::Settings;
use crate::connectors::suppliers::Suppliers;
use crate::connectors::suppliers::aliexpress_auth::{self, AuthError, Tokens};
use crate::crypto::{Sealer, random_token};
use crate::error::{Error, Result};

/// The field and message of the refusal to place AliExpress orders without the account; the
/// web shows the spec's "sign in to your AliExpress account" dialog for it.
pub const SIGN_IN_FIELD: &str = "aliexpress_account";
pub const SIGN_IN_MESSAGE: &str = "SignInToYourAliExpressAccount";

const STATE_MINUTES: i64 = 10;
const CHANNEL: &str = "aliexpress";

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AliExpressAccount {
    pub connected: bool,
    /// The AliExpress member's nickname.
    pub account: Option<String>,
    pub connected_at: Option<DateTime<Utc>>,
    /// When the access token lapses (renewed before then).
    pub expires_at: Option<DateTime<Utc>>,
}

#[derive(Serialize, Deserialize)]
struct Sealed {
    access_token: String,
    refresh_token: Option<String>,
}

fn settings_of(suppliers: &Suppliers) -> Result<(&reqwest::Client, &crate::config::AliExpressSettings)> {
    suppliers.aliexpress_settings().ok_or_else(|| Error::BadRequest("AliExpress is not configured on this Dropline (suppliers.aliexpress.app_key)".into()))
}

/// Where AliExpress sends the browser back: the dashboard's page, which posts code and state.
fn redirect_uri(settings: &Settings) -> String {
    format!("{}/app/auth/bind/aliexpress", settings.application.base_url.trim_end_matches('/'))
}

/// AliExpress's sign-in page for this user and workplace.
pub async fn start(pool: &PgPool, settings: &Settings, suppliers: &Suppliers, user_id: Uuid, workplace_id: Uuid) -> Result<String> {
    let (_, ae) = settings_of(suppliers)?;
    let state = random_token(32);
    sqlx::query("DELETE FROM channel_oauth_states WHERE expires_at < now()").execute(pool).await?;
    sqlx::query("INSERT INTO channel_oauth_states (state_hash, channel, user_id, workplace_id, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(digest(&state))
        .bind(CHANNEL)
        .bind(user_id)
        .bind(workplace_id)
        .bind(Utc::now() + Duration::minutes(STATE_MINUTES))
        .execute(pool)
        .await?;
    Ok(aliexpress_auth::authorize_url(ae, &redirect_uri(settings), &state))
}

/// Finishes the sign-in with the `code` and `state` AliExpress sent the browser back with.
#[instrument(skip_all)]
pub async fn finish(
    pool: &PgPool,
    sealer: &Sealer,
    suppliers: &Suppliers,
    user_id: Uuid,
    workplace_id: Uuid,
    code: &str,
    state: &str,
) -> Result<AliExpressAccount> {
    if code.trim().is_empty() {
        return Err(Error::field("code", "AliExpress sent no authorisation code"));
    }
    let (http, ae) = settings_of(suppliers)?;
    let taken =
        sqlx::query("DELETE FROM channel_oauth_states WHERE state_hash = $1 AND channel = $2 AND user_id = $3 AND workplace_id = $4 AND expires_at > now()")
            .bind(digest(state))
            .bind(CHANNEL)
            .bind(user_id)
            .bind(workplace_id)
            .execute(pool)
            .await?
            .rows_affected();
    if taken != 1 {
        return Err(Error::field("state", "This AliExpress sign-in link has expired or was started elsewhere. Please sign in again."));
    }
    let tokens = aliexpress_auth::create_token(http, ae, code).await.map_err(|e| match e {
        AuthError::Refused(c) => Error::field("code", format!("AliExpress refused the sign-in ({c}). Please sign in again.")),
        AuthError::Unavailable(m) => Error::Upstream(format!("AliExpress: {m}")),
    })?;
    save(pool, sealer, workplace_id, &tokens, None).await?;
    view(pool, workplace_id).await
}

async fn save(pool: &PgPool, sealer: &Sealer, workplace_id: Uuid, t: &Tokens, kept_refresh: Option<String>) -> Result<()> {
    let sealed = Sealed { access_token: t.access_token.clone(), refresh_token: t.refresh_token.clone().or(kept_refresh) };
    sqlx::query(
        "INSERT INTO aliexpress_accounts (workplace_id, credentials, account, ae_user_id, access_expires_at, refresh_expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), now() + make_interval(secs => $6))
         ON CONFLICT (workplace_id) DO UPDATE SET credentials = $2, account = COALESCE($3, aliexpress_accounts.account),
             ae_user_id = COALESCE($4, aliexpress_accounts.ae_user_id), access_expires_at = EXCLUDED.access_expires_at,
             refresh_expires_at = COALESCE(EXCLUDED.refresh_expires_at, aliexpress_accounts.refresh_expires_at), updated_at = now()",
    )
    .bind(workplace_id)
    .bind(sealer.seal_json(&sealed))
    .bind(&t.account)
    .bind(&t.user_id)
    .bind(t.expires_in as f64)
    .bind(t.refresh_expires_in.map(|s| s as f64))
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn view(pool: &PgPool, workplace_id: Uuid) -> Result<AliExpressAccount> {
    let row: Option<(Option<String>, DateTime<Utc>, DateTime<Utc>)> =
        sqlx::query_as("SELECT account, connected_at, access_expires_at FROM aliexpress_accounts WHERE workplace_id = $1")
            .bind(workplace_id)
            .fetch_optional(pool)
            .await?;
    Ok(match row {
        Some((account, connected_at, expires_at)) => {
            AliExpressAccount { connected: true, account, connected_at: Some(connected_at), expires_at: Some(expires_at) }
        }
        None => AliExpressAccount { connected: false, account: None, connected_at: None, expires_at: None },
    })
}

/// Forgets the tokens; orders already created stay in the owner's AliExpress account.
pub async fn disconnect(pool: &PgPool, workplace_id: Uuid) -> Result<AliExpressAccount> {
    sqlx::query("DELETE FROM aliexpress_accounts WHERE workplace_id = $1").bind(workplace_id).execute(pool).await?;
    view(pool, workplace_id).await
}

pub async fn connected(pool: &PgPool, workplace_id: Uuid) -> Result<bool> {
    Ok(sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM aliexpress_accounts WHERE workplace_id = $1)").bind(workplace_id).fetch_one(pool).await?)
}

/// The access token to act as the owner, renewed first when it lapses within a day. None: no
/// account, or AliExpress refused the renewal (the account is then disconnected).
pub async fn access_token(pool: &PgPool, sealer: &Sealer, suppliers: &Suppliers, workplace_id: Uuid) -> Result<Option<String>> {
    let row: Option<(Vec<u8>, bool)> =
        sqlx::query_as("SELECT credentials, access_expires_at < now() + interval '1 day' FROM aliexpress_accounts WHERE workplace_id = $1")
            .bind(workplace_id)
            .fetch_optional(pool)
            .await?;
    let Some((sealed, due)) = row else { return Ok(None) };
    let creds: Sealed = sealer.open_json(&sealed)?;
    let Some(refresh) = creds.refresh_token.clone().filter(|_| due) else { return Ok(Some(creds.access_token)) };
    let (http, ae) = settings_of(suppliers)?;
    match aliexpress_auth::refresh_token(http, ae, &refresh).await {
        Ok(t) => {
            save(pool, sealer, workplace_id, &t, Some(refresh)).await?;
            Ok(Some(t.access_token))
        }
        Err(AuthError::Refused(code)) => {
            tracing::info!(%workplace_id, %code, "AliExpress refused the renewal: the owner signs in again");
            disconnect(pool, workplace_id).await?;
            Ok(None)
        }
        Err(AuthError::Unavailable(m)) => Err(Error::Upstream(format!("AliExpress: {m}"))),
    }
}
