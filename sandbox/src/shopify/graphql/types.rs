//! Output types with Shopify's GraphQL Admin names. Each wraps a cloned
//! model value, so resolvers never hold the state lock.
use async_graphql::connection::{Connection, Edge};
use async_graphql::{Context, ID, Interface, Object, OutputType, Result, SimpleObject};
use serde_json::json;

use super::super::model::{self, gid, image_src};
use super::enums::{
    BulkMutationErrorCode, CountPrecision, MediaContentType, MediaStatus, ProductSetUserErrorCode, ProductStatus, ProductVariantsBulkCreateUserErrorCode,
    ProductVariantsBulkUpdateUserErrorCode,
};
use super::gql;
use super::scalars::{DateTime, Html, Money, UnsignedInt64, Url};
use crate::util::{b64, b64_decode, money, rfc3339};

pub const MAX_PAGE: i32 = 250;

/// Shopify-style opaque cursor: base64 of `{"last_id":N}`.
pub fn cursor(id: u64) -> String {
    b64(json!({"last_id": id, "last_value": id.to_string()}).to_string().as_bytes())
}

fn cursor_id(c: &str) -> Option<u64> {
    let v: serde_json::Value = serde_json::from_slice(&b64_decode(c)?).ok()?;
    v.get("last_id")?.as_u64()
}

/// Cursor pagination over an already ordered list of (id, node).
pub fn paginate<T: OutputType>(
    items: Vec<(u64, T)>,
    first: Option<i32>,
    after: Option<String>,
    last: Option<i32>,
    before: Option<String>,
) -> Result<Connection<String, T>> {
    paginate_max(items, first, after, last, before, MAX_PAGE)
}

/// `paginate` for a connection whose page limit is not Shopify's usual 250 (`productTags`: 5000).
pub fn paginate_max<T: OutputType>(
    items: Vec<(u64, T)>,
    first: Option<i32>,
    after: Option<String>,
    last: Option<i32>,
    before: Option<String>,
    max: i32,
) -> Result<Connection<String, T>> {
    if first.is_none() && last.is_none() {
        return Err("you must provide one of first or last".into());
    }
    if first.unwrap_or(0) > max || last.unwrap_or(0) > max || first.unwrap_or(0) < 0 || last.unwrap_or(0) < 0 {
        return Err(format!("The maximum number of items requested exceeded ({max}).").into());
    }
    let pos = |c: &Option<String>| c.as_deref().and_then(cursor_id).and_then(|id| items.iter().position(|(i, _)| *i == id));
    let mut start = pos(&after).map(|p| p + 1).unwrap_or(0);
    let mut end = pos(&before).unwrap_or(items.len()).max(start);
    if let Some(n) = first {
        end = end.min(start + n as usize);
    }
    if let Some(n) = last {
        start = start.max(end.saturating_sub(n as usize));
    }
    let (has_prev, has_next) = (start > 0, end < items.len());
    let mut conn = Connection::new(has_prev, has_next);
    conn.edges.extend(items.into_iter().skip(start).take(end - start).map(|(id, n)| Edge::new(cursor(id), n)));
    Ok(conn)
}

/// A mutation's refusal, as resolvers report it; each payload answers it as the error type
/// Shopify declares for that mutation (a plain `UserError` has no code).
#[derive(Clone, Debug)]
pub struct UserError {
    pub field: Option<Vec<String>>,
    pub message: String,
    pub code: Option<String>,
}

#[derive(SimpleObject, Clone)]
#[graphql(name = "UserError")]
pub struct PlainUserError {
    pub field: Option<Vec<String>>,
    pub message: String,
}

impl From<UserError> for PlainUserError {
    fn from(e: UserError) -> Self {
        PlainUserError { field: e.field, message: e.message }
    }
}

/// Each coded error type answers its own code enum; a code outside it is a sandbox bug (a unit
/// test below sends every code the mutations use through its error type).
macro_rules! coded_user_errors {
    ($($name:ident: $code:ident),*) => {$(
        #[derive(SimpleObject, Clone)]
        pub struct $name {
            pub code: Option<$code>,
            pub field: Option<Vec<String>>,
            pub message: String,
        }
        impl From<UserError> for $name {
            fn from(e: UserError) -> Self {
                let code = e.code.as_deref().map(|c| $code::parse(c).unwrap_or_else(|| panic!("sandbox bug: {c} is no {}", stringify!($code))));
                $name { code, field: e.field, message: e.message }
            }
        }
    )*};
}
coded_user_errors!(
    ProductSetUserError: ProductSetUserErrorCode,
    ProductVariantsBulkCreateUserError: ProductVariantsBulkCreateUserErrorCode,
    ProductVariantsBulkUpdateUserError: ProductVariantsBulkUpdateUserErrorCode,
    BulkMutationUserError: BulkMutationErrorCode
);

