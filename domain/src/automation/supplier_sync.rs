//! Supplier sync (auto update): re-read supplier price and stock for a workplace's pushed
//! products, save what changed with its log row and sync state in one transaction per product,
//! then hand the changes to the push engine (`sync_push`). A re-run finds nothing new to save
//! and only pushes what is still pending, so a crash between the two steps loses no change.
use serde_json::{Value, json};
use std::collections::HashMap;
use uuid::Uuid;

use super::auto_update::{self, AutoUpdate, OutOfStock};
use super::sync_diff::{self, Seen, Switched, VariantChange};
use crate::catalogue::detail;
use crate::connectors::suppliers::parse_cents;
use crate::context::TaskContext;
use crate::error::{Error, Result};
use crate::notifications;
use crate::products::pricing::PricingRule;
use crate::push::listing::variant_sku;
use crate::store::automation;
use crate::store::pricing_rules;
use crate::store::products::{ProductRow, VariantRow};
use crate::values::Source;

/// Supplier products read in this run: (source, id) → its variants, or why they could not be read.
type Reads = HashMap<(String, String), std::result::Result<Vec<Value>, String>>;

pub const LOG_KIND: &str = "supplier_sync";

/// Syncs the workplace's pushed products (or only `only`); returns what changed.
pub async fn run(ctx: &TaskContext, workplace_id: Uuid, only: Option<&[Uuid]>, progress_id: i64) -> Result<Value> {
    let pool = &ctx.pool;
    let settings = auto_update::get(pool, workplace_id).await?;
    let store = pricing_rules::default_store(pool, workplace_id).await?;
    let (rule, _): (PricingRule, _) = pricing_rules::effective(pool, workplace_id, store).await?;
    let owner = automation::owner(pool, workplace_id).await?.ok_or(Error::NotFound("workplace"))?;
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "SELECT p.id FROM products p WHERE p.workplace_id = $1 AND ($2::uuid[] IS NULL OR p.id = ANY($2))
           AND EXISTS (SELECT 1 FROM push_targets t WHERE t.product_id = p.id AND t.status IN ('success', 'processing'))
         ORDER BY p.created_at, p.id",
    )
    .bind(workplace_id)
    .bind(only)
    .fetch_all(pool)
    .await?;
    let mut reads = Reads::new();
    let (mut changed, mut errors) = (vec![], vec![]);
    for id in &ids {
        let Some((product, variants)) = crate::store::products::get(pool, workplace_id, *id).await? else { continue };
        match sync_product(ctx, &mut reads, workplace_id, &product, variants, &settings, &rule, progress_id).await? {
            Outcome::Changed(text) => changed.push(json!({ "product_id": id, "title": product.title, "change": text })),
            Outcome::Failed(e) => errors.push(json!({ "product_id": id, "title": product.title, "error": e })),
            Outcome::Same => {}
        }
    }
    let pushes = super::sync_push::push_pending(pool, owner, workplace_id).await?;
    Ok(json!({ "products": ids.len(), "changed": changed, "errors": errors, "progress_ids": pushes }))
}

enum Outcome {
    Same,
    Changed(String),
    Failed(String),
}

/// A supplier product's variants, read once per run (0 seconds fresh: from the supplier now).
async fn read<'a>(ctx: &TaskContext, reads: &'a mut Reads, source: &str, id: &str) -> &'a std::result::Result<Vec<Value>, String> {
    let key = (source.to_string(), id.to_string());
    if !reads.contains_key(&key) {
        let got = match Source::parse(source) {
            Err(m) => Err(m),
            Ok(src) => match detail::all_variants(&ctx.pool, &ctx.suppliers, src, id, 0).await {
                Ok(v) => Ok(v),
                // The product is gone: every SKU of it is.
                Err(Error::NotFound(_)) => Ok(vec![]),
                Err(e) => Err(format!("The supplier could not be read: {e}")),
            },
        };
        reads.insert(key.clone(), got);
    }
    &reads[&key]
}

fn find(variants: &[Value], sku: &str) -> Option<Seen> {
    let v = variants.iter().find(|v| v["sku_id"] == sku)?;
    Some(Seen::Found { cost_cents: parse_cents(v["price"].as_str().unwrap_or("0")), stock: v["stock"].as_i64().unwrap_or(0) })
}

