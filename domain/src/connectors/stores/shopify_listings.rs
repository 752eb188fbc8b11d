//! Pushing a listing to a Shopify shop: `productSet` (declarative create or replace), found
//! again and upserted by Dropline's handle so a retried or doubled push updates instead of
//! creating a twin, and published to the chosen sales channels (publications).
use serde_json::{Value, json};

use super::shopify::{Admin, ShopifyError};
use crate::connectors::listing::{Listing, PushError, money};

/// What an upsert answers when Shopify no longer knows the stock location it was given (the
/// merchant deactivated or deleted it): the caller reads the locations again and retries.
pub const LOCATION_GONE: &str = "The store's stock location is no longer active";

/// What an upsert answers when the shop no longer has the video an earlier push made (the
/// merchant deleted it): the caller forgets it, and the next try uploads the video again.
pub const VIDEO_GONE: &str = "The store no longer has the product's video";

/// Shopify allows at most three options per product.
pub const MAX_OPTIONS: usize = 3;

pub const SET: &str = "mutation($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
    productSet(identifier: $identifier, input: $input, synchronous: true) {
    product { id handle onlineStoreUrl media(last: 1) { nodes { id mediaContentType } } } userErrors { field message code } } }";

pub const BY_HANDLE: &str = "query($handle: String!) { productByIdentifier(identifier: { handle: $handle }) { id } }";
pub const PUBLISH: &str = "mutation($id: ID!, $input: [PublicationInput!]!) { publishablePublish(id: $id, input: $input) { userErrors { field message } } }";
pub const UNPUBLISH: &str =
    "mutation($id: ID!, $input: [PublicationInput!]!) { publishableUnpublish(id: $id, input: $input) { userErrors { field message } } }";

/// The product's video as `productSet` names it: a file just staged (its `resourceUrl`), or the
/// media an earlier push made (its id), which keeps it without uploading it again. `productSet`'s
/// `files` is a list field: whatever the input leaves out is removed from the product.
#[derive(Debug, Clone, PartialEq)]
pub enum VideoFile {
    Staged(String),
    Existing(String),
}

/// What an upsert made: the product, and its video media when one was sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Upserted {
    pub id: String,
    pub video_media_id: Option<String>,
}

pub fn failed(e: ShopifyError) -> PushError {
    match e {
        ShopifyError::Revoked => PushError::Revoked("Shopify no longer accepts Dropline's access to this store; connect it again".into()),
        ShopifyError::Throttled(wait) => PushError::Throttled(wait),
        ShopifyError::Failed(m) => PushError::Unavailable(m),
    }
}

/// GraphQL-level errors (bad query, access) refuse the product; they will not pass on retry.
pub(super) fn refused(answer: &Value, what: &str) -> Result<(), PushError> {
    match answer["errors"].as_array().and_then(|e| e.first()) {
        Some(e) if e["extensions"]["code"] == "VARIANT_THROTTLE_EXCEEDED" => Err(PushError::DailyLimit(until_tomorrow(chrono::Utc::now()))),
        Some(e) => Err(PushError::Rejected(format!("Shopify refused {what}: {}", e["message"].as_str().unwrap_or("error")))),
        None => Ok(()),
    }
}

/// Shopify's allowance of new variants is per day: it is asked again just after midnight UTC.
fn until_tomorrow(now: chrono::DateTime<chrono::Utc>) -> std::time::Duration {
    let tomorrow = (now.date_naive() + chrono::Days::new(1)).and_hms_opt(0, 5, 0).expect("a valid time").and_utc();
    (tomorrow - now).to_std().unwrap_or(std::time::Duration::from_secs(3600))
}

pub(super) fn user_errors(payload: &Value, what: &str) -> Result<(), PushError> {
    let errors: Vec<String> = payload["userErrors"].as_array().into_iter().flatten().filter_map(|e| e["message"].as_str().map(str::to_string)).collect();
    if errors.is_empty() { Ok(()) } else { Err(PushError::Rejected(format!("Shopify refused {what}: {}", errors.join("; ")))) }
}

