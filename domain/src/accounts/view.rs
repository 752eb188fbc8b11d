use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Map, Value};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::flags::{self, Viewer};
use crate::error::{Error, Result};
use crate::store::{users, workplaces};

/// The account as the dashboard reads it (spec section 3).
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountView {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub avatar: Option<String>,
    pub email_verified: bool,
    pub language: String,
    pub has_shop: bool,
    pub workplaces: Vec<workplaces::Workplace>,
    #[schema(value_type = Object)]
    pub linked_stores: Map<String, Value>,
    pub onboarding: Vec<String>,
    pub remaining_meta_keys: Vec<String>,
    pub plan_reinstalled: bool,
    pub from_user_mkt: bool,
    pub from_mobile: bool,
    /// `sandbox` (plans paid with the vendor's test cards) or `live`.
    pub payment_mode: String,
    pub is_ab: bool,
    pub is_new_pricing_mvp: bool,
    pub is_new_pricing_mvp_v25: bool,
    pub is_user_mkt: bool,
    pub is_workplace_no_store: bool,
    pub is_hide_billing: bool,
    /// The owner has not linked a store nor imported a product yet: the onboarding steps apply.
    pub onboarding_enabled: bool,
    pub created_at: DateTime<Utc>,
    pub is_anonymous: bool,
}

/// The account as `viewer` sees it: the mobile wrapper (the request's `app` header), and a
/// Dropline that charges nobody, hide billing.
pub async fn account_view(pool: &PgPool, user_id: Uuid, viewer: Viewer) -> Result<AccountView> {
    let user = users::by_id(pool, user_id).await?.ok_or(Error::NotFound("account"))?;
    let workplaces = workplaces::of_user(pool, user_id).await?;
    let linked_stores = crate::store::stores::linked(pool, user_id).await?;
    let has_shop = !linked_stores.is_empty();
    let (signed_up_from, imported_any) = flags::stored(pool, user_id).await?;
    let f = flags::derive(flags::State { signed_up_from, has_shop, imported_any, viewer });
    Ok(AccountView {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        avatar: user.avatar,
        email_verified: user.email_verified_at.is_some(),
        language: user.language,
        has_shop,
        workplaces,
        linked_stores,
        onboarding: Vec::new(),
        remaining_meta_keys: user.remaining_meta_keys,
        plan_reinstalled: false,
        from_user_mkt: f.from_user_mkt,
        from_mobile: f.from_mobile,
        payment_mode: user.payment_mode,
        is_ab: false,
        is_new_pricing_mvp: false,
        is_new_pricing_mvp_v25: false,
        is_user_mkt: f.is_user_mkt,
        is_workplace_no_store: f.is_workplace_no_store,
        is_hide_billing: f.is_hide_billing,
        onboarding_enabled: f.onboarding_enabled,
        created_at: user.created_at,
        is_anonymous: false,
    })
}