/// Shopify's payload types are nullable and named after their mutation.
macro_rules! payload {
    ($name:ident { $field:ident: $ty:ty }, $err:ty) => {
        #[derive(SimpleObject)]
        pub struct $name {
            pub $field: Option<$ty>,
            pub user_errors: Vec<$err>,
        }
        impl $name {
            pub fn of(r: Result<$ty, Vec<UserError>>) -> Option<Self> {
                Some(match r {
                    Ok(v) => $name { $field: Some(v), user_errors: vec![] },
                    Err(e) => $name { $field: None, user_errors: e.into_iter().map(Into::into).collect() },
                })
            }
        }
    };
}
pub(crate) use payload;

impl UserError {
    pub fn new(field: &[&str], message: impl Into<String>, code: Option<&str>) -> Self {
        UserError { field: Some(field.iter().map(|s| s.to_string()).collect()), message: message.into(), code: code.map(str::to_string) }
    }
}

#[derive(SimpleObject, Clone)]
pub struct Count {
    pub count: i32,
    pub precision: CountPrecision,
}

impl Count {
    pub fn exact(n: usize) -> Self {
        Count { count: n as i32, precision: CountPrecision::EXACT }
    }
}

#[derive(SimpleObject, Clone)]
pub struct SelectedOption {
    pub name: String,
    pub value: String,
}

#[derive(SimpleObject, Clone)]
pub struct ProductOptionValue {
    pub id: ID,
    pub name: String,
    pub has_variants: bool,
}

#[derive(SimpleObject, Clone)]
pub struct ProductOption {
    pub id: ID,
    pub name: String,
    pub position: i32,
    pub values: Vec<String>,
    pub option_values: Vec<ProductOptionValue>,
}

#[derive(SimpleObject, Clone)]
pub struct InventoryItem {
    pub id: ID,
    pub sku: Option<String>,
    pub tracked: bool,
}

#[derive(SimpleObject, Clone)]
pub struct Image {
    pub id: Option<ID>,
    pub url: Url,
    pub alt_text: Option<String>,
}

#[derive(SimpleObject, Clone)]
pub struct MediaImage {
    pub id: ID,
    pub alt: Option<String>,
    pub media_content_type: MediaContentType,
    pub status: MediaStatus,
    pub image: Option<Image>,
}

/// A Shopify-hosted video (`Video`, which is also a `File`): its status is `READY` once the
/// staged file it was made from arrived.
#[derive(SimpleObject, Clone)]
pub struct Video {
    pub id: ID,
    pub alt: Option<String>,
    pub media_content_type: MediaContentType,
    pub status: MediaStatus,
    pub filename: String,
}

/// Shopify's `Media` interface; clients select `... on MediaImage { image { url } }`.
// One `field(...)` per interface field is async-graphql's syntax, not a duplicate.
#[allow(clippy::duplicated_attributes)]
#[derive(Interface, Clone)]
#[graphql(
    field(name = "id", ty = "&ID"),
    field(name = "alt", ty = "&Option<String>"),
    field(name = "media_content_type", ty = "&MediaContentType"),
    field(name = "status", ty = "&MediaStatus")
)]
pub enum Media {
    MediaImage(MediaImage),
    Video(Video),
}

#[derive(Clone)]
pub struct Product(pub model::Product);

impl Product {
    /// The product's images, in order, with stable per-product ids for cursors.
    fn image_list(&self, ctx: &Context<'_>) -> Vec<(u64, Image)> {
        let base = gql(ctx).app.base_url();
        self.0
            .images
            .iter()
            .enumerate()
            .map(|(i, img)| {
                let n = self.0.id * 1000 + i as u64;
                (n, Image { id: Some(ID(gid("ProductImage", n))), url: Url(image_src(&base, img)), alt_text: None })
            })
            .collect()
    }
}

