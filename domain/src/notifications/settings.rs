//! The owner's choice per notification type: shown in the dashboard (`in_app`) and emailed.
//! A type never saved has its defaults (`Type::default_email`), so new types need no backfill.
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use super::Type;
use crate::error::Result;

#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[schema(as = NotificationTypeSetting)]
pub struct TypeSetting {
    #[serde(rename = "type")]
    pub kind: Type,
    pub in_app: bool,
    pub email: bool,
}

fn default(kind: Type) -> TypeSetting {
    TypeSetting { kind, in_app: true, email: kind.default_email() }
}

pub(super) async fn one(conn: &mut PgConnection, workplace_id: Uuid, user_id: Uuid, kind: Type) -> Result<TypeSetting> {
    let row: Option<(bool, bool)> = sqlx::query_as("SELECT in_app, email FROM notification_settings WHERE workplace_id = $1 AND user_id = $2 AND type = $3")
        .bind(workplace_id)
        .bind(user_id)
        .bind(kind.as_str())
        .fetch_optional(conn)
        .await?;
    Ok(row.map_or_else(|| default(kind), |(in_app, email)| TypeSetting { kind, in_app, email }))
}

/// Every type, in `Type::ALL`'s order, with the saved choice or the default.
pub async fn all(pool: &PgPool, workplace_id: Uuid, user_id: Uuid) -> Result<Vec<TypeSetting>> {
    let rows: Vec<(String, bool, bool)> = sqlx::query_as("SELECT type, in_app, email FROM notification_settings WHERE workplace_id = $1 AND user_id = $2")
        .bind(workplace_id)
        .bind(user_id)
        .fetch_all(pool)
        .await?;
    Ok(Type::ALL
        .into_iter()
        .map(|kind| match rows.iter().find(|r| r.0 == kind.as_str()) {
            Some((_, in_app, email)) => TypeSetting { kind, in_app: *in_app, email: *email },
            None => default(kind),
        })
        .collect())
}

/// Saves the given types' choices (types left out keep theirs) and returns them all.
pub async fn save(pool: &PgPool, workplace_id: Uuid, user_id: Uuid, items: &[TypeSetting]) -> Result<Vec<TypeSetting>> {
    if items.iter().enumerate().any(|(i, a)| items[..i].iter().any(|b| b.kind == a.kind)) {
        return Err(crate::Error::field("items", "Each notification type may appear once"));
    }
    let types: Vec<&str> = items.iter().map(|i| i.kind.as_str()).collect();
    let in_app: Vec<bool> = items.iter().map(|i| i.in_app).collect();
    let email: Vec<bool> = items.iter().map(|i| i.email).collect();
    sqlx::query(
        "INSERT INTO notification_settings (workplace_id, user_id, type, in_app, email)
         SELECT $1, $2, t, a, e FROM UNNEST($3::text[], $4::bool[], $5::bool[]) AS x(t, a, e)
         ON CONFLICT (workplace_id, user_id, type) DO UPDATE SET in_app = EXCLUDED.in_app, email = EXCLUDED.email, updated_at = now()",
    )
    .bind(workplace_id)
    .bind(user_id)
    .bind(&types)
    .bind(&in_app)
    .bind(&email)
    .execute(pool)
    .await?;
    all(pool, workplace_id, user_id).await
}
