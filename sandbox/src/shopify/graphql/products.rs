//! Product mutations: productCreate / productUpdate / productDelete /
//! productSet / productVariantsBulkCreate / productVariantsBulkUpdate,
//! with Shopify's limits (3 options, 2048 variants) reported as userErrors.
use async_graphql::{Context, ErrorExtensions, ID, Object, SimpleObject};

use super::super::model::{self, ProdOption, gid, handleize, parse_gid};
use super::gql;
use super::inputs::*;
use super::product_set::{bulk_create, set, unique_handle};
use super::types::{
    PlainUserError, Product, ProductSetUserError, ProductVariant, ProductVariantsBulkCreateUserError, ProductVariantsBulkUpdateUserError, UserError, payload,
};
use crate::util::parse_money;

pub const MAX_OPTIONS: usize = 3;

#[derive(Default)]
pub struct ProductMutation;

payload!(ProductCreatePayload { product: Product }, PlainUserError);
payload!(ProductUpdatePayload { product: Product }, PlainUserError);
payload!(ProductSetPayload { product: Product }, ProductSetUserError);
payload!(ProductDeletePayload { deleted_product_id: ID }, PlainUserError);

#[derive(SimpleObject)]
pub struct ProductVariantsBulkCreatePayload {
    product: Option<Product>,
    product_variants: Option<Vec<ProductVariant>>,
    user_errors: Vec<ProductVariantsBulkCreateUserError>,
}

#[derive(SimpleObject)]
pub struct ProductVariantsBulkUpdatePayload {
    product: Option<Product>,
    product_variants: Option<Vec<ProductVariant>>,
    user_errors: Vec<ProductVariantsBulkUpdateUserError>,
}

/// The daily cap on new variants is a top-level error (`extensions.code`), like THROTTLED.
fn throttled<T>(r: Result<T, Vec<UserError>>) -> async_graphql::Result<Result<T, Vec<UserError>>> {
    match r {
        Err(e) if e.iter().any(|u| u.code.as_deref() == Some(super::product_set::VARIANT_THROTTLE)) => {
            let message = e.into_iter().next().map(|u| u.message).unwrap_or_default();
            Err(async_graphql::Error::new(message).extend_with(|_, ext| ext.set("code", super::product_set::VARIANT_THROTTLE)))
        }
        other => Ok(other),
    }
}

pub(super) fn fail(field: &[&str], msg: impl Into<String>, code: &str) -> Vec<UserError> {
    vec![UserError::new(field, msg, Some(code))]
}

/// Option values of one variant, in the product's option order.
pub(super) fn combo(options: &mut [ProdOption], vals: &[VariantOptionValueInput], add_missing: bool) -> Result<Vec<String>, String> {
    for v in vals {
        let n = v.option_name.as_deref().unwrap_or("");
        if !options.iter().any(|o| o.name.eq_ignore_ascii_case(n)) {
            return Err(format!("Option '{n}' does not exist"));
        }
    }
    let mut out = Vec::new();
    for o in options.iter_mut() {
        let Some(v) = vals.iter().find(|v| v.option_name.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(&o.name))) else {
            return Err(format!("Option values for option '{}' are missing", o.name));
        };
        let name = v.name.clone().unwrap_or_default();
        if !o.values.contains(&name) {
            if !add_missing {
                return Err(format!("Option value '{name}' does not exist on option '{}'", o.name));
            }
            o.values.push(name.clone());
        }
        out.push(name);
    }
    Ok(out)
}

pub(super) fn apply(p: &mut model::Product, f: &ProductFields) {
    if let Some(t) = &f.title {
        p.title = t.clone();
    }
    if let Some(h) = &f.handle {
        p.handle = handleize(h);
    }
    if let Some(d) = &f.description_html {
        p.description_html = d.clone();
    }
    if let Some(v) = &f.vendor {
        p.vendor = v.clone();
    }
    if let Some(t) = &f.product_type {
        p.product_type = t.clone();
    }
    if let Some(s) = f.status {
        p.status = s.as_str().into();
    }
    if let Some(t) = &f.tags {
        p.tags = t.iter().flat_map(|s| s.split(',')).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    }
}

pub(super) fn blank(g: &super::Gql, id: u64) -> model::Product {
    let now = g.now_ms();
    model::Product {
        id,
        title: String::new(),
        handle: String::new(),
        description_html: String::new(),
        vendor: g.shop.split('.').next().unwrap_or("").into(),
        product_type: String::new(),
        status: "ACTIVE".into(),
        tags: vec![],
        options: vec![],
        variants: vec![],
        images: vec![],
        videos: vec![],
        created_ms: now,
        updated_ms: now,
    }
}

