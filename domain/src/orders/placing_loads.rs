//! The `place_order` jobs' reads of their supplier orders and lines, grouped across the jobs of
//! one worker process (`TaskContext::placing_loads`): two statements a batch instead of two a
//! supplier order.
use sqlx::PgPool;

use crate::context::PlacingLoads;
use crate::queue::Batcher;
use crate::store::supplier_orders::load_many;

/// Up to 500 per batch, two in flight, started `BATCH_SPACING` apart.
pub fn grouped(pool: PgPool) -> PlacingLoads {
    Batcher::spaced(500, 2, crate::queue::BATCH_SPACING, move |ids: Vec<i64>| {
        let pool = pool.clone();
        async move { load_many(&pool, &ids).await.map_err(|e| e.to_string()) }
    })
}
