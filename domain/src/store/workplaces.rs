use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::Result;

#[derive(Debug, Clone, Serialize, sqlx::FromRow, ToSchema)]
pub struct Workplace {
    pub id: Uuid,
    pub name: String,
    pub currency: String,
    #[serde(skip)]
    pub plan_key: String,
}

/// Creates a workplace owned by, and open to, `owner_id`.
pub async fn create(conn: &mut PgConnection, owner_id: Uuid, name: &str, currency: &str) -> Result<Workplace> {
    let id = Uuid::new_v4();
    sqlx::query("INSERT INTO workplaces (id, owner_id, name, currency) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(owner_id)
        .bind(name)
        .bind(currency)
        .execute(&mut *conn)
        .await?;
    sqlx::query("INSERT INTO workplace_members (workplace_id, user_id) VALUES ($1, $2)").bind(id).bind(owner_id).execute(&mut *conn).await?;
    sqlx::query("INSERT INTO quick_start_guides (workplace_id) VALUES ($1)").bind(id).execute(&mut *conn).await?;
    Ok(Workplace { id, name: name.into(), currency: currency.into(), plan_key: "FREE_ORDER_FULFILLMENT_2".into() })
}

/// The user's workplaces, oldest first.
pub async fn of_user(pool: &PgPool, user_id: Uuid) -> Result<Vec<Workplace>> {
    Ok(sqlx::query_as(
        "SELECT w.id, w.name, w.currency, w.plan_key FROM workplaces w
         JOIN workplace_members m ON m.workplace_id = w.id
         WHERE m.user_id = $1 ORDER BY w.created_at, w.id",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?)
}

/// The workplace if `user_id` is a member of it: the one gate for every workplace-scoped call.
pub async fn for_member(pool: &PgPool, workplace_id: Uuid, user_id: Uuid) -> Result<Option<Workplace>> {
    Ok(sqlx::query_as(
        "SELECT w.id, w.name, w.currency, w.plan_key FROM workplaces w
         JOIN workplace_members m ON m.workplace_id = w.id
         WHERE w.id = $1 AND m.user_id = $2",
    )
    .bind(workplace_id)
    .bind(user_id)
    .fetch_optional(pool)
    .await?)
}

pub async fn set_currency(pool: &PgPool, workplace_id: Uuid, currency: &str) -> Result<()> {
    sqlx::query("UPDATE workplaces SET currency = $2 WHERE id = $1").bind(workplace_id).bind(currency).execute(pool).await?;
    Ok(())
}

/// The user's workplace holding the live store with this domain (embedded-app mode).
pub async fn holding_store(pool: &PgPool, user_id: Uuid, platform_domain: &str) -> Result<Option<Workplace>> {
    Ok(sqlx::query_as(
        "SELECT w.id, w.name, w.currency, w.plan_key FROM workplaces w
         JOIN workplace_members m ON m.workplace_id = w.id AND m.user_id = $1
         JOIN stores s ON s.workplace_id = w.id AND s.removed_at IS NULL
         WHERE s.platform_domain = $2 ORDER BY (s.status = 'connected') DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(platform_domain.to_ascii_lowercase())
    .fetch_optional(pool)
    .await?)
}

/// The user of a live session and, in one round trip, the workplace a request acts in:
/// `workplace_id` if the user is a member of it, else (when `None`) their first workplace.
/// `None` when the session is unknown, expired or revoked. Same rules as `sessions::user_of`
/// followed by `for_member` / `of_user`, one statement instead of two on every scoped call.
pub async fn of_session(pool: &PgPool, token_hash: &str, workplace_id: Option<Uuid>) -> Result<Option<(Uuid, Option<Workplace>)>> {
    type Row = (Uuid, Option<Uuid>, Option<String>, Option<String>, Option<String>);
    let row: Option<Row> = sqlx::query_as(
        "SELECT s.user_id, w.id, w.name, w.currency, w.plan_key FROM sessions s
         LEFT JOIN LATERAL (
             SELECT w.id, w.name, w.currency, w.plan_key FROM workplaces w
             JOIN workplace_members m ON m.workplace_id = w.id
             WHERE m.user_id = s.user_id AND ($2::uuid IS NULL OR w.id = $2)
             ORDER BY w.created_at, w.id LIMIT 1
         ) w ON true
         WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()",
    )
    .bind(token_hash)
    .bind(workplace_id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(user_id, id, name, currency, plan_key)| {
        let workplace = match (id, name, currency, plan_key) {
            (Some(id), Some(name), Some(currency), Some(plan_key)) => Some(Workplace { id, name, currency, plan_key }),
            _ => None,
        };
        (user_id, workplace)
    }))
}