/// `productSet` input: options, variants with SKU, prices and stock at `location` (a Location
/// id), images and the video, and the status that publishes or keeps it a draft.
pub fn set_input(l: &Listing, location: &str, video: Option<&VideoFile>) -> Result<Value, PushError> {
    if l.options.len() > MAX_OPTIONS {
        return Err(PushError::Rejected(format!(
            "Shopify allows at most {MAX_OPTIONS} options and this product has {}; remove or merge options in the editor",
            l.options.len()
        )));
    }
    let (options, names): (Vec<Value>, Vec<String>) = if l.options.is_empty() {
        (vec![json!({ "name": "Title", "values": [{ "name": "Default Title" }] })], vec!["Title".into()])
    } else {
        let opts = l.options.iter().enumerate().map(|(i, name)| {
            let mut values: Vec<&str> = vec![];
            for v in &l.variants {
                let value = v.option_values[i].as_str();
                if !values.contains(&value) {
                    values.push(value);
                }
            }
            json!({ "name": name, "position": i + 1, "values": values.iter().map(|v| json!({ "name": v })).collect::<Vec<_>>() })
        });
        (opts.collect(), l.options.clone())
    };
    let variants: Vec<Value> = l
        .variants
        .iter()
        .map(|v| {
            let values: Vec<Value> = if l.options.is_empty() {
                vec![json!({ "optionName": "Title", "name": "Default Title" })]
            } else {
                names.iter().zip(&v.option_values).map(|(n, value)| json!({ "optionName": n, "name": value })).collect()
            };
            json!({
                "optionValues": values,
                "price": money(v.price_cents),
                "compareAtPrice": v.compare_at_cents.map(money),
                "sku": v.sku,
                "inventoryItem": { "sku": v.sku, "tracked": true },
                "inventoryQuantities": [{ "locationId": location, "name": "available", "quantity": v.stock }],
            })
        })
        .collect();
    let input = json!({
        "handle": l.key,
        "title": l.title,
        "descriptionHtml": l.description_html,
        "vendor": l.vendor,
        "productType": l.product_type,
        "tags": l.tags,
        "status": if l.publish { "ACTIVE" } else { "DRAFT" },
        "productOptions": options,
        "variants": variants,
        "files": files(l, video),
    });
    Ok(input)
}

fn files(l: &Listing, video: Option<&VideoFile>) -> Vec<Value> {
    let mut files: Vec<Value> = l.images.iter().map(|u| json!({ "originalSource": u, "contentType": "IMAGE" })).collect();
    match video {
        Some(VideoFile::Staged(resource_url)) => files.push(json!({ "originalSource": resource_url, "contentType": "VIDEO", "alt": l.title })),
        Some(VideoFile::Existing(id)) => files.push(json!({ "id": id })),
        None => {}
    }
    files
}

/// The product the shop holds under `handle`, if any.
pub async fn find(admin: &Admin, handle: &str) -> Result<Option<String>, PushError> {
    // One object, no connections: Shopify charges 1 point.
    let a = admin.graphql_costed(BY_HANDLE, json!({ "handle": handle }), 1.0).await.map_err(failed)?;
    refused(&a, "the product lookup")?;
    Ok(a["data"]["productByIdentifier"]["id"].as_str().map(str::to_string))
}

/// Creates or replaces the product; `existing` is the id recorded by an earlier push.
/// Returns the product's id, and the id of its video media when `video` was sent.
///
/// Without a recorded id, a 1-point lookup comes first: its answer tells the pacer what the
/// shop's bucket holds before a 10-point write is spent. The write then upserts by handle
/// (productSet's identifier, 2025-04+), so two runs at once still leave one product.
pub async fn upsert(admin: &Admin, l: &Listing, existing: Option<&str>, location: &str, video: Option<&VideoFile>) -> Result<Upserted, PushError> {
    let found = match existing {
        Some(id) => Some(id.to_string()),
        None => find(admin, &l.key).await?,
    };
    let identifier = match found {
        Some(id) => json!({ "id": id }),
        None => json!({ "handle": l.key }),
    };
    let mut input = set_input(l, location, video)?;
    // productSet's `collections` is the whole membership: sent only when the product names
    // some, so a product without any leaves what the merchant arranged in Shopify alone.
    if !l.collections.is_empty() {
        input["collections"] = json!(super::store_meta::shopify_collection_ids(admin, &l.collections).await?);
    }
    let a = admin.graphql(SET, json!({ "identifier": identifier, "input": input })).await.map_err(failed)?;
    refused(&a, "the product")?;
    let payload = &a["data"]["productSet"];
    let errors = payload["userErrors"].as_array().into_iter().flatten();
    if errors.clone().any(|e| e["field"].as_array().is_some_and(|f| f.last() == Some(&json!("locationId")))) {
        return Err(PushError::Unavailable(LOCATION_GONE.into()));
    }
    let names_a_file_by_id = |f: &Vec<Value>| f.iter().any(|x| x == "files") && f.last() == Some(&json!("id"));
    if matches!(video, Some(VideoFile::Existing(_))) && errors.clone().any(|e| e["field"].as_array().is_some_and(names_a_file_by_id)) {
        return Err(PushError::Unavailable(VIDEO_GONE.into()));
    }
    user_errors(payload, "the product")?;
    let id = payload["product"]["id"].as_str().map(str::to_string).ok_or_else(|| PushError::Unavailable("Shopify answered without the product".into()))?;
    // Dropline sends one video a product, after the images: the last media is that one.
    let last = &payload["product"]["media"]["nodes"][0];
    let video_media_id = video.filter(|_| last["mediaContentType"] == "VIDEO").and_then(|_| last["id"].as_str()).map(str::to_string);
    Ok(Upserted { id, video_media_id })
}

