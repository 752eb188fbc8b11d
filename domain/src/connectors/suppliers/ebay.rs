//! eBay Buy Browse API at `{ebay.api_url}/buy/browse/v1`, with an application token from the
//! OAuth2 client-credentials grant (`/identity/v1/oauth2/token`). Catalogue pages are
//! `item_summary/search` over one category; a listing is read with `item/v1|{id}|0`, or, when
//! eBay answers that it is an item group (11006), with `item/get_items_by_item_group`, one item
//! per variant. Shipping is estimated for the country named in `X-EBAY-C-ENDUSERCTX`.
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

use super::ebay_map::{freight_from, product_from, summary_from};
use super::{FreightOption, Product, SearchPage, SupplierError};
use crate::config::EbaySettings;

/// eBay's answer to getItem for a listing with variations: "use get_items_by_item_group".
const ITEM_GROUP: i64 = 11006;
/// Browse search pages stop at offset + limit = 10,000.
const SEARCH_WINDOW: i64 = 10_000;

/// The scope Browse is read with, and the one the Order API's guest checkout needs.
const PUBLIC_SCOPE: &str = "https://api.ebay.com/oauth/api_scope";
pub(super) const GUEST_ORDER_SCOPE: &str = "https://api.ebay.com/oauth/api_scope/buy.guest.order";

/// An application token and when to buy the next one (they last two hours).
pub(super) type TokenSlot = Arc<Mutex<Option<(String, Instant)>>>;

#[derive(Clone)]
pub struct Ebay {
    pub(super) http: reqwest::Client,
    pub(super) settings: EbaySettings,
    token: TokenSlot,
    /// The guest-order token: asked for with its own scope only, so that Browse calls never
    /// carry the right to buy.
    pub(super) order_token: TokenSlot,
}

/// What eBay said about an item or group: found, a group (not an item), or no such listing.
enum Reply {
    Found(Value),
    Group,
    Missing,
}

pub(super) fn unavailable(e: impl std::fmt::Display) -> SupplierError {
    SupplierError::Unavailable(format!("ebay: {e}"))
}

fn encode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

impl Ebay {
    pub fn new(http: reqwest::Client, settings: EbaySettings) -> Self {
        Ebay { http, settings, token: Arc::default(), order_token: Arc::default() }
    }

    async fn token(&self) -> Result<String, SupplierError> {
        self.token_for(&self.token, PUBLIC_SCOPE).await
    }

    /// The client-credentials grant for `scope`, kept in `slot` until a minute before it lapses.
    pub(super) async fn token_for(&self, slot: &TokenSlot, scope: &str) -> Result<String, SupplierError> {
        let mut slot = slot.lock().await;
        if let Some((t, _)) = slot.as_ref().filter(|(_, until)| Instant::now() < *until) {
            return Ok(t.clone());
        }
        let url = format!("{}/identity/v1/oauth2/token", self.settings.api_url.trim_end_matches('/'));
        let form = [("grant_type", "client_credentials"), ("scope", scope)];
        let res = self.http.post(url).basic_auth(&self.settings.client_id, Some(&self.settings.client_secret)).form(&form).send().await.map_err(unavailable)?;
        let status = res.status();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        let token = body["access_token"]
            .as_str()
            .filter(|_| status.is_success())
            .ok_or_else(|| unavailable(format!("no application token ({status} {})", body["error"])))?;
        // A minute early, so that no call goes out with a token about to lapse.
        let life = Duration::from_secs(body["expires_in"].as_u64().unwrap_or(7200).saturating_sub(60));
        *slot = Some((token.to_string(), Instant::now() + life));
        Ok(token.to_string())
    }