/// The variant's mapped suppliers (through the store variants carrying its SKU), by priority.
async fn mapped(ctx: &TaskContext, workplace_id: Uuid, variant_id: Uuid) -> Result<Vec<Switched>> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT vs.source, vs.source_product_id, vs.sku_id FROM variant_suppliers vs
         JOIN store_variants sv ON sv.id = vs.store_variant_id JOIN store_products sp ON sp.id = sv.store_product_id
         WHERE sp.workplace_id = $1 AND sv.sku = $2
         GROUP BY 1, 2, 3 ORDER BY min(vs.priority), 1, 2, 3",
    )
    .bind(workplace_id)
    .bind(variant_sku(variant_id))
    .fetch_all(&ctx.pool)
    .await?;
    Ok(rows.into_iter().map(|(source, source_product_id, sku_id)| Switched { source, source_product_id, sku_id }).collect())
}

/// The next mapped supplier after the current one that still has the SKU, in stock first.
async fn next_supplier(ctx: &TaskContext, reads: &mut Reads, workplace_id: Uuid, v: &VariantRow, current: &Switched) -> Result<Option<(Switched, Seen)>> {
    let list = mapped(ctx, workplace_id, v.id).await?;
    let after = list.iter().position(|s| s == current).map_or(0, |i| i + 1);
    let mut found = vec![];
    for s in &list[after..] {
        if let Ok(variants) = read(ctx, reads, &s.source, &s.source_product_id).await
            && let Some(seen) = find(variants, &s.sku_id)
        {
            found.push((s.clone(), seen));
        }
    }
    let in_stock = found.iter().position(|(_, seen)| matches!(seen, Seen::Found { stock, .. } if *stock > 0));
    Ok(in_stock.or(if found.is_empty() { None } else { Some(0) }).map(|i| found.swap_remove(i)))
}

fn label(v: &VariantRow, many: bool) -> String {
    if !many {
        return String::new();
    }
    let values: Vec<String> = v.options.as_object().into_iter().flatten().map(|(_, x)| x.as_str().map_or_else(|| x.to_string(), str::to_string)).collect();
    if values.is_empty() { v.sku_id.clone() } else { values.join(" / ") }
}