#[Object]
impl Product {
    async fn id(&self) -> ID {
        ID(gid("Product", self.0.id))
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
    async fn description_html(&self) -> Html {
        Html(self.0.description_html.clone())
    }
    async fn vendor(&self) -> &str {
        &self.0.vendor
    }
    async fn product_type(&self) -> &str {
        &self.0.product_type
    }
    async fn status(&self) -> Result<ProductStatus> {
        ProductStatus::of(&self.0.status)
    }
    async fn tags(&self) -> &[String] {
        &self.0.tags
    }
    async fn created_at(&self) -> DateTime {
        DateTime(rfc3339(self.0.created_ms))
    }
    async fn updated_at(&self) -> DateTime {
        DateTime(rfc3339(self.0.updated_ms))
    }
    async fn total_inventory(&self) -> i64 {
        self.0.variants.iter().map(|v| v.inventory_quantity).sum()
    }
    async fn online_store_url(&self, ctx: &Context<'_>) -> Option<Url> {
        let g = gql(ctx);
        let published = g.read(|s| s.is_published(s.online_store(), self.0.id));
        published.then(|| Url(format!("{}/shops/{}/products/{}", g.app.base_url(), g.shop, self.0.handle)))
    }
    async fn options(&self, first: Option<i32>) -> Vec<ProductOption> {
        let n = first.unwrap_or(i32::MAX).max(0) as usize;
        self.0
            .options
            .iter()
            .enumerate()
            .take(n)
            .map(|(i, o)| ProductOption {
                id: ID(gid("ProductOption", o.id)),
                name: o.name.clone(),
                position: i as i32 + 1,
                values: o.values.clone(),
                option_values: o
                    .values
                    .iter()
                    .enumerate()
                    .map(|(k, v)| ProductOptionValue {
                        id: ID(gid("ProductOptionValue", o.id * 1000 + k as u64)),
                        name: v.clone(),
                        has_variants: self.0.variants.iter().any(|x| x.option_values.get(i) == Some(v)),
                    })
                    .collect(),
            })
            .collect()
    }
    async fn variants(
        &self,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> Result<Connection<String, ProductVariant>> {
        let items = self.0.variants.iter().map(|v| (v.id, ProductVariant::of(&self.0, v))).collect();
        paginate(items, first, after, last, before)
    }
    async fn images(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> Result<Connection<String, Image>> {
        paginate(self.image_list(ctx), first, after, last, before)
    }
    async fn media(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> Result<Connection<String, Media>> {
        let items = self
            .image_list(ctx)
            .into_iter()
            .map(|(n, image)| {
                let m = MediaImage {
                    id: ID(gid("MediaImage", n)),
                    alt: None,
                    media_content_type: MediaContentType::IMAGE,
                    status: MediaStatus::READY,
                    image: Some(image),
                };
                (n, Media::MediaImage(m))
            })
            .chain(self.0.videos.iter().map(|v| {
                let m = Video {
                    id: ID(gid("Video", v.id)),
                    alt: v.alt.clone(),
                    media_content_type: MediaContentType::VIDEO,
                    status: if v.status == "READY" { MediaStatus::READY } else { MediaStatus::FAILED },
                    filename: v.filename.clone(),
                };
                (v.id, Media::Video(m))
            }))
            .collect();
        paginate(items, first, after, last, before)
    }
    async fn variants_count(&self) -> Option<Count> {
        Some(Count::exact(self.0.variants.len()))
    }
    pub(super) async fn published_on_publication(&self, ctx: &Context<'_>, publication_id: ID) -> bool {
        let pid = model::parse_gid(&publication_id).unwrap_or(0);
        gql(ctx).read(|s| s.is_published(pid, self.0.id))
    }
    pub(super) async fn published_on_current_publication(&self, ctx: &Context<'_>) -> bool {
        gql(ctx).read(|s| s.is_published(s.online_store(), self.0.id))
    }
    pub(super) async fn resource_publications_count(&self, ctx: &Context<'_>) -> Option<Count> {
        Some(Count::exact(gql(ctx).read(|s| s.published.values().filter(|set| set.contains(&self.0.id)).count())))
    }
    pub(super) async fn available_publications_count(&self, ctx: &Context<'_>) -> Option<Count> {
        Some(Count::exact(gql(ctx).read(|s| s.published.values().filter(|set| set.contains(&self.0.id)).count())))
    }
}

#[derive(Clone)]
pub struct ProductVariant {
    pub v: model::Variant,
    pub product_id: u64,
    pub option_names: Vec<String>,
}

impl ProductVariant {
    pub fn of(p: &model::Product, v: &model::Variant) -> Self {
        ProductVariant { v: v.clone(), product_id: p.id, option_names: p.options.iter().map(|o| o.name.clone()).collect() }
    }
}

#[Object]
impl ProductVariant {
    async fn id(&self) -> ID {
        ID(gid("ProductVariant", self.v.id))
    }
    async fn legacy_resource_id(&self) -> UnsignedInt64 {
        UnsignedInt64(self.v.id.to_string())
    }
    async fn title(&self) -> String {
        self.v.title()
    }
    async fn display_name(&self, ctx: &Context<'_>) -> String {
        let title = gql(ctx).read(|s| s.products.get(&self.product_id).map(|p| p.title.clone())).unwrap_or_default();
        format!("{title} - {}", self.v.title())
    }
    async fn sku(&self) -> Option<&str> {
        Some(self.v.sku.as_str()).filter(|s| !s.is_empty())
    }
    async fn barcode(&self) -> Option<&str> {
        self.v.barcode.as_deref()
    }
    async fn price(&self) -> Money {
        Money(money(self.v.price_cents))
    }
    async fn compare_at_price(&self) -> Option<Money> {
        self.v.compare_at_cents.map(|c| Money(money(c)))
    }
    async fn inventory_quantity(&self) -> Option<i64> {
        Some(self.v.inventory_quantity)
    }
    async fn available_for_sale(&self) -> bool {
        self.v.inventory_quantity > 0
    }
    async fn selected_options(&self) -> Vec<SelectedOption> {
        self.option_names.iter().zip(&self.v.option_values).map(|(n, v)| SelectedOption { name: n.clone(), value: v.clone() }).collect()
    }
    async fn inventory_item(&self) -> InventoryItem {
        InventoryItem { id: ID(gid("InventoryItem", self.v.id + 1_000_000_000)), sku: Some(self.v.sku.clone()), tracked: true }
    }
    async fn product(&self, ctx: &Context<'_>) -> Result<Product> {
        gql(ctx).read(|s| s.products.get(&self.product_id).cloned().map(Product)).ok_or_else(|| "the product is gone".into())
    }
}
