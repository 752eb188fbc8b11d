//! Shopify's enums of the output fields, with its GraphQL names and values (the Rust variants
//! are spelled as the values, so a client that switches on `status: ACTIVE` reads the same here).
//! Only values that exist in Shopify's schema of the targeted version; the contract test
//! (`tests/tests/shopify_contract.rs`) holds each one to it. The model keeps plain strings; a
//! resolver parses them here, so a value the sandbox could not have set shows as a bug at once.

/// An enum of Shopify's schema: `as_str` is its GraphQL value, `parse` and `of` read one back.
macro_rules! shopify_enum {
    ($($(#[$m:meta])* $name:ident { $($v:ident),* $(,)? })*) => {$(
        $(#[$m])*
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(async_graphql::Enum, Copy, Clone, Eq, PartialEq, Debug)]
        #[graphql(rename_items = "UPPERCASE")]
        pub enum $name { $($v),* }
        impl $name {
            pub fn as_str(self) -> &'static str {
                match self { $(Self::$v => stringify!($v)),* }
            }
            pub fn parse(s: &str) -> Option<Self> {
                match s { $(stringify!($v) => Some(Self::$v),)* _ => None }
            }
            /// For a non-null field: a value outside the enum is a sandbox bug, answered as an error.
            pub fn of(s: &str) -> async_graphql::Result<Self> {
                Self::parse(s).ok_or_else(|| format!("sandbox bug: {s:?} is no {} value", stringify!($name)).into())
            }
        }
    )*};
}
pub(crate) use shopify_enum;

shopify_enum! {
    CountPrecision { AT_LEAST, EXACT }
    ProductStatus { ACTIVE, ARCHIVED, DRAFT, UNLISTED }
    MediaContentType { EXTERNAL_VIDEO, IMAGE, MODEL_3D, VIDEO }
    MediaStatus { FAILED, PROCESSING, READY, UPLOADED }
    /// `OPEN` and `PENDING` are deprecated on Shopify and never set here.
    FulfillmentStatus { CANCELLED, ERROR, FAILURE, SUCCESS }
    FulfillmentOrderStatus { CANCELLED, CLOSED, INCOMPLETE, IN_PROGRESS, ON_HOLD, OPEN, SCHEDULED }
    FulfillmentOrderRequestStatus {
        ACCEPTED, CANCELLATION_ACCEPTED, CANCELLATION_REJECTED, CANCELLATION_REQUESTED, CLOSED, REJECTED,
        SUBMITTED, UNSUBMITTED,
    }
    OrderCancelReason { CUSTOMER, DECLINED, FRAUD, INVENTORY, OTHER, STAFF }
    OrderDisplayFinancialStatus { AUTHORIZED, EXPIRED, PAID, PARTIALLY_PAID, PARTIALLY_REFUNDED, PENDING, REFUNDED, VOIDED }
    OrderDisplayFulfillmentStatus {
        FULFILLED, IN_PROGRESS, ON_HOLD, OPEN, PARTIALLY_FULFILLED, PENDING_FULFILLMENT, REQUEST_DECLINED, RESTOCKED,
        SCHEDULED, UNFULFILLED,
    }
    WebhookSubscriptionFormat { JSON, XML }
    /// The codes the sandbox's productSet answers (Shopify's enum has more).
    ProductSetUserErrorCode {
        HANDLE_NOT_UNIQUE, INVALID_INPUT, INVALID_PRODUCT, INVALID_VARIANT, NOT_FOUND, OPTIONS_OVER_LIMIT,
        PRODUCT_DOES_NOT_EXIST, VARIANTS_OVER_LIMIT,
    }
    /// The codes the sandbox's productVariantsBulkCreate answers.
    ProductVariantsBulkCreateUserErrorCode {
        INVALID, INVALID_INPUT, OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS, PRODUCT_DOES_NOT_EXIST,
        TRACKED_VARIANT_LOCATION_NOT_FOUND, VARIANT_ALREADY_EXISTS,
    }
    BulkOperationStatus { CANCELED, CANCELING, COMPLETED, CREATED, EXPIRED, FAILED, RUNNING }
    BulkOperationType { MUTATION, QUERY }
    BulkOperationErrorCode { ACCESS_DENIED, INTERNAL_SERVER_ERROR, TIMEOUT }
    /// The codes the sandbox's bulkOperationRunMutation answers.
    BulkMutationErrorCode { INVALID_MUTATION, INVALID_STAGED_UPLOAD_FILE, LIMIT_REACHED, NO_SUCH_FILE, OPERATION_IN_PROGRESS }
    /// The codes the sandbox's productVariantsBulkUpdate answers.
    ProductVariantsBulkUpdateUserErrorCode { PRODUCT_DOES_NOT_EXIST, PRODUCT_VARIANT_DOES_NOT_EXIST }
}
