//! Where Dropline stocks a Shopify shop's products: the shop's primary location while it is
//! active, else the first active location that fulfils online orders, else any active one.
//! Reading locations needs the `read_locations` scope (Admin API 2024-07 and later). The same
//! read takes the shop's own limit on variants per product (`shop.resourceLimits`), which
//! decides whether a product must be split.
use serde_json::{Value, json};

use super::shopify::{Admin, ShopifyError};

/// The primary location (`location` without an id), the first active ones and the shop's
/// variant limit, in one read.
pub const LOCATIONS: &str = "query StockLocation {
  shop { resourceLimits { maxProductVariants } }
  location { id name isActive fulfillsOnlineOrders }
  locations(first: 10) { nodes { id name isActive fulfillsOnlineOrders } } }";

#[derive(Debug, Clone, PartialEq)]
pub struct StockLocation {
    pub id: String,
    pub name: String,
    /// The shop's `maxProductVariants`.
    pub max_variants: Option<i32>,
}

#[derive(Debug)]
pub enum LocationError {
    /// The shop could not be read (outage, throttle, revoked access).
    Shop(ShopifyError),
    /// The owner must act: grant the scope by connecting again, or add a location.
    NeedsOwner(String),
}

pub async fn stock_location(admin: &Admin) -> Result<StockLocation, LocationError> {
    let a = admin.graphql(LOCATIONS, json!({})).await.map_err(LocationError::Shop)?;
    if let Some(e) = a["errors"].as_array().and_then(|e| e.first()) {
        return Err(match e["extensions"]["code"].as_str() {
            Some("ACCESS_DENIED") => LocationError::NeedsOwner(
                "Dropline may not read this store's locations, which Shopify needs to stock pushed products; connect the store again to grant it".into(),
            ),
            _ => LocationError::Shop(ShopifyError::Failed(format!("Shopify refused to list locations: {}", e["message"].as_str().unwrap_or("error")))),
        });
    }
    let chosen = choose(&a["data"])
        .ok_or_else(|| LocationError::NeedsOwner("This Shopify store has no active location; add one in Shopify's Settings → Locations".into()))?;
    let max_variants = a["data"]["shop"]["resourceLimits"]["maxProductVariants"].as_i64().and_then(|m| i32::try_from(m).ok());
    Ok(StockLocation { max_variants, ..chosen })
}

fn usable(n: &Value) -> Option<StockLocation> {
    let (Some(id), true) = (n["id"].as_str(), n["isActive"].as_bool() == Some(true)) else { return None };
    Some(StockLocation { id: id.into(), name: n["name"].as_str().unwrap_or_default().into(), max_variants: None })
}

fn choose(data: &Value) -> Option<StockLocation> {
    let nodes = data["locations"]["nodes"].as_array().cloned().unwrap_or_default();
    usable(&data["location"])
        .or_else(|| nodes.iter().filter(|n| n["fulfillsOnlineOrders"].as_bool() == Some(true)).find_map(usable))
        .or_else(|| nodes.iter().find_map(usable))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(id: u64, active: bool, online: bool) -> Value {
        json!({ "id": format!("gid://shopify/Location/{id}"), "name": format!("L{id}"), "isActive": active, "fulfillsOnlineOrders": online })
    }

    #[test]
    fn the_primary_wins_while_active_then_an_online_one_then_any() {
        let chosen = |data: Value| choose(&data).map(|l| l.name);
        assert_eq!(chosen(json!({ "location": loc(1, true, true), "locations": { "nodes": [loc(2, true, true)] } })), Some("L1".into()));
        let nodes = json!([loc(2, true, false), loc(3, true, true)]);
        assert_eq!(chosen(json!({ "location": loc(1, false, true), "locations": { "nodes": nodes } })), Some("L3".into()));
        assert_eq!(chosen(json!({ "location": null, "locations": { "nodes": [loc(2, true, false)] } })), Some("L2".into()));
        assert_eq!(chosen(json!({ "location": loc(1, false, true), "locations": { "nodes": [] } })), None);
    }
}