pub(super) fn variant(g: &super::Gql, values: Vec<String>, price: Option<&str>, compare: Option<&str>, sku: Option<String>, qty: i64) -> model::Variant {
    model::Variant {
        id: g.world.next_id(),
        sku: sku.unwrap_or_default(),
        price_cents: price.and_then(parse_money).unwrap_or(0),
        compare_at_cents: compare.and_then(parse_money),
        inventory_quantity: qty,
        option_values: values,
        barcode: None,
        stocked_at: None,
    }
}

/// The fields `productCreate` and `productUpdate` were given: the `product` argument, else
/// the older `input` one (both are in the schema; `product` wins when a client sends both).
fn given(product: Option<impl Into<ProductFields>>, input: Option<ProductInput>) -> Result<ProductFields, Vec<UserError>> {
    match (product, input) {
        (Some(p), _) => Ok(p.into()),
        (None, Some(i)) => Ok(i.into()),
        (None, None) => Err(fail(&["product"], "product is required", "BLANK")),
    }
}

fn create(g: &super::Gql, f: ProductFields) -> Result<model::Product, Vec<UserError>> {
    let Some(title) = f.title.clone().filter(|t| !t.trim().is_empty()) else {
        return Err(fail(&["title"], "Title can't be blank", "BLANK"));
    };
    let opts = f.product_options.clone().unwrap_or_default();
    if opts.len() > MAX_OPTIONS {
        return Err(fail(&["productOptions"], format!("Can only specify a maximum of {MAX_OPTIONS} options"), "OPTIONS_OVER_LIMIT"));
    }
    let mut p = blank(g, g.world.next_id());
    apply(&mut p, &f);
    if opts.is_empty() {
        p.options = vec![ProdOption { id: g.world.next_id(), name: "Title".into(), values: vec!["Default Title".into()] }];
    } else {
        for o in &opts {
            let values: Vec<String> = o.values.iter().flatten().filter_map(|v| v.name.clone()).collect();
            if values.is_empty() {
                return Err(fail(&["productOptions"], "Each option needs at least one value", "OPTION_VALUES_MISSING"));
            }
            p.options.push(ProdOption { id: g.world.next_id(), name: o.name.clone().unwrap_or_default(), values });
        }
    }
    // Shopify creates one standalone variant from the first value of each option.
    let first: Vec<String> = p.options.iter().map(|o| o.values[0].clone()).collect();
    p.variants.push(variant(g, first, None, None, None, 0));
    // The handle is checked and taken under the shop's lock, so two creates at once cannot
    // end with one handle twice.
    g.write(|s| {
        match f.handle.as_deref().map(handleize) {
            Some(h) if s.products.handle_taken(&h, None) => return Err(handle_taken(&h)),
            Some(_) => {}
            None => p.handle = unique_handle(s, &handleize(&title)),
        }
        s.products.insert(p.id, p.clone());
        Ok(p)
    })
}

fn update(g: &super::Gql, f: ProductFields) -> Result<model::Product, Vec<UserError>> {
    let Some(id) = f.id.as_deref().and_then(|s| parse_gid(s)) else {
        return Err(fail(&["id"], "Product id is required", "BLANK"));
    };
    let now = g.now_ms();
    g.write(|s| {
        if let Some(h) = f.handle.as_deref().map(handleize)
            && s.products.handle_taken(&h, Some(id))
        {
            return Err(handle_taken(&h));
        }
        update_in(s, id, &f, now)
    })
}

fn update_in(s: &mut model::Shop, id: u64, f: &ProductFields, now: i64) -> Result<model::Product, Vec<UserError>> {
    let changed = s.products.update(id, |p| {
        apply(p, f);
        p.updated_ms = now;
        p.clone()
    });
    changed.ok_or_else(|| fail(&["id"], "Product does not exist", "PRODUCT_DOES_NOT_EXIST"))
}

/// Since 2025-01 Shopify refuses a given handle that another product holds.
pub(super) fn handle_taken(h: &str) -> Vec<UserError> {
    fail(&["handle"], format!("Handle '{h}' already in use. Please provide a new handle."), "HANDLE_NOT_UNIQUE")
}

type VariantsResult = Result<(model::Product, Vec<model::Variant>), Vec<UserError>>;

/// The product and the variants a bulk mutation made or changed, or its refusal.
fn variants_parts<E: From<UserError>>(r: VariantsResult) -> (Option<Product>, Option<Vec<ProductVariant>>, Vec<E>) {
    match r {
        Ok((p, vs)) => (Some(Product(p.clone())), Some(vs.iter().map(|v| ProductVariant::of(&p, v)).collect()), vec![]),
        Err(e) => (None, None, e.into_iter().map(Into::into).collect()),
    }
}

