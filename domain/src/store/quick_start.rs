use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{Error, Result};

/// The four-step guide of spec sections 1 and 4.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuickStartGuide {
    pub dismiss: bool,
    pub steps: Steps,
    pub done: bool,
    pub active_step: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct Steps {
    pub CHOOSE_A_PLAN: bool,
    pub FIND_AND_IMPORT: bool,
    pub PUSH_PRODUCT: bool,
    pub PLACE_ORDER: bool,
}

pub const STEP_KEYS: [&str; 4] = ["CHOOSE_A_PLAN", "FIND_AND_IMPORT", "PUSH_PRODUCT", "PLACE_ORDER"];

impl QuickStartGuide {
    fn from_row(dismiss: bool, find_and_import: bool, push_product: bool, place_order: bool) -> Self {
        // CHOOSE_A_PLAN is always done: every workplace starts on a plan.
        let steps = Steps { CHOOSE_A_PLAN: true, FIND_AND_IMPORT: find_and_import, PUSH_PRODUCT: push_product, PLACE_ORDER: place_order };
        let flags = [true, find_and_import, push_product, place_order];
        let active_step = STEP_KEYS.iter().zip(flags).find(|(_, done)| !done).map(|(k, _)| *k).unwrap_or("PLACE_ORDER");
        QuickStartGuide { dismiss, done: flags.iter().all(|f| *f), steps, active_step }
    }
}

/// The guide, with every step the owner has done by now marked done: a product imported, a push
/// that reached a channel, a supplier order placed. A step stays done once it was (deleting the
/// product later does not undo it).
pub async fn get(pool: &PgPool, workplace_id: Uuid) -> Result<QuickStartGuide> {
    let row: Option<(bool, bool, bool, bool, bool, bool, bool)> = sqlx::query_as(
        "SELECT dismiss, find_and_import, push_product, place_order,
                EXISTS (SELECT 1 FROM products WHERE workplace_id = $1),
                EXISTS (SELECT 1 FROM push_targets WHERE workplace_id = $1 AND status = 'success'),
                EXISTS (SELECT 1 FROM source_orders WHERE workplace_id = $1 AND status IN ('waiting_payment', 'paying', 'order_placed'))
           FROM quick_start_guides WHERE workplace_id = $1",
    )
    .bind(workplace_id)
    .fetch_optional(pool)
    .await?;
    let Some((dismiss, imported, pushed, placed, now_imported, now_pushed, now_placed)) = row else {
        return Ok(QuickStartGuide::from_row(false, false, false, false));
    };
    let (f, p, o) = (imported || now_imported, pushed || now_pushed, placed || now_placed);
    if (f, p, o) != (imported, pushed, placed) {
        sqlx::query("UPDATE quick_start_guides SET find_and_import = $2, push_product = $3, place_order = $4, updated_at = now() WHERE workplace_id = $1")
            .bind(workplace_id)
            .bind(f)
            .bind(p)
            .bind(o)
            .execute(pool)
            .await?;
    }
    Ok(QuickStartGuide::from_row(dismiss, f, p, o))
}

/// Sets the dismiss flag and/or marks a step done (steps only ever flip to true).
pub async fn update(pool: &PgPool, workplace_id: Uuid, dismiss: Option<bool>, step: Option<&str>) -> Result<QuickStartGuide> {
    let column = match step {
        None | Some("CHOOSE_A_PLAN") => None,
        Some("FIND_AND_IMPORT") => Some("find_and_import"),
        Some("PUSH_PRODUCT") => Some("push_product"),
        Some("PLACE_ORDER") => Some("place_order"),
        Some(_) => return Err(Error::field("step", format!("step must be one of {}", STEP_KEYS.join(", ")))),
    };
    let set_step = column.map(|c| format!(", {c} = true")).unwrap_or_default();
    sqlx::query("INSERT INTO quick_start_guides (workplace_id) VALUES ($1) ON CONFLICT (workplace_id) DO NOTHING").bind(workplace_id).execute(pool).await?;
    sqlx::query(&format!("UPDATE quick_start_guides SET dismiss = COALESCE($2, dismiss), updated_at = now() {set_step} WHERE workplace_id = $1"))
        .bind(workplace_id)
        .bind(dismiss)
        .execute(pool)
        .await?;
    get(pool, workplace_id).await
}

#[cfg(test)]
mod tests {
    use super::QuickStartGuide;

    #[test]
    fn active_step_is_first_unfinished_and_defaults_to_place_order() {
        assert_eq!(QuickStartGuide::from_row(false, false, false, false).active_step, "FIND_AND_IMPORT");
        assert_eq!(QuickStartGuide::from_row(false, true, false, true).active_step, "PUSH_PRODUCT");
        let all = QuickStartGuide::from_row(false, true, true, true);
        assert!(all.done);
        assert_eq!(all.active_step, "PLACE_ORDER");
    }
}
