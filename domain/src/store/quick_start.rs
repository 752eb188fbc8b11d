use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{Error, Result};

/// The quick-start guide of spec sections 1 and 4: the four product steps, or, for an owner whose
/// store already sends orders and who has imported nothing, the order-focused checklist.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuickStartGuide {
    pub dismiss: bool,
    pub steps: Steps,
    /// `products` (the steps above) or `orders` (`order_steps`): which one the owner follows.
    pub checklist: &'static str,
    pub order_steps: OrderSteps,
    /// Whether the followed checklist is done, and its first unfinished step (default PLACE_ORDER).
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

#[derive(Debug, Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct OrderSteps {
    pub CHOOSE_A_PLAN: bool,
    pub NAVIGATE_TO_ORDER_CENTER: bool,
    pub FIND_READY_ORDER: bool,
    pub PLACE_ORDER: bool,
}

pub const STEP_KEYS: [&str; 4] = ["CHOOSE_A_PLAN", "FIND_AND_IMPORT", "PUSH_PRODUCT", "PLACE_ORDER"];
pub const ORDER_STEP_KEYS: [&str; 4] = ["CHOOSE_A_PLAN", "NAVIGATE_TO_ORDER_CENTER", "FIND_READY_ORDER", "PLACE_ORDER"];

/// What the owner has done (each flag stays true once it was).
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Done {
    imported: bool,
    pushed: bool,
    placed: bool,
    opened_orders: bool,
    found_ready: bool,
}

fn first_open(keys: [&'static str; 4], flags: [bool; 4]) -> &'static str {
    keys.iter().zip(flags).find(|(_, done)| !done).map(|(k, _)| *k).unwrap_or("PLACE_ORDER")
}

impl QuickStartGuide {
    fn from_done(dismiss: bool, d: Done, store_sells: bool) -> Self {
        // CHOOSE_A_PLAN is always done: every workplace starts on a plan. Placing an order means
        // the owner found one ready in the order center.
        let steps = Steps { CHOOSE_A_PLAN: true, FIND_AND_IMPORT: d.imported, PUSH_PRODUCT: d.pushed, PLACE_ORDER: d.placed };
        let found = d.found_ready || d.placed;
        let order_steps =
            OrderSteps { CHOOSE_A_PLAN: true, NAVIGATE_TO_ORDER_CENTER: d.opened_orders || found, FIND_READY_ORDER: found, PLACE_ORDER: d.placed };
        let orders = store_sells && !d.imported;
        let flags = if orders { [true, order_steps.NAVIGATE_TO_ORDER_CENTER, found, d.placed] } else { [true, d.imported, d.pushed, d.placed] };
        let active_step = first_open(if orders { ORDER_STEP_KEYS } else { STEP_KEYS }, flags);
        QuickStartGuide { dismiss, steps, checklist: if orders { "orders" } else { "products" }, order_steps, done: flags.iter().all(|f| *f), active_step }
    }
}

/// The guide, with every step the owner has done by now marked done: a product imported, a push
/// that reached a channel, a supplier order placed, the order center opened with a ready order
/// in it. A step stays done once it was (deleting the product later does not undo it).
pub async fn get(pool: &PgPool, workplace_id: Uuid) -> Result<QuickStartGuide> {
    type Row = (bool, bool, bool, bool, bool, bool, bool, bool, bool, bool);
    let row: Option<Row> = sqlx::query_as(
        "SELECT dismiss, find_and_import, push_product, place_order, navigate_to_order_center, find_ready_order,
                EXISTS (SELECT 1 FROM products WHERE workplace_id = $1),
                EXISTS (SELECT 1 FROM push_targets WHERE workplace_id = $1 AND status = 'success'),
                EXISTS (SELECT 1 FROM source_orders WHERE workplace_id = $1 AND status IN ('waiting_payment', 'paying', 'order_placed')),
                EXISTS (SELECT 1 FROM orders WHERE workplace_id = $1)
           FROM quick_start_guides WHERE workplace_id = $1",
    )
    .bind(workplace_id)
    .fetch_optional(pool)
    .await?;
    let Some((dismiss, imported, pushed, placed, opened, found, now_imported, now_pushed, now_placed, store_sells)) = row else {
        let store_sells: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM orders WHERE workplace_id = $1)").bind(workplace_id).fetch_one(pool).await?;
        return Ok(QuickStartGuide::from_done(false, Done::default(), store_sells));
    };
    let was = Done { imported, pushed, placed, opened_orders: opened, found_ready: found };
    let now = Done { imported: imported || now_imported, pushed: pushed || now_pushed, placed: placed || now_placed, ..was };
    if now != was {
        sqlx::query("UPDATE quick_start_guides SET find_and_import = $2, push_product = $3, place_order = $4, updated_at = now() WHERE workplace_id = $1")
            .bind(workplace_id)
            .bind(now.imported)
            .bind(now.pushed)
            .bind(now.placed)
            .execute(pool)
            .await?;
    }
    Ok(QuickStartGuide::from_done(dismiss, now, store_sells))
}

/// Sets the dismiss flag and/or marks a step done (steps only ever flip to true).
pub async fn update(pool: &PgPool, workplace_id: Uuid, dismiss: Option<bool>, step: Option<&str>) -> Result<QuickStartGuide> {
    let column = match step {
        None | Some("CHOOSE_A_PLAN") => None,
        Some("FIND_AND_IMPORT") => Some("find_and_import"),
        Some("PUSH_PRODUCT") => Some("push_product"),
        Some("PLACE_ORDER") => Some("place_order"),
        Some("NAVIGATE_TO_ORDER_CENTER") => Some("navigate_to_order_center"),
        Some("FIND_READY_ORDER") => Some("find_ready_order"),
        Some(_) => return Err(Error::field("step", format!("step must be one of {}, {}", STEP_KEYS.join(", "), ORDER_STEP_KEYS[1..3].join(", ")))),
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
    use super::{Done, QuickStartGuide};

    #[test]
    fn active_step_is_first_unfinished_and_defaults_to_place_order() {
        let g = |d: Done| QuickStartGuide::from_done(false, d, false);
        assert_eq!(g(Done::default()).active_step, "FIND_AND_IMPORT");
        assert_eq!(g(Done { imported: true, placed: true, ..Done::default() }).active_step, "PUSH_PRODUCT");
        let all = g(Done { imported: true, pushed: true, placed: true, ..Done::default() });
        assert!(all.done);
        assert_eq!(all.active_step, "PLACE_ORDER");
    }

    #[test]
    fn an_owner_whose_store_sells_and_who_imported_nothing_follows_the_order_checklist() {
        let g = |d: Done| QuickStartGuide::from_done(false, d, true);
        let first = g(Done::default());
        assert_eq!((first.checklist, first.active_step), ("orders", "NAVIGATE_TO_ORDER_CENTER"));
        assert_eq!(g(Done { opened_orders: true, ..Done::default() }).active_step, "FIND_READY_ORDER");
        let placed = g(Done { placed: true, ..Done::default() });
        assert!(placed.done && placed.order_steps.FIND_READY_ORDER, "placing an order means one was found");
        assert_eq!(g(Done { imported: true, ..Done::default() }).checklist, "products");
    }
}
