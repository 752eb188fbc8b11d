mod account;
mod ai_writing;
mod aliexpress;
mod auth;
mod automation;
mod billing;
mod channels;
mod core;
mod ebay;
mod find;
mod galleries;
mod image_tools;
mod inspect;
mod log;
mod mapping;
mod misc;
mod notifications;
mod order_automation;
mod order_cancel;
mod order_placement;
mod orders;
mod plans;
mod product_center;
mod products;
mod progress;
mod push;
mod replies;
mod replies_setup;
mod social;
mod store_meta;
pub mod stores;
mod tracking;
mod tracking_import;
mod wallet;
mod webhooks;

use utoipa_axum::router::OpenApiRouter;

pub use galleries::file as gallery_file;

use crate::startup::AppState;

/// Every `/api` route, each registered with its OpenAPI description.
pub fn api(dev_outbox: bool) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(social::router())
        .merge(stores::router())
        .merge(inspect::router())
        .merge(channels::router())
        .merge(find::router())
        .merge(products::router())
        .merge(galleries::router())
        .merge(image_tools::router())
        .merge(plans::router())
        .merge(billing::router())
        .merge(mapping::router())
        .merge(push::router())
        .merge(product_center::router())
        .merge(store_meta::router())
        .merge(orders::router())
        .merge(order_placement::router())
        .merge(aliexpress::router())
        .merge(ebay::router())
        .merge(tracking::router())
        .merge(tracking_import::router())
        .merge(order_automation::router())
        .merge(order_cancel::router())
        .merge(automation::router())
        .merge(ai_writing::router())
        .merge(webhooks::router())
        .merge(wallet::router())
        .merge(account::router())
        .merge(core::router())
        .merge(notifications::router())
        .merge(progress::router())
        .merge(log::router())
        .merge(misc::router(dev_outbox))
}

/// The page and page size a list call asked for: page 1 and 20 a page unless it says, at most
/// 100 a page; a page beyond `paging::MAX_PAGE` is refused naming `page`.
fn page_and_size(page: Option<i64>, page_size: Option<i64>) -> Result<(i64, i64), domain::Error> {
    let page = domain::values::paging::page(page).map_err(|m| domain::Error::field("page", m))?;
    Ok((page, page_size.unwrap_or(20).clamp(1, 100)))
}
