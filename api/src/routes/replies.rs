//! The small answers many routes share, typed so the OpenAPI document (and the web's generated
//! types) say what `data` holds.
use domain::store::stores::Store;
use serde::Serialize;
use utoipa::ToSchema;

/// `{url}`: where to send the browser next.
#[derive(Serialize, ToSchema)]
pub struct UrlReply {
    pub url: String,
}

/// `{progress_id}`: the job that was started, followed through the progress calls.
#[derive(Serialize, ToSchema)]
pub struct ProgressReply {
    pub progress_id: i64,
}

/// `{store}`: the store as it is now.
#[derive(Serialize, ToSchema)]
pub struct StoreReply {
    pub store: Store,
}

/// `{stores}`: the workplace's stores, the default first.
#[derive(Serialize, ToSchema)]
pub struct StoresReply {
    pub stores: Vec<Store>,
}

/// `{ids}`: the favourites' keys (`source:productId`), newest first.
#[derive(Serialize, ToSchema)]
pub struct FavouriteIds {
    pub ids: Vec<String>,
}

/// `{keywords}`: search words to offer.
#[derive(Serialize, ToSchema)]
pub struct Keywords {
    pub keywords: Vec<String>,
}

/// `{packages}`: the plans on offer.
#[derive(Serialize, ToSchema)]
pub struct Packages {
    pub packages: Vec<domain::plans::PackageView>,
}

/// `{package}`: the workplace's plan with this cycle's usage.
#[derive(Serialize, ToSchema)]
pub struct PackageReply {
    pub package: domain::plans::PackageView,
}

/// `{flows}`: the workplace's order automation flows.
#[derive(Serialize, ToSchema)]
pub struct Flows {
    pub flows: Vec<domain::orders::automation_flows::Flow>,
}

/// `{items}`: catalogue products whose main image looks like the one given, closest first.
#[derive(Serialize, ToSchema)]
pub struct ImageMatches {
    pub items: Vec<domain::catalogue::image_search::ImageMatch>,
}

/// `{items}`: supplier orders being placed, with their state.
#[derive(Serialize, ToSchema)]
pub struct Placements {
    pub items: Vec<domain::orders::place::PlacementItem>,
}

/// `{updated}`: how many rows the call changed.
#[derive(Serialize, ToSchema)]
pub struct Updated {
    pub updated: u64,
}
