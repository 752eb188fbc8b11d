//! Input objects and enums, named as in Shopify's schema so clients'
//! variable declarations (`$input: ProductSetInput!`) validate.
use super::scalars::{DateTime, Money, UnsignedInt64, Url};
use async_graphql::{Enum, ID, InputObject};

pub use super::enums::{ProductStatus, WebhookSubscriptionFormat};

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum ProductVariantsBulkCreateStrategy {
    Default,
    RemoveStandaloneVariant,
    PreserveStandaloneVariant,
}

macro_rules! topics {
    ($($v:ident => $s:literal),* $(,)?) => {
        #[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
        pub enum WebhookSubscriptionTopic { $($v),* }
        impl WebhookSubscriptionTopic {
            pub fn as_str(self) -> &'static str { match self { $(Self::$v => $s),* } }
            pub fn from_str(s: &str) -> Option<Self> { match s { $($s => Some(Self::$v),)* _ => None } }
        }
    };
}

topics! {
    OrdersCreate => "ORDERS_CREATE", OrdersCancelled => "ORDERS_CANCELLED", OrdersUpdated => "ORDERS_UPDATED",
    OrdersPaid => "ORDERS_PAID", OrdersFulfilled => "ORDERS_FULFILLED", AppUninstalled => "APP_UNINSTALLED",
    ProductsCreate => "PRODUCTS_CREATE", ProductsUpdate => "PRODUCTS_UPDATE", ProductsDelete => "PRODUCTS_DELETE",
    FulfillmentsCreate => "FULFILLMENTS_CREATE", FulfillmentsUpdate => "FULFILLMENTS_UPDATE", ShopUpdate => "SHOP_UPDATE",
    LocationsCreate => "LOCATIONS_CREATE", LocationsUpdate => "LOCATIONS_UPDATE", LocationsDelete => "LOCATIONS_DELETE",
    LocationsActivate => "LOCATIONS_ACTIVATE", LocationsDeactivate => "LOCATIONS_DEACTIVATE",
    AppSubscriptionsUpdate => "APP_SUBSCRIPTIONS_UPDATE", BulkOperationsFinish => "BULK_OPERATIONS_FINISH",
}

#[derive(InputObject, Clone, Default)]
pub struct OptionValueCreateInput {
    pub name: Option<String>,
}

#[derive(InputObject, Clone, Default)]
pub struct OptionCreateInput {
    pub name: Option<String>,
    pub position: Option<i32>,
    pub values: Option<Vec<OptionValueCreateInput>>,
}

/// The product inputs share their fields; `ProductCreateInput` has no `id` and
/// `ProductUpdateInput` no `productOptions`, as on Shopify. The fields before and after the
/// shared ones keep each input's field order (introspection lists them in that order).
macro_rules! product_input {
    ($name:ident { $($extra:ident: $ty:ty),* } $({ $($after:ident: $aty:ty),* })?) => {
        #[derive(InputObject, Clone, Default)]
        pub struct $name {
            $(pub $extra: $ty,)*
            pub title: Option<String>,
            pub description_html: Option<String>,
            pub handle: Option<String>,
            pub vendor: Option<String>,
            pub product_type: Option<String>,
            pub status: Option<ProductStatus>,
            pub tags: Option<Vec<String>>,
            $($(pub $after: $aty,)*)?
        }
    };
}
product_input!(ProductInput { id: Option<ID>, product_options: Option<Vec<OptionCreateInput>> });
product_input!(ProductCreateInput { product_options: Option<Vec<OptionCreateInput>> });
product_input!(ProductUpdateInput { id: Option<ID> });

/// The fields all three product inputs share.
pub struct ProductFields {
    pub id: Option<ID>,
    pub title: Option<String>,
    pub description_html: Option<String>,
    pub handle: Option<String>,
    pub vendor: Option<String>,
    pub product_type: Option<String>,
    pub status: Option<ProductStatus>,
    pub tags: Option<Vec<String>>,
    pub product_options: Option<Vec<OptionCreateInput>>,
}

macro_rules! into_fields {
    ($t:ident, $i:ident => $id:expr, $options:expr) => {
        impl From<$t> for ProductFields {
            fn from($i: $t) -> Self {
                ProductFields {
                    id: $id,
                    product_options: $options,
                    title: $i.title,
                    description_html: $i.description_html,
                    handle: $i.handle,
                    vendor: $i.vendor,
                    product_type: $i.product_type,
                    status: $i.status,
                    tags: $i.tags,
                }
            }
        }
    };
}
into_fields!(ProductInput, i => i.id, i.product_options);
into_fields!(ProductCreateInput, i => None, i.product_options);
into_fields!(ProductUpdateInput, i => i.id, None);

#[derive(InputObject, Clone)]
pub struct ProductDeleteInput {
    pub id: ID,
}

#[derive(InputObject, Clone, Default)]
pub struct OptionValueSetInput {
    pub name: Option<String>,
}

#[derive(InputObject, Clone, Default)]
pub struct OptionSetInput {
    pub id: Option<ID>,
    pub name: Option<String>,
    pub position: Option<i32>,
    pub values: Option<Vec<OptionValueSetInput>>,
}

#[derive(InputObject, Clone, Default)]
pub struct VariantOptionValueInput {
    pub option_name: Option<String>,
    pub name: Option<String>,
    pub option_id: Option<ID>,
    pub id: Option<ID>,
}

