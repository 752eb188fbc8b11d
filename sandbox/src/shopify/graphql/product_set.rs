//! productSet (declarative create/replace) and productVariantsBulkCreate.
use super::super::model::{self, ProdOption, handleize, parse_gid};
use super::inputs::*;
use super::products::{MAX_OPTIONS, apply, blank, combo, fail, variant};
use super::types::UserError;
use crate::shopify::limits::admit_new_variants;

/// The large-store daily cap: the resolvers answer it as a top-level error, not a user error.
pub(super) const VARIANT_THROTTLE: &str = "VARIANT_THROTTLE_EXCEEDED";

fn variant_throttle() -> Vec<UserError> {
    fail(&[], "Daily variant creation limit reached. Please try again later.", VARIANT_THROTTLE)
}

/// Runs under the shop's lock from lookup to store, so two concurrent upserts of one handle
/// end as one product, as on Shopify.
pub(super) fn set(g: &super::Gql, identifier: Option<ProductSetIdentifiers>, input: ProductSetInput) -> Result<model::Product, Vec<UserError>> {
    g.write(|shop| set_in(g, shop, identifier, input))
}

fn set_in(g: &super::Gql, shop: &mut model::Shop, identifier: Option<ProductSetIdentifiers>, input: ProductSetInput) -> Result<model::Product, Vec<UserError>> {
    let opts = input.product_options.clone().unwrap_or_default();
    let vars = input.variants.clone().unwrap_or_default();
    if opts.len() > MAX_OPTIONS {
        return Err(fail(&["input", "productOptions"], format!("Can only specify a maximum of {MAX_OPTIONS} options"), "OPTIONS_OVER_LIMIT"));
    }
    let max = shop.limits.max_product_variants;
    if vars.len() > max {
        return Err(fail(&["input", "variants"], format!("Can only specify a maximum of {max} variants"), "VARIANTS_OVER_LIMIT"));
    }
    let by_id = identifier.as_ref().and_then(|i| i.id.as_deref()).or(input.id.as_deref());
    let existing = match (&identifier, by_id) {
        (_, Some(id)) => match parse_gid(id).and_then(|id| shop.products.get(&id).cloned()) {
            Some(p) => Some(p),
            None => return Err(fail(&["input", "id"], "Product does not exist", "PRODUCT_DOES_NOT_EXIST")),
        },
        // An upsert by handle updates the product holding it, or creates one under it.
        (Some(ProductSetIdentifiers { handle: Some(h), .. }), None) => shop.products.by_handle(&handleize(h)).cloned(),
        (Some(_), None) => return Err(fail(&["identifier"], "An identifier needs an id or a handle", "INVALID_INPUT")),
        (None, None) => None,
    };
    let collections = match &input.collections {
        Some(ids) => Some(super::collections::check_ids(shop, ids)?),
        None => None,
    };
    let new_variants = vars.len().saturating_sub(existing.as_ref().map_or(0, |p| p.variants.len()));
    if !admit_new_variants(shop, new_variants, g.world.clock.now_ms()) {
        return Err(variant_throttle());
    }
    let upsert_handle = identifier.as_ref().and_then(|i| i.handle.clone());
    let mut p = match existing {
        Some(p) => p,
        None => {
            let t = input.title.clone().filter(|t| !t.trim().is_empty());
            let Some(t) = t else { return Err(fail(&["input", "title"], "Title can't be blank", "INVALID_PRODUCT")) };
            let mut p = blank(g, g.world.next_id());
            p.handle = upsert_handle.as_deref().map(handleize).unwrap_or_else(|| unique_handle(shop, &handleize(&t)));
            p
        }
    };
    // Since 2025-01 a given handle must be free; one made from the title gets a suffix instead.
    if let Some(h) = input.handle.as_deref().map(handleize)
        && shop.products.handle_taken(&h, Some(p.id))
    {
        return Err(fail(&["input", "handle"], format!("Handle '{h}' already in use. Please provide a new handle."), "HANDLE_NOT_UNIQUE"));
    }
    let fields = ProductFields {
        id: None,
        title: input.title.clone(),
        description_html: input.description_html.clone(),
        handle: input.handle.clone(),
        vendor: input.vendor.clone(),
        product_type: input.product_type.clone(),
        status: input.status,
        tags: input.tags.clone(),
        product_options: None,
    };
    apply(&mut p, &fields);
    // `files` is a list field: when given, it is the product's media, in order, and what it
    // leaves out is removed. Images and Shopify-hosted videos are kept (no 3D or external video):
    // a video comes from a staged upload's `resourceUrl` (Shopify takes no other source for
    // one), or stays by its id.
    if let Some(files) = &input.files {
        let (images, videos) = media_of(g, shop, &p, files)?;
        p.images = images;
        p.videos = videos;
    }
    // productSet is declarative: the given options and variants replace the old ones.
    let old = std::mem::take(&mut p.variants);
    let mut options: Vec<ProdOption> = opts
        .iter()
        .map(|o| ProdOption {
            id: o.id.as_deref().and_then(|s| parse_gid(s)).unwrap_or_else(|| g.world.next_id()),
            name: o.name.clone().unwrap_or_default(),
            values: o.values.iter().flatten().filter_map(|v| v.name.clone()).collect(),
        })
        .collect();
    if options.is_empty() {
        options.push(ProdOption { id: g.world.next_id(), name: "Title".into(), values: vec!["Default Title".into()] });
    }
    let declared = !opts.is_empty();
    let mut seen = std::collections::HashSet::new();
    for (i, v) in vars.iter().enumerate() {
        let values = if declared || !v.option_values.is_empty() {
            combo(&mut options, &v.option_values, !declared).map_err(|m| fail(&["input", "variants", &i.to_string(), "optionValues"], m, "INVALID_VARIANT"))?
        } else {
            vec!["Default Title".into()]
        };
        if !seen.insert(values.clone()) {
            return Err(fail(&["input", "variants", &i.to_string()], format!("The variant '{}' already exists.", values.join(" / ")), "INVALID_VARIANT"));
        }
        let keep =
            v.id.as_deref()
                .and_then(|s| parse_gid(s))
                .and_then(|id| old.iter().find(|o| o.id == id))
                .or_else(|| old.iter().find(|o| o.option_values == values));
        let sku = v.inventory_item.as_ref().and_then(|i| i.sku.clone()).or_else(|| v.sku.clone());
        let (qty, stocked_at) = stock(shop, v.inventory_quantities.as_deref().unwrap_or(&[]), i)?;
        let mut nv = variant(g, values, v.price.as_deref(), v.compare_at_price.as_deref(), sku, qty);
        if let Some(k) = keep {
            nv.id = k.id;
        }
        nv.barcode = v.barcode.clone();
        nv.stocked_at = stocked_at;
        p.variants.push(nv);
    }
    if p.variants.is_empty() {
        let first: Vec<String> = options.iter().map(|o| o.values.first().cloned().unwrap_or_default()).collect();
        p.variants.push(variant(g, first, None, None, None, 0));
    }
    p.options = options;
    p.updated_ms = g.now_ms();
    if let Some(ids) = &collections {
        super::collections::set_membership(shop, p.id, ids, p.updated_ms);
    }
    shop.products.insert(p.id, p.clone());
    Ok(p)
}

