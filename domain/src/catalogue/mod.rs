//! Finding supplier products: the query, the cached search, product detail, collections and
//! categories. Everything here reads the cache that `tasks::catalogue_*` keep fresh.
pub mod detail;
pub mod favourites;
pub mod image_hash;
pub mod image_search;
pub mod index;
pub mod jobs;
pub mod keywords;
pub mod page_cache;
pub mod prepared;
pub mod query;
pub mod search;

use serde_json::{Value, json};
use sqlx::PgPool;
use std::sync::Arc;
use uuid::Uuid;

use crate::error::Result;
use crate::store::supplier_products;
use crate::values::Source;

/// The category tree (every source shares Dropline's category ids).
pub async fn categories(pool: &PgPool) -> Result<Value> {
    for source in Source::ALL {
        if let Some(tree) = supplier_products::document(pool, source, "categories").await? {
            return Ok(tree);
        }
    }
    Ok(json!([]))
}

/// The category and its descendants, so a top category finds its children's products.
pub fn with_children(tree: &Value, id: i32) -> Vec<i32> {
    fn walk(nodes: &Value, id: i32, inside: bool, out: &mut Vec<i32>) {
        for n in nodes.as_array().map(|a| a.as_slice()).unwrap_or_default() {
            let this = n["id"].as_i64().map(|i| i as i32);
            let hit = inside || this == Some(id);
            if hit {
                out.extend(this);
            }
            walk(&n["children"], id, hit, out);
        }
    }
    let mut out = vec![];
    walk(tree, id, false, &mut out);
    if out.is_empty() {
        out.push(id);
    }
    out
}

/// A curated collection of the find-products page.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Collection {
    pub slug: &'static str,
    pub name: &'static str,
}

pub fn collections() -> Vec<Collection> {
    query::COLLECTIONS.iter().map(|&(slug, name)| Collection { slug, name }).collect()
}

/// Search pages as every workplace sees them, serialized, before the imported flags; and the
/// index that answers the pages not kept.
pub struct SearchCache {
    pages: Arc<page_cache::PageCache<prepared::PreparedPage>>,
    index: Arc<index::SearchIndex>,
}

impl SearchCache {
    /// `ttl` zero turns both off; `index_products` zero turns the index off.
    pub fn new(ttl: std::time::Duration, entries: usize, index_products: usize) -> Arc<Self> {
        Arc::new(SearchCache { pages: page_cache::PageCache::new(ttl, entries), index: index::SearchIndex::new(ttl, index_products) })
    }
}

/// The workplace-independent page (what `SearchCache` keeps, serialized): from the index when
/// it can answer, else from PostgreSQL.
async fn catalogue_page(pool: &PgPool, index: Option<&Arc<index::SearchIndex>>, s: &query::Search) -> Result<search::SearchPage> {
    let categories = match s.category {
        Some(id) => with_children(&categories(pool).await?, id),
        None => vec![],
    };
    if let Some(index) = index
        && let Some(page) = index.answer(pool, s, &categories).await?
    {
        return Ok(page);
    }
    search::search(pool, s, &categories).await
}

/// The find-product search for a workplace, read from PostgreSQL.
pub async fn find(pool: &PgPool, workplace_id: Uuid, s: &query::Search) -> Result<search::SearchPage> {
    let mut page = catalogue_page(pool, None, s).await?;
    search::mark_imported(pool, workplace_id, &mut page).await?;
    Ok(page)
}

/// `find` with the catalogue page from `cache`: the page, and the workplace's product id for
/// each of its cards, read on every request (`PreparedPage::write` puts them together).
pub async fn find_cached(
    pool: &PgPool,
    cache: &Arc<SearchCache>,
    workplace_id: Uuid,
    s: &query::Search,
) -> Result<(Arc<prepared::PreparedPage>, Vec<Option<Uuid>>)> {
    // The parsed search's Debug form names every field: equal keys ask the same question.
    let key = format!("{s:?}");
    let (p, search, index) = (pool.clone(), s.clone(), cache.index.clone());
    let page = cache
        .pages
        .get_or_load(key, move || {
            let (p, s, index) = (p.clone(), search.clone(), index.clone());
            async move { Ok(prepared::PreparedPage::new(&catalogue_page(&p, Some(&index), &s).await?)) }
        })
        .await?;
    let imported = search::imported_ids(pool, workplace_id, &page.keys()).await?;
    Ok((page, imported))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_top_category_includes_its_children() {
        let tree = serde_json::json!([{"id": 1, "children": [{"id": 11, "children": []}, {"id": 12, "children": []}]}, {"id": 2, "children": []}]);
        assert_eq!(super::with_children(&tree, 1), [1, 11, 12]);
        assert_eq!(super::with_children(&tree, 12), [12]);
    }
}