/// Publishes the product on the given publications, or takes it off them.
pub async fn publish(admin: &Admin, product_id: &str, publications: &[String], on: bool) -> Result<(), PushError> {
    if publications.is_empty() {
        return Ok(());
    }
    let input: Vec<Value> = publications.iter().map(|p| json!({ "publicationId": p })).collect();
    let a = admin.graphql(if on { PUBLISH } else { UNPUBLISH }, json!({ "id": product_id, "input": input })).await.map_err(failed)?;
    refused(&a, "the sales channels")?;
    let key = if on { "publishablePublish" } else { "publishableUnpublish" };
    user_errors(&a["data"][key], "the sales channels")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connectors::listing::ListingVariant;

    fn listing(options: &[&str]) -> Listing {
        Listing {
            key: "lamp-dl1".into(),
            title: "Lamp".into(),
            description_html: String::new(),
            tags: vec![],
            collections: vec![],
            product_type: String::new(),
            vendor: String::new(),
            options: options.iter().map(|o| o.to_string()).collect(),
            images: vec!["http://img/1.jpg".into()],
            video: None,
            variants: vec![ListingVariant {
                sku: "DL-1".into(),
                option_values: options.iter().map(|_| "Red".to_string()).collect(),
                price_cents: 1299,
                compare_at_cents: Some(1999),
                stock: 4,
                image: None,
            }],
            publish: false,
            currency: "USD".into(),
        }
    }

    #[test]
    fn a_product_without_options_gets_shopifys_default_title_option() {
        let input = set_input(&listing(&[]), "gid://shopify/Location/7", None).unwrap();
        assert_eq!(input["productOptions"][0]["name"], "Title");
        assert_eq!(input["variants"][0]["inventoryQuantities"][0]["locationId"], "gid://shopify/Location/7", "Shopify requires it");
        assert_eq!(input["variants"][0]["optionValues"][0]["name"], "Default Title");
        assert_eq!(input["variants"][0]["price"], "12.99");
        assert_eq!(input["variants"][0]["compareAtPrice"], "19.99");
        assert_eq!(input["status"], "DRAFT");
        assert!(input.get("id").is_none());
    }

    #[test]
    fn more_than_three_options_are_refused_before_calling_shopify() {
        assert!(matches!(set_input(&listing(&["a", "b", "c", "d"]), "L", None), Err(PushError::Rejected(_))));
        assert_eq!(set_input(&listing(&["Color"]), "L", None).unwrap()["productOptions"][0]["name"], "Color");
    }

    #[test]
    fn a_video_goes_up_once_and_is_kept_by_its_id_afterwards() {
        let l = listing(&[]);
        let staged = set_input(&l, "L", Some(&VideoFile::Staged("https://storage/v?external_video_id=3".into()))).unwrap();
        assert_eq!(staged["files"][1], json!({ "originalSource": "https://storage/v?external_video_id=3", "contentType": "VIDEO", "alt": "Lamp" }));
        let kept = set_input(&l, "L", Some(&VideoFile::Existing("gid://shopify/Video/9".into()))).unwrap();
        assert_eq!(kept["files"][1], json!({ "id": "gid://shopify/Video/9" }));
        assert_eq!(set_input(&l, "L", None).unwrap()["files"].as_array().unwrap().len(), 1, "no video, none kept");
    }
}