fn media_of(g: &super::Gql, shop: &model::Shop, p: &model::Product, files: &[FileSetInput]) -> Result<(Vec<String>, Vec<model::VideoMedia>), Vec<UserError>> {
    let (mut images, mut videos) = (Vec::new(), Vec::new());
    for (i, f) in files.iter().enumerate() {
        let at = |field: &str| ["input".to_string(), "files".into(), i.to_string(), field.into()];
        let refuse = |field: &str, m: &str| {
            let at = at(field);
            fail(&at.iter().map(String::as_str).collect::<Vec<_>>(), m, "INVALID_INPUT")
        };
        if let Some(id) = f.id.as_deref() {
            match parse_gid(id).and_then(|id| p.videos.iter().find(|v| v.id == id)) {
                Some(v) => videos.push(v.clone()),
                None => return Err(refuse("id", "File does not exist")),
            }
            continue;
        }
        let src = f.original_source.as_deref().map(str::trim).unwrap_or("");
        if !(src.starts_with("http://") || src.starts_with("https://")) {
            return Err(refuse("originalSource", "Original source must be an http(s) URL"));
        }
        match f.content_type {
            None | Some(FileContentType::Image) => images.push(src.to_string()),
            Some(FileContentType::Video) => {
                let base = g.app.base_url();
                let Some(staged) = shop.staged.values().find(|s| s.resource_url(&base).as_deref() == Some(src)) else {
                    return Err(refuse("originalSource", "Videos require a staged upload URL"));
                };
                videos.push(model::VideoMedia {
                    id: g.world.next_id(),
                    filename: f.filename.clone().unwrap_or_else(|| staged.filename.clone()),
                    alt: f.alt.clone(),
                    status: if staged.uploaded.is_some() { "READY" } else { "FAILED" }.into(),
                    key: staged.key.clone(),
                });
            }
            _ => {}
        }
    }
    Ok((images, videos))
}

/// A variant's stock lines: each names one of the shop's active locations (`locationId` is
/// `ID!`) and a quantity productSet sets (`available` or `on_hand`). Returns the total and
/// the location it was set at.
fn stock(shop: &model::Shop, lines: &[ProductSetInventoryInput], variant: usize) -> Result<(i64, Option<u64>), Vec<UserError>> {
    let mut at = None;
    for (j, line) in lines.iter().enumerate() {
        let path = |field: &str| ["input".to_string(), "variants".into(), variant.to_string(), "inventoryQuantities".into(), j.to_string(), field.into()];
        let Some(location) = parse_gid(&line.location_id).and_then(|id| shop.active_location(id)) else {
            let p = path("locationId");
            return Err(fail(&p.iter().map(String::as_str).collect::<Vec<_>>(), "Location not found", "NOT_FOUND"));
        };
        if !matches!(line.name.as_str(), "available" | "on_hand") {
            let p = path("name");
            return Err(fail(&p.iter().map(String::as_str).collect::<Vec<_>>(), format!("Invalid quantity name '{}'", line.name), "INVALID_INPUT"));
        }
        at = Some(location.id);
    }
    Ok((lines.iter().map(|q| q.quantity as i64).sum(), at))
}