#[derive(InputObject, Clone, Default)]
pub struct InventoryItemInput {
    pub sku: Option<String>,
    pub tracked: Option<bool>,
}

#[derive(InputObject, Clone, Default)]
pub struct ProductSetInventoryInput {
    pub location_id: ID,
    pub name: String,
    pub quantity: i32,
}

#[derive(InputObject, Clone, Default)]
pub struct ProductVariantSetInput {
    pub id: Option<ID>,
    pub option_values: Vec<VariantOptionValueInput>,
    pub price: Option<Money>,
    pub compare_at_price: Option<Money>,
    pub sku: Option<String>,
    pub barcode: Option<String>,
    pub inventory_item: Option<InventoryItemInput>,
    pub inventory_quantities: Option<Vec<ProductSetInventoryInput>>,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum FileContentType {
    Image,
    File,
    Video,
    ExternalVideo,
    #[graphql(name = "MODEL_3D")]
    Model3d,
}

/// A product file of `productSet`: Shopify downloads `originalSource` into the product's media.
#[derive(InputObject, Clone, Default)]
pub struct FileSetInput {
    pub id: Option<ID>,
    pub original_source: Option<String>,
    pub alt: Option<String>,
    pub content_type: Option<FileContentType>,
    pub filename: Option<String>,
}

/// What a staged upload becomes (`stagedUploadsCreate`); the sandbox stages `VIDEO` and
/// `BULK_MUTATION_VARIABLES` only.
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum StagedUploadTargetGenerateUploadResource {
    BulkMutationVariables,
    CollectionImage,
    DisputeFileUpload,
    File,
    Image,
    #[graphql(name = "MODEL_3D")]
    Model3d,
    ReturnLabel,
    ShopImage,
    UrlRedirectImport,
    Video,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum StagedUploadHttpMethodType {
    Post,
    Put,
}

/// One file to stage. Shopify's `httpMethod` defaults to PUT; `fileSize` is required for VIDEO.
#[derive(InputObject, Clone)]
pub struct StagedUploadInput {
    pub file_size: Option<UnsignedInt64>,
    pub filename: String,
    pub http_method: Option<StagedUploadHttpMethodType>,
    pub mime_type: String,
    pub resource: StagedUploadTargetGenerateUploadResource,
}

/// `productByIdentifier(identifier:)`: a product by id or by handle.
#[derive(InputObject, Clone, Default)]
pub struct ProductIdentifierInput {
    pub id: Option<ID>,
    pub handle: Option<String>,
}

/// `productSet(identifier:)` (2025-04+): the product to upsert, by id or by handle.
#[derive(InputObject, Clone, Default)]
pub struct ProductSetIdentifiers {
    pub id: Option<ID>,
    pub handle: Option<String>,
}

product_input!(ProductSetInput { id: Option<ID> } {
    product_options: Option<Vec<OptionSetInput>>,
    variants: Option<Vec<ProductVariantSetInput>>,
    files: Option<Vec<FileSetInput>>,
    collections: Option<Vec<ID>>
});

#[derive(InputObject, Clone, Default)]
pub struct InventoryLevelInput {
    pub available_quantity: i32,
    pub location_id: ID,
}

#[derive(InputObject, Clone, Default)]
pub struct ProductVariantsBulkInput {
    pub id: Option<ID>,
    pub option_values: Option<Vec<VariantOptionValueInput>>,
    pub price: Option<Money>,
    pub compare_at_price: Option<Money>,
    pub barcode: Option<String>,
    pub inventory_item: Option<InventoryItemInput>,
    pub inventory_quantities: Option<Vec<InventoryLevelInput>>,
}

#[derive(InputObject, Clone)]
pub struct PublicationInput {
    pub publication_id: Option<ID>,
    pub publish_date: Option<DateTime>,
}

#[derive(InputObject, Clone, Default)]
pub struct FulfillmentTrackingInput {
    pub company: Option<String>,
    pub number: Option<String>,
    pub numbers: Option<Vec<String>>,
    pub url: Option<Url>,
    pub urls: Option<Vec<Url>>,
}

#[derive(InputObject, Clone)]
pub struct FulfillmentOrderLineItemInput {
    pub id: ID,
    pub quantity: i32,
}

#[derive(InputObject, Clone)]
pub struct FulfillmentOrderLineItemsInput {
    pub fulfillment_order_id: ID,
    pub fulfillment_order_line_items: Option<Vec<FulfillmentOrderLineItemInput>>,
}

macro_rules! fulfillment_input {
    ($name:ident) => {
        #[derive(InputObject, Clone)]
        pub struct $name {
            pub line_items_by_fulfillment_order: Vec<FulfillmentOrderLineItemsInput>,
            pub tracking_info: Option<FulfillmentTrackingInput>,
            pub notify_customer: Option<bool>,
        }
    };
}
fulfillment_input!(FulfillmentInput);
fulfillment_input!(FulfillmentV2Input);

#[derive(InputObject, Clone)]
pub struct WebhookSubscriptionInput {
    #[graphql(deprecation = "Use `uri` instead.")]
    pub callback_url: Option<Url>,
    pub uri: Option<String>,
    pub format: Option<WebhookSubscriptionFormat>,
    pub include_fields: Option<Vec<String>>,
}