#[allow(clippy::too_many_arguments)]
async fn sync_product(
    ctx: &TaskContext,
    reads: &mut Reads,
    workplace_id: Uuid,
    p: &ProductRow,
    mut variants: Vec<VariantRow>,
    s: &AutoUpdate,
    rule: &PricingRule,
    progress_id: i64,
) -> Result<Outcome> {
    let many = variants.iter().filter(|v| v.enabled).count() > 1;
    let mut changes: Vec<VariantChange> = vec![];
    let mut notices = vec![];
    for v in variants.iter_mut().filter(|v| v.enabled) {
        let current = Switched {
            source: v.supplier_source.clone().unwrap_or_else(|| p.source.clone()),
            source_product_id: v.supplier_product_id.clone().unwrap_or_else(|| p.source_product_id.clone()),
            sku_id: v.sku_id.clone(),
        };
        let seen = match read(ctx, reads, &current.source, &current.source_product_id).await {
            Err(e) => return fail(ctx, workplace_id, p.id, progress_id, e.clone()).await,
            Ok(list) => find(list, &current.sku_id),
        };
        let label = label(v, many);
        let change = match seen {
            Some(seen) => sync_diff::apply(v, label, seen, None, None, s, rule),
            None => {
                let next = if s.switch_supplier { next_supplier(ctx, reads, workplace_id, v, &current).await? } else { None };
                notices.push((v.id, current.clone(), next.as_ref().map(|(to, _)| to.clone()), label.clone()));
                let (seen, to) = match next {
                    Some((to, seen)) => (seen, Some(to)),
                    None => (Seen::Gone, None),
                };
                sync_diff::apply(v, label, seen, Some(current.sku_id.clone()), to, s, rule)
            }
        };
        changes.push(change);
    }
    let all_out = s.out_of_stock == OutOfStock::Unpublish && variants.iter().filter(|v| v.enabled).all(|v| v.stock == 0);
    let text = sync_diff::summary(&changes);
    let to_stores = changes.iter().any(VariantChange::reaches_stores);
    let changed: Vec<&VariantChange> = changes.iter().filter(|c| !c.is_empty()).collect();
    let mut tx = crate::db::begin(&ctx.pool).await?;
    for v in variants.iter().filter(|v| changed.iter().any(|c| c.variant_id == v.id)) {
        sqlx::query(
            "UPDATE product_variants SET cost_cents = $3, price_cents = $4, compare_at_cents = $5, stock = $6, sku_id = $7,
                 supplier_source = $8, supplier_product_id = $9
             WHERE id = $1 AND product_id = $2",
        )
        .bind(v.id)
        .bind(p.id)
        .bind(v.cost_cents)
        .bind(v.price_cents)
        .bind(v.compare_at_cents)
        .bind(v.stock)
        .bind(&v.sku_id)
        .bind(&v.supplier_source)
        .bind(&v.supplier_product_id)
        .execute(&mut *tx)
        .await?;
    }
    if s.notify_sku_removed {
        for (variant, from, to, label) in &notices {
            let title = format!("{}: a supplier SKU is gone", p.title);
            let what = if label.is_empty() { String::new() } else { format!(" ({label})") };
            let body = match to {
                Some(t) => format!(
                    "{} {} no longer sells SKU {}{what}; the variant now comes from {} {}.",
                    from.source, from.source_product_id, from.sku_id, t.source, t.source_product_id
                ),
                None => format!(
                    "{} {} no longer sells SKU {}{what}; its stock is 0 in your stores until you map another supplier.",
                    from.source, from.source_product_id, from.sku_id
                ),
            };
            let key = format!("sku-gone:{variant}:{}:{}:{}", from.source, from.source_product_id, from.sku_id);
            let params = json!({ "product": p.title, "sku": from.sku_id, "gone": true, "switched": to.is_some() });
            let e = notifications::Event { kind: notifications::Type::SupplierChange, title: &title, body: &body, dedup_key: Some(&key), params };
            notifications::record(&mut tx, workplace_id, e).await?;
        }
    }
    if let Some(t) = text.as_deref() {
        // A price or stock change the sync applied: the owner may want to re-check margins.
        let title = format!("{}: the supplier changed price or stock", p.title);
        let key = format!("supplier-change:{}:{progress_id}", p.id);
        let params = json!({ "product": p.title, "change": t });
        let e = notifications::Event { kind: notifications::Type::SupplierChange, title: &title, body: t, dedup_key: Some(&key), params };
        notifications::record(&mut tx, workplace_id, e).await?;
    }
    let detail = json!({ "changes": changed, "change": text, "unpublished": all_out });
    automation::log(&mut tx, workplace_id, p.id, LOG_KIND, progress_id, &detail, None).await?;
    // Facebook cannot unpublish (spec section 4); a product back in stock is published again
    // where sync had unpublished it.
    sqlx::query(
        "UPDATE push_targets SET synced_at = now(), sync_error = NULL, sync_change = COALESCE($3, sync_change),
             sync_pending = sync_pending OR $4 OR ($5 AND destination <> 'facebook' AND publish) OR (NOT $5 AND sync_unpublished),
             sync_unpublished = CASE WHEN $5 AND destination <> 'facebook' THEN sync_unpublished OR publish ELSE false END,
             publish = CASE WHEN $5 AND destination <> 'facebook' THEN false WHEN sync_unpublished THEN true ELSE publish END
         WHERE workplace_id = $1 AND product_id = $2 AND status IN ('success', 'processing')",
    )
    .bind(workplace_id)
    .bind(p.id)
    .bind(&text)
    .bind(to_stores)
    .bind(all_out)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(match text {
        Some(t) => Outcome::Changed(t),
        None => Outcome::Same,
    })
}

/// The supplier could not be read: the product keeps its data and shows the error.
async fn fail(ctx: &TaskContext, workplace_id: Uuid, product_id: Uuid, progress_id: i64, e: String) -> Result<Outcome> {
    let mut tx = crate::db::begin(&ctx.pool).await?;
    automation::log(&mut tx, workplace_id, product_id, LOG_KIND, progress_id, &json!({}), Some(&e)).await?;
    sqlx::query("UPDATE push_targets SET sync_error = $3 WHERE workplace_id = $1 AND product_id = $2")
        .bind(workplace_id)
        .bind(product_id)
        .bind(&e)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Outcome::Failed(e))
}