/// `base`, or `base-1`, `base-2` ... whichever no product holds yet.
pub(super) fn unique_handle(shop: &model::Shop, base: &str) -> String {
    let taken = |h: &str| shop.products.handle_taken(h, None);
    if !taken(base) {
        return base.to_string();
    }
    (1..).map(|n| format!("{base}-{n}")).find(|h| !taken(h)).expect("a free handle")
}

pub(super) fn bulk_create(
    g: &super::Gql,
    pid: u64,
    inputs: Vec<ProductVariantsBulkInput>,
    strategy: ProductVariantsBulkCreateStrategy,
) -> Result<(model::Product, Vec<model::Variant>), Vec<UserError>> {
    let Some(mut p) = g.read(|s| s.products.get(&pid).cloned()) else {
        return Err(fail(&["productId"], "Product does not exist", "PRODUCT_DOES_NOT_EXIST"));
    };
    let standalone = p.variants.len() == 1;
    let is_default = standalone && p.variants[0].option_values == ["Default Title"];
    let remove = match strategy {
        ProductVariantsBulkCreateStrategy::Default => is_default,
        ProductVariantsBulkCreateStrategy::RemoveStandaloneVariant => standalone,
        ProductVariantsBulkCreateStrategy::PreserveStandaloneVariant => false,
    };
    if remove {
        p.variants.clear();
        if is_default && p.options.len() == 1 && p.options[0].name == "Title" {
            // Creating real variants replaces the "Title" placeholder option.
            let names: Vec<String> = inputs.iter().flat_map(|v| v.option_values.iter().flatten()).filter_map(|o| o.option_name.clone()).collect();
            let mut uniq: Vec<String> = vec![];
            names.into_iter().for_each(|n| {
                if !uniq.contains(&n) {
                    uniq.push(n)
                }
            });
            p.options = uniq.into_iter().map(|n| ProdOption { id: g.world.next_id(), name: n, values: vec![] }).collect();
        }
    }
    if p.options.len() > MAX_OPTIONS {
        return Err(fail(&["variants"], format!("Can only specify a maximum of {MAX_OPTIONS} options"), "OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS"));
    }
    let max = g.read(|s| s.limits.max_product_variants);
    if p.variants.len() + inputs.len() > max {
        return Err(fail(&["variants"], format!("You can only have a maximum of {max} variants per product"), "INVALID_INPUT"));
    }
    if !g.write(|s| admit_new_variants(s, inputs.len(), g.world.clock.now_ms())) {
        return Err(variant_throttle());
    }
    let mut created = Vec::new();
    for (i, v) in inputs.iter().enumerate() {
        let values = combo(&mut p.options, v.option_values.as_deref().unwrap_or(&[]), true)
            .map_err(|m| fail(&["variants", &i.to_string(), "optionValues"], m, "INVALID"))?;
        if p.variants.iter().any(|x| x.option_values == values) {
            return Err(fail(&["variants", &i.to_string()], format!("The variant '{}' already exists.", values.join(" / ")), "VARIANT_ALREADY_EXISTS"));
        }
        let sku = v.inventory_item.as_ref().and_then(|x| x.sku.clone());
        let lines = v.inventory_quantities.as_deref().unwrap_or(&[]);
        let mut stocked_at = None;
        for (j, line) in lines.iter().enumerate() {
            let found = parse_gid(&line.location_id).and_then(|id| g.read(|s| s.active_location(id).map(|l| l.id)));
            let Some(id) = found else {
                let at = ["variants".to_string(), i.to_string(), "inventoryQuantities".into(), j.to_string(), "locationId".into()];
                let at: Vec<&str> = at.iter().map(String::as_str).collect();
                return Err(fail(&at, "Quantity could not be set. The location was not found.", "TRACKED_VARIANT_LOCATION_NOT_FOUND"));
            };
            stocked_at = Some(id);
        }
        let qty = lines.iter().map(|q| q.available_quantity as i64).sum();
        let mut nv = variant(g, values, v.price.as_deref(), v.compare_at_price.as_deref(), sku, qty);
        nv.barcode = v.barcode.clone();
        nv.stocked_at = stocked_at;
        created.push(nv.clone());
        p.variants.push(nv);
    }
    p.updated_ms = g.now_ms();
    let out = p.clone();
    g.write(|s| {
        s.products.insert(p.id, p);
    });
    Ok((out, created))
}
