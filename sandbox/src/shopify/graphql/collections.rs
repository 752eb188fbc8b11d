//! Collections and product tags: `collections` and `productTags` on QueryRoot, `collectionCreate`,
//! and a product's collections as `productSet` sets them. Shopify's pages (shopify.dev, GraphQL
//! Admin): queries/collections (the `query` filter's `collection_type`, `title`, `handle`, `id`,
//! `product_id` terms), queries/productTags ("The maximum page size is 5000"),
//! mutations/collectionCreate (`collection: CollectionCreateInput`, `title` required), and
//! input-objects/ProductSetInput (`collections`: "The IDs of collections that this product will
//! be a member of").
use async_graphql::connection::Connection;
use async_graphql::{Context, ID, InputObject, Object, Result, SimpleObject};

use super::super::model::{self, gid, handleize, parse_gid};
use super::gql;
use super::scalars::{DateTime, UnsignedInt64};
use super::types::{Count, PlainUserError, UserError, paginate, paginate_max, payload};
use crate::util::rfc3339;

/// Shopify's page limit for `productTags`.
pub const MAX_TAGS_PAGE: i32 = 5000;

#[derive(Clone)]
pub struct Collection(pub model::Collection);

#[Object]
impl Collection {
    async fn id(&self) -> ID {
        ID(gid("Collection", self.0.id))
    }
    async fn legacy_resource_id(&self) -> UnsignedInt64 {
        UnsignedInt64(self.0.id.to_string())
    }
    async fn title(&self) -> &str {
        &self.0.title
    }
    async fn handle(&self) -> &str {
        &self.0.handle
    }
    async fn updated_at(&self) -> DateTime {
        DateTime(rfc3339(self.0.updated_ms))
    }
    async fn has_product(&self, id: ID) -> bool {
        parse_gid(&id).is_some_and(|p| self.0.products.contains(&p))
    }
    async fn products_count(&self) -> Option<Count> {
        Some(Count::exact(self.0.products.len()))
    }
}

fn matches(c: &model::Collection, terms: &[(String, String)]) -> bool {
    terms.iter().all(|(k, v)| match k.as_str() {
        "" | "title" => c.title.to_lowercase().contains(v.as_str()),
        "handle" => c.handle == *v,
        "collection_type" => (v == "smart") == c.smart,
        "id" => c.id.to_string() == *v,
        "product_id" => v.parse().is_ok_and(|p| c.products.contains(&p)),
        _ => true,
    })
}

#[derive(Default)]
pub struct CollectionQuery;

#[Object]
impl CollectionQuery {
    #[allow(clippy::too_many_arguments)]
    async fn collections(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
        reverse: Option<bool>,
        query: Option<String>,
    ) -> Result<Connection<String, Collection>> {
        let t = super::query::terms(&query);
        let mut items: Vec<(u64, Collection)> =
            gql(ctx).read(|s| s.collections.values().filter(|c| matches(c, &t)).map(|c| (c.id, Collection(c.clone()))).collect());
        if reverse.unwrap_or(false) {
            items.reverse();
        }
        paginate(items, first, after, last, before)
    }

    /// Every tag of the shop's products, once, in alphabetical order.
    async fn product_tags(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
        reverse: Option<bool>,
    ) -> Result<Option<Connection<String, String>>> {
        let tags: std::collections::BTreeSet<String> = gql(ctx).read(|s| s.products.values().flat_map(|p| p.tags.iter().cloned()).collect());
        let mut items: Vec<(u64, String)> = tags.into_iter().enumerate().map(|(i, t)| (i as u64 + 1, t)).collect();
        if reverse.unwrap_or(false) {
            items.reverse();
        }
        paginate_max(items, first, after, last, before, MAX_TAGS_PAGE).map(Some)
    }
}

#[derive(InputObject, Clone, Default)]
pub struct CollectionCreateInput {
    pub title: String,
    pub handle: Option<String>,
    pub description_html: Option<String>,
}

payload!(CollectionCreatePayload { collection: Collection }, PlainUserError);

#[derive(Default)]
pub struct CollectionMutation;

#[Object]
impl CollectionMutation {
    /// A custom collection (the sandbox takes no `sources`, so never a smart one). A handle is
    /// made unique from the title; a given one that is taken is refused.
    async fn collection_create(&self, ctx: &Context<'_>, collection: Option<CollectionCreateInput>) -> Option<CollectionCreatePayload> {
        let g = gql(ctx);
        let Some(input) = collection.filter(|c| !c.title.trim().is_empty()) else {
            return CollectionCreatePayload::of(Err(vec![UserError::new(&["title"], "Title can't be blank", None)]));
        };
        let now = g.now_ms();
        let id = g.world.next_id();
        CollectionCreatePayload::of(g.write(|s| {
            let taken = |h: &str| s.collections.values().any(|c| c.handle == h);
            let handle = match input.handle.as_deref().map(handleize) {
                Some(h) if taken(&h) => return Err(vec![UserError::new(&["handle"], format!("Handle '{h}' already in use"), None)]),
                Some(h) => h,
                None => {
                    let base = handleize(&input.title);
                    if taken(&base) { (1..).map(|n| format!("{base}-{n}")).find(|h| !taken(h)).expect("a free handle") } else { base }
                }
            };
            let c = model::Collection { id, title: input.title.trim().to_string(), handle, smart: false, products: Default::default(), updated_ms: now };
            s.collections.insert(id, c.clone());
            Ok(Collection(c))
        }))
    }
}

/// `productSet`'s `collections`, checked before anything is written: each id a custom collection
/// of the shop. Returns the ids.
pub(super) fn check_ids(shop: &model::Shop, ids: &[ID]) -> Result<Vec<u64>, Vec<UserError>> {
    let mut out = vec![];
    for (i, id) in ids.iter().enumerate() {
        let at = ["input".to_string(), "collections".into(), i.to_string()];
        let at: Vec<&str> = at.iter().map(String::as_str).collect();
        match parse_gid(id).and_then(|n| shop.collections.get(&n)) {
            None => return Err(vec![UserError::new(&at, format!("Collection {} does not exist", id.as_str()), Some("INVALID_INPUT"))]),
            Some(c) if c.smart => {
                return Err(vec![UserError::new(&at, "Can't add a product to a smart collection: its conditions choose its products", Some("INVALID_INPUT"))]);
            }
            Some(c) => out.push(c.id),
        }
    }
    Ok(out)
}

/// Declarative, like the rest of productSet: the product is in exactly these custom collections.
pub(super) fn set_membership(shop: &mut model::Shop, product: u64, ids: &[u64], now: i64) {
    for c in shop.collections.values_mut().filter(|c| !c.smart) {
        let changed = if ids.contains(&c.id) { c.products.insert(product) } else { c.products.remove(&product) };
        if changed {
            c.updated_ms = now;
        }
    }
}
