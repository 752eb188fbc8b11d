//! The lines of a bulk push's operations, and what their results do to the pairs. A `set` line is
//! exactly what the per-call path sends (`listing::build`, the store's currency and
//! `shopify_listings::set_input`, collections by id), upserted by Dropline's handle; a `publish`
//! line publishes one product on its publications.
use serde_json::{Value, json};
use std::collections::HashMap;
use uuid::Uuid;

use super::destination::{StorePricing, store_limits};
use super::listing::{self, PushError};
use crate::connectors::stores::shopify::Admin;
use crate::connectors::stores::{shopify_bulk, shopify_listings, store_meta};
use crate::context::TaskContext;

/// A pair of the bulk push still to be done.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Pair {
    pub product_id: Uuid,
    pub remote_key: String,
    pub remote_ids: Vec<String>,
    pub publish: bool,
    pub publications: Vec<String>,
}

/// Where the bulk push goes.
pub struct Store<'a> {
    pub workplace_id: Uuid,
    pub id: Uuid,
    pub currency: &'a str,
    pub admin: &'a Admin,
}

/// One `productSet` line per pair it could build, and the pairs it could not with why.
pub async fn set_lines(ctx: &TaskContext, s: &Store<'_>, pairs: &[Pair]) -> Result<(Vec<(Uuid, Value)>, Vec<(Uuid, String)>), PushError> {
    let (location, max) = store_limits(ctx, s.admin, s.id).await?;
    let limit = max.and_then(|m| usize::try_from(m).ok()).unwrap_or(listing::SHOPIFY_VARIANT_LIMIT);
    let mut collections: HashMap<String, String> = HashMap::new();
    let (mut lines, mut refused) = (vec![], vec![]);
    let ids: Vec<Uuid> = pairs.iter().map(|p| p.product_id).collect();
    let db = |e: crate::Error| PushError::Unavailable(e.to_string());
    let products = crate::store::products::get_many(&ctx.pool, s.workplace_id, &ids).await.map_err(db)?;
    // One rate and one rule for the whole file: a read per product made the file wait for a
    // thousand round trips while the store's other pushes kept the database busy (bench-push:
    // the bulk operation started after every single-call push had finished).
    let pricing = StorePricing::read(ctx, s.workplace_id, s.id, s.currency).await?;
    for pair in pairs {
        let Some((product, variants)) = products.get(&pair.product_id) else {
            refused.push((pair.product_id, "The product was deleted".to_string()));
            continue;
        };
        let mut parts = listing::build(product, variants, &pair.remote_key, pair.publish, s.currency, limit);
        if parts.len() != 1 || parts[0].video.is_some() {
            // Changed since the push started (`bulk::plan` leaves these to single calls).
            refused.push((pair.product_id, "The product changed while its push waited; push it again".to_string()));
            continue;
        }
        pricing.apply(&mut parts);
        let l = &parts[0];
        let mut input = match shopify_listings::set_input(l, &location, None) {
            Ok(input) => input,
            Err(PushError::Rejected(why)) => {
                refused.push((pair.product_id, why));
                continue;
            }
            Err(e) => return Err(e),
        };
        if !l.collections.is_empty() {
            input["collections"] = json!(collection_ids(s.admin, &mut collections, &l.collections).await?);
        }
        lines.push((pair.product_id, json!({ "identifier": { "handle": l.key }, "input": input })));
    }
    Ok((lines, refused))
}

/// The collections' ids, each name looked up (or created) once for the whole bulk push.
async fn collection_ids(admin: &Admin, known: &mut HashMap<String, String>, names: &[String]) -> Result<Vec<String>, PushError> {
    let mut ids = vec![];
    for name in names {
        if !known.contains_key(name) {
            let found = store_meta::shopify_collection_ids(admin, std::slice::from_ref(name)).await?;
            if let Some(id) = found.into_iter().next() {
                known.insert(name.clone(), id);
            }
        }
        ids.extend(known.get(name).cloned());
    }
    Ok(ids)
}

/// One `publishablePublish` line per pair to publish: its product and publications (the ones
/// ticked, else the store's Online Store). Pairs pushed as drafts need none: a product Shopify
/// just created is on no publication.
pub fn publish_lines(pairs: &[Pair], online_store: Option<&str>) -> Vec<(Uuid, Value)> {
    pairs
        .iter()
        .filter(|p| p.publish)
        .filter_map(|p| {
            let id = p.remote_ids.first()?;
            let on: Vec<&str> =
                if p.publications.is_empty() { online_store.into_iter().collect() } else { p.publications.iter().map(String::as_str).collect() };
            (!on.is_empty()).then(|| (p.product_id, json!({ "id": id, "input": on.iter().map(|p| json!({ "publicationId": p })).collect::<Vec<_>>() })))
        })
        .collect()
}

/// What each line's result says, by the product of its line: the id made (set) or nothing
/// (publish), else the line's error. A product its file has no answer for is an error too.
pub fn outcomes(results: &[(usize, Value)], line_products: &[Uuid], publish: bool) -> (Vec<(Uuid, String)>, Vec<(Uuid, String)>) {
    let (field, id_path): (&str, &[&str]) = if publish { ("publishablePublish", &[]) } else { ("productSet", &["product", "id"]) };
    let mut answered: HashMap<Uuid, Result<Option<String>, String>> = HashMap::new();
    for (n, answer) in results {
        if let Some(product) = line_products.get(*n) {
            answered.insert(*product, shopify_bulk::line_outcome(answer, field, id_path));
        }
    }
    let (mut done, mut failed) = (vec![], vec![]);
    for product in line_products {
        match answered.remove(product) {
            Some(Ok(Some(id))) => done.push((*product, id)),
            Some(Ok(None)) if publish => done.push((*product, String::new())),
            Some(Ok(None)) => failed.push((*product, "Shopify answered without the product".to_string())),
            Some(Err(why)) => failed.push((*product, why)),
            None => failed.push((*product, "Shopify's bulk operation gave no answer for this product".to_string())),
        }
    }
    (done, failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_result_goes_to_the_product_of_its_line() {
        let (a, b, c) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let results = vec![
            (2, json!({ "data": { "productSet": { "product": null, "userErrors": [{ "message": "Handle already in use" }] } } })),
            (0, json!({ "data": { "productSet": { "product": { "id": "gid://shopify/Product/9" }, "userErrors": [] } } })),
        ];
        let (done, failed) = outcomes(&results, &[a, b, c], false);
        assert_eq!(done, vec![(a, "gid://shopify/Product/9".to_string())]);
        assert_eq!(failed[0], (b, "Shopify's bulk operation gave no answer for this product".to_string()));
        assert_eq!(failed[1], (c, "Shopify refused the product: Handle already in use".to_string()));
    }

    #[test]
    fn only_published_pairs_with_a_publication_are_published() {
        let pair = |n: u128, publish: bool, ids: &[&str], on: &[&str]| Pair {
            product_id: Uuid::from_u128(n),
            remote_key: String::new(),
            remote_ids: ids.iter().map(|s| s.to_string()).collect(),
            publish,
            publications: on.iter().map(|s| s.to_string()).collect(),
        };
        let pairs = [pair(1, true, &["P1"], &[]), pair(2, false, &["P2"], &[]), pair(3, true, &["P3"], &["Pub9"]), pair(4, true, &[], &[])];
        let lines = publish_lines(&pairs, Some("Pub1"));
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].1, json!({ "id": "P1", "input": [{ "publicationId": "Pub1" }] }));
        assert_eq!(lines[1].1, json!({ "id": "P3", "input": [{ "publicationId": "Pub9" }] }));
    }
}
