//! A shop's product limits, as Shopify states them: `shop.resourceLimits` reports
//! `maxProductVariants` (2,048 for every merchant since 2025-10-15, changelog "The product variant
//! limit is now 2048 for all merchants") and `maxProductOptions` (3); a store holding 50,000
//! variants or more may create at most 1,000 new variants a day unless it is on Plus (the
//! productCreate/productSet notes: "a throttle that takes effect when a store has 50,000 product
//! variants"), answered as a top-level `VARIANT_THROTTLE_EXCEEDED` error with nothing created.
//!
//! A bulk mutation's variables file may be at most 100 MB (20 MB before; changelog "Faster bulk
//! operations", 2025-12: "Upload files up to 100MB (up from 20MB)"), enforced by the staged
//! upload's policy (`staged.rs`).
//!
//! Control: `POST /_sandbox/shopify/{shop}/limits {max_product_variants?, extra_variants?,
//! created_today?, bulk_file_bytes?, bulk_line_ms?, bulk_fail_next?}` sets the limit the shop reports and
//! enforces, how many variants it holds beyond the ones emulated (a large store without 50,000
//! products in memory), how many new variants it has created today, a lower bulk file limit (a
//! test need not upload 100 MB to see it refused; it can only be lowered), and how long each
//! line of a bulk operation takes (0 by default: Shopify publishes no rate; a test holds
//! operations running with it), and how many of the next bulk operations fail with
//! `INTERNAL_SERVER_ERROR` (which Shopify's enum says "might be intermittent").
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::model::{Shop, normalize_shop};
use super::with_shop;
use crate::AppState;

const DAY_MS: i64 = 86_400_000;
const LARGE_STORE_VARIANTS: usize = 50_000;
const NEW_VARIANTS_PER_DAY: usize = 1_000;
/// Shopify's limit on a bulk mutation's variables file.
pub const BULK_FILE_BYTES: u64 = 100 << 20;

#[derive(Debug, Clone, Serialize)]
pub struct Limits {
    pub max_product_variants: usize,
    /// Variants the shop holds beyond its emulated products.
    pub extra_variants: usize,
    /// (sandbox day, variants created that day) for the large-store throttle.
    pub created: (i64, usize),
    /// The largest bulk mutation variables file the shop's staged uploads take.
    pub bulk_file_bytes: u64,
    /// Milliseconds each bulk operation line takes.
    pub bulk_line_ms: u64,
    /// The next bulk operations to fail (`INTERNAL_SERVER_ERROR`), for tests.
    pub bulk_fail_next: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_product_variants: 2_048, extra_variants: 0, created: (0, 0), bulk_file_bytes: BULK_FILE_BYTES, bulk_line_ms: 0, bulk_fail_next: 0 }
    }
}

/// Counts `new` variants against the day's allowance; false (nothing counted) when the
/// large-store throttle refuses them.
pub fn admit_new_variants(shop: &mut Shop, new: usize, now_ms: i64) -> bool {
    let day = now_ms.div_euclid(DAY_MS);
    let held = shop.products.variant_count() + shop.limits.extra_variants;
    if shop.limits.created.0 != day {
        shop.limits.created = (day, 0);
    }
    let exempt = matches!(shop.throttle.plan.as_str(), "plus" | "enterprise");
    if new > 0 && !exempt && held >= LARGE_STORE_VARIANTS && shop.limits.created.1 + new > NEW_VARIANTS_PER_DAY {
        return false;
    }
    shop.limits.created.1 += new;
    true
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/_sandbox/shopify/{shop}/limits", post(set))
}

#[derive(Deserialize)]
struct LimitsIn {
    max_product_variants: Option<usize>,
    extra_variants: Option<usize>,
    created_today: Option<usize>,
    bulk_file_bytes: Option<u64>,
    bulk_line_ms: Option<u64>,
    bulk_fail_next: Option<u32>,
}

async fn set(State(app): State<AppState>, Path(shop): Path<String>, Json(l): Json<LimitsIn>) -> Response {
    let w = app.world();
    let now = w.clock.now_ms();
    let limits = with_shop(&w, &normalize_shop(&shop), |s| {
        if let Some(m) = l.max_product_variants {
            s.limits.max_product_variants = m.clamp(1, 2_048);
        }
        if let Some(e) = l.extra_variants {
            s.limits.extra_variants = e;
        }
        if let Some(b) = l.bulk_file_bytes {
            s.limits.bulk_file_bytes = b.clamp(1, BULK_FILE_BYTES);
        }
        if let Some(n) = l.bulk_fail_next {
            s.limits.bulk_fail_next = n;
        }
        if let Some(ms) = l.bulk_line_ms {
            s.limits.bulk_line_ms = ms.min(60_000);
        }
        if let Some(n) = l.created_today {
            s.limits.created = (now.div_euclid(DAY_MS), n);
        }
        s.limits.clone()
    });
    Json(limits).into_response()
}