    /// GET `{browse}/{path}` as a buyer in `country`; a token eBay refuses is bought again once.
    async fn get(&self, path: &str, country: &str) -> Result<Reply, SupplierError> {
        let url = format!("{}/buy/browse/v1/{path}", self.settings.api_url.trim_end_matches('/'));
        for _ in 0..2 {
            let res = self
                .http
                .get(&url)
                .bearer_auth(self.token().await?)
                .header("X-EBAY-C-MARKETPLACE-ID", &self.settings.marketplace_id)
                .header("X-EBAY-C-ENDUSERCTX", format!("contextualLocation=country%3D{country}"))
                .send()
                .await
                .map_err(unavailable)?;
            let status = res.status().as_u16();
            let body: Value = res.json().await.map_err(unavailable)?;
            let error_ids: Vec<i64> = body["errors"].as_array().map(|a| a.iter().filter_map(|e| e["errorId"].as_i64()).collect()).unwrap_or_default();
            match status {
                200..=299 => return Ok(Reply::Found(body)),
                401 => *self.token.lock().await = None,
                404 => return Ok(Reply::Missing),
                400 if error_ids.contains(&ITEM_GROUP) => return Ok(Reply::Group),
                _ => return Err(unavailable(format!("answered {status} {error_ids:?}"))),
            }
        }
        Err(unavailable("the application token is refused"))
    }

    /// The listing's items (several for an item group) with shipping estimated to `country` for
    /// `quantity` units (one for a group's items), its shared description, and whether it is a
    /// group.
    async fn items(&self, id: &str, country: &str, quantity: i64) -> Result<(Vec<Value>, Option<String>, bool), SupplierError> {
        let missing = || SupplierError::NotFound(format!("ebay:{id}"));
        let item = format!("item/{}?quantity_for_shipping_estimate={quantity}", encode(&format!("v1|{id}|0")));
        match self.get(&item, country).await? {
            Reply::Found(item) => Ok((vec![item], None, false)),
            Reply::Missing => Err(missing()),
            Reply::Group => match self.get(&format!("item/get_items_by_item_group?item_group_id={}", encode(id)), country).await? {
                Reply::Found(g) => {
                    let items = g["items"].as_array().cloned().filter(|i| !i.is_empty()).ok_or_else(missing)?;
                    Ok((items, g["commonDescriptions"][0]["description"].as_str().map(str::to_string), true))
                }
                _ => Err(missing()),
            },
        }
    }

    /// One page of the configured category (eBay's best-match order), as a US buyer sees it.
    pub async fn page(&self, page: i64, page_size: i64) -> Result<SearchPage, SupplierError> {
        let offset = (page - 1).max(0) * page_size;
        let path = format!("item_summary/search?category_ids={}&limit={page_size}&offset={offset}", encode(&self.settings.catalogue_category_id));
        let Reply::Found(body) = self.get(&path, "US").await? else { return Err(unavailable("item_summary/search found nothing to search")) };
        let items = body["itemSummaries"].as_array().map(|a| a.iter().map(summary_from).collect()).unwrap_or_default();
        // Pages past eBay's window cannot be read: the sync stops there.
        Ok(SearchPage { total: body["total"].as_i64().unwrap_or(0).min(SEARCH_WINDOW), items })
    }

    pub async fn product(&self, id: &str) -> Result<Product, SupplierError> {
        let (items, description, _) = self.items(id, "US", 1).await?;
        Ok(product_from(&items, description.as_deref()))
    }

    /// Shipping of `quantity` units to `country`, as eBay estimates it for the first item.
    pub async fn freight(&self, id: &str, country: &str, quantity: i64) -> Result<Vec<FreightOption>, SupplierError> {
        let (items, _, grouped) = self.items(id, country, quantity).await?;
        let mut first = items[0].clone();
        // A group's items come with one unit's estimate; ask the first item for the quantity.
        if grouped && quantity > 1 {
            let path = format!("item/{}?quantity_for_shipping_estimate={quantity}", encode(first["itemId"].as_str().unwrap_or_default()));
            if let Reply::Found(item) = self.get(&path, country).await? {
                first = item;
            }
        }
        freight_from(&first, country, chrono::Utc::now())
    }
}
