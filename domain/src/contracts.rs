//! Every GraphQL document Dropline sends to Shopify, by name. The contract test
//! (`tests/tests/shopify_contract.rs`) validates each against Shopify's published Admin schema
//! of the version Dropline targets, so a query Shopify would refuse (or a deprecated field it
//! will drop) fails CI instead of a store owner's push.
use crate::connectors::stores::{
    catalog, orders, shopify, shopify_billing, shopify_bulk, shopify_listings, shopify_locations, shopify_media, store_copy, store_meta,
};
use crate::tracking::writeback_shopify;

pub fn shopify_documents() -> Vec<(&'static str, String)> {
    vec![
        ("shop info", shopify::SHOP_INFO.into()),
        ("webhook subscription", shopify::SUBSCRIBE.into()),
        ("sales channels", shopify::PUBLICATIONS.into()),
        ("stock location", shopify_locations::LOCATIONS.into()),
        ("product upsert", shopify_listings::SET.into()),
        ("product by handle", shopify_listings::BY_HANDLE.into()),
        ("publish", shopify_listings::PUBLISH.into()),
        ("staged uploads", shopify_media::STAGED_UPLOADS.into()),
        ("bulk productSet line", shopify_bulk::SET_LINE.into()),
        ("bulk mutation run", shopify_bulk::RUN.into()),
        ("bulk operation status", shopify_bulk::STATUS.into()),
        ("unpublish", shopify_listings::UNPUBLISH.into()),
        ("store products page", catalog::SHOPIFY_PAGE.into()),
        ("pushed product read back", store_copy::SHOPIFY_PRODUCT.into()),
        ("custom collections", store_meta::SHOPIFY_COLLECTIONS.into()),
        ("product tags", store_meta::SHOPIFY_TAGS.into()),
        ("collection by title", store_meta::SHOPIFY_COLLECTION_BY_TITLE.into()),
        ("collection create", store_meta::SHOPIFY_COLLECTION_CREATE.into()),
        ("orders page", orders::shopify_orders_query()),
        ("fulfillments of an order", writeback_shopify::FULFILLMENTS.into()),
        ("fulfillment orders of an order", writeback_shopify::FULFILLMENT_ORDERS.into()),
        ("fulfillment create", writeback_shopify::CREATE.into()),
        ("tracking update", writeback_shopify::UPDATE.into()),
        ("app subscription create", shopify_billing::CREATE.into()),
        ("active app subscriptions", shopify_billing::ACTIVE.into()),
        ("app subscription cancel", shopify_billing::CANCEL.into()),
        ("app usage record", shopify_billing::USAGE_RECORD.into()),
    ]
}