#[Object]
impl ProductMutation {
    async fn product_create(&self, ctx: &Context<'_>, input: Option<ProductInput>, product: Option<ProductCreateInput>) -> Option<ProductCreatePayload> {
        ProductCreatePayload::of(given(product, input).and_then(|f| create(gql(ctx), f)).map(Product))
    }

    async fn product_update(&self, ctx: &Context<'_>, input: Option<ProductInput>, product: Option<ProductUpdateInput>) -> Option<ProductUpdatePayload> {
        ProductUpdatePayload::of(given(product, input).and_then(|f| update(gql(ctx), f)).map(Product))
    }

    async fn product_delete(&self, ctx: &Context<'_>, input: ProductDeleteInput) -> Option<ProductDeletePayload> {
        let id = parse_gid(&input.id).unwrap_or(0);
        let removed = gql(ctx).write(|s| {
            s.published.values_mut().for_each(|set| {
                set.remove(&id);
            });
            s.collections.values_mut().for_each(|c| {
                c.products.remove(&id);
            });
            s.products.remove(&id).is_some()
        });
        ProductDeletePayload::of(if removed { Ok(ID(gid("Product", id))) } else { Err(fail(&["id"], "Product does not exist", "PRODUCT_DOES_NOT_EXIST")) })
    }

    /// `synchronous` is accepted and ignored: the sandbox always completes synchronously.
    async fn product_set(
        &self,
        ctx: &Context<'_>,
        identifier: Option<ProductSetIdentifiers>,
        input: ProductSetInput,
        #[graphql(name = "synchronous")] _synchronous: Option<bool>,
    ) -> async_graphql::Result<Option<ProductSetPayload>> {
        let g = gql(ctx);
        if !g.in_bulk {
            g.write(|s| s.calls.product_set += 1);
        }
        Ok(ProductSetPayload::of(throttled(set(g, identifier, input))?.map(Product)))
    }

    async fn product_variants_bulk_create(
        &self,
        ctx: &Context<'_>,
        product_id: ID,
        variants: Vec<ProductVariantsBulkInput>,
        strategy: Option<ProductVariantsBulkCreateStrategy>,
    ) -> async_graphql::Result<Option<ProductVariantsBulkCreatePayload>> {
        let pid = parse_gid(&product_id).unwrap_or(0);
        let created = throttled(bulk_create(gql(ctx), pid, variants, strategy.unwrap_or(ProductVariantsBulkCreateStrategy::Default)))?;
        let (product, product_variants, user_errors) = variants_parts(created);
        Ok(Some(ProductVariantsBulkCreatePayload { product, product_variants, user_errors }))
    }

    async fn product_variants_bulk_update(
        &self,
        ctx: &Context<'_>,
        product_id: ID,
        variants: Vec<ProductVariantsBulkInput>,
    ) -> Option<ProductVariantsBulkUpdatePayload> {
        let g = gql(ctx);
        let pid = parse_gid(&product_id).unwrap_or(0);
        let now = g.now_ms();
        let (product, product_variants, user_errors) = variants_parts(g.write(|s| {
            let Some(r) = s.products.update(pid, |p| bulk_update(p, &variants, now)) else {
                return Err(fail(&["productId"], "Product does not exist", "PRODUCT_DOES_NOT_EXIST"));
            };
            r
        }));
        Some(ProductVariantsBulkUpdatePayload { product, product_variants, user_errors })
    }
}

/// productVariantsBulkUpdate on the product: prices, SKUs and barcodes of existing variants.
fn bulk_update(p: &mut model::Product, variants: &[ProductVariantsBulkInput], now: i64) -> VariantsResult {
    let mut changed = Vec::new();
    for (i, v) in variants.iter().enumerate() {
        let vid = v.id.as_deref().and_then(|s| parse_gid(s)).unwrap_or(0);
        let Some(x) = p.variants.iter_mut().find(|x| x.id == vid) else {
            return Err(fail(&["variants", &i.to_string(), "id"], "Product variant does not exist", "PRODUCT_VARIANT_DOES_NOT_EXIST"));
        };
        if let Some(c) = v.price.as_deref().and_then(parse_money) {
            x.price_cents = c;
        }
        if let Some(c) = &v.compare_at_price {
            x.compare_at_cents = parse_money(c);
        }
        if let Some(sku) = v.inventory_item.as_ref().and_then(|i| i.sku.clone()) {
            x.sku = sku;
        }
        if v.barcode.is_some() {
            x.barcode = v.barcode.clone();
        }
        changed.push(x.clone());
    }
    p.updated_ms = now;
    Ok((p.clone(), changed))
}
