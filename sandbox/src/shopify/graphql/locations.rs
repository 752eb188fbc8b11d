//! `location` and `locations`. Since 2024-07 a Location's fields need `read_locations`; its `id`
//! also answers to `read_inventory` (since 2025-04). Without the scope Shopify answers the field
//! with ACCESS_DENIED.
use async_graphql::connection::Connection;
use async_graphql::{Context, Error, ErrorExtensions, ID, Object, Result};

use super::super::locations;
use super::super::model::{gid, parse_gid};
use super::gql;
use super::types::paginate;

#[derive(Default)]
pub struct LocationQuery;

#[derive(Clone)]
pub struct Location(pub locations::Location);

fn require(ctx: &Context<'_>, field: &str, scopes: &[&str]) -> Result<()> {
    if gql(ctx).read(|s| scopes.iter().any(|scope| s.granted(scope))) {
        return Ok(());
    }
    let required = scopes.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(" or ");
    Err(Error::new(format!("Access denied for {field} field. Required access: {required} access scope.")).extend_with(|_, e| {
        e.set("code", "ACCESS_DENIED");
        e.set("documentation", "https://shopify.dev/api/usage/access-scopes");
        e.set("requiredAccess", format!("{required} access scope."));
    }))
}

#[Object]
impl Location {
    async fn id(&self, ctx: &Context<'_>) -> Result<ID> {
        require(ctx, "id", &["read_locations", "read_inventory"])?;
        Ok(ID(gid("Location", self.0.id)))
    }
    async fn name(&self, ctx: &Context<'_>) -> Result<&str> {
        require(ctx, "name", &["read_locations"])?;
        Ok(&self.0.name)
    }
    async fn is_active(&self, ctx: &Context<'_>) -> Result<bool> {
        require(ctx, "isActive", &["read_locations"])?;
        Ok(self.0.active)
    }
    async fn fulfills_online_orders(&self, ctx: &Context<'_>) -> Result<bool> {
        require(ctx, "fulfillsOnlineOrders", &["read_locations"])?;
        Ok(self.0.fulfills_online_orders)
    }
    /// Legacy: every location with an address ships.
    async fn ships_inventory(&self, ctx: &Context<'_>) -> Result<bool> {
        require(ctx, "shipsInventory", &["read_locations"])?;
        Ok(true)
    }
}

#[derive(async_graphql::Enum, Copy, Clone, Eq, PartialEq)]
pub enum LocationSortKeys {
    Id,
    Name,
    Relevance,
}

#[Object]
impl LocationQuery {
    /// The location `id` names; without one, the shop's primary location.
    async fn location(&self, ctx: &Context<'_>, id: Option<ID>) -> Result<Option<Location>> {
        require(ctx, "location", &["read_locations", "read_inventory"])?;
        Ok(gql(ctx)
            .read(|s| match id.as_deref() {
                Some(id) => parse_gid(id).and_then(|id| s.locations.iter().find(|l| l.id == id)).cloned(),
                None => s.primary_location().cloned(),
            })
            .map(Location))
    }

    /// Active locations by default, sorted by name.
    #[allow(clippy::too_many_arguments)]
    async fn locations(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
        include_inactive: Option<bool>,
        include_legacy: Option<bool>,
        reverse: Option<bool>,
        sort_key: Option<LocationSortKeys>,
    ) -> Result<Connection<String, Location>> {
        require(ctx, "locations", &["read_locations", "read_inventory"])?;
        let _ = include_legacy;
        let mut items: Vec<locations::Location> =
            gql(ctx).read(|s| s.locations.iter().filter(|l| include_inactive.unwrap_or(false) || l.active).cloned().collect());
        match sort_key.unwrap_or(LocationSortKeys::Name) {
            LocationSortKeys::Name => items.sort_by(|a, b| a.name.cmp(&b.name)),
            LocationSortKeys::Id | LocationSortKeys::Relevance => items.sort_by_key(|l| l.id),
        }
        if reverse.unwrap_or(false) {
            items.reverse();
        }
        paginate(items.into_iter().map(|l| (l.id, Location(l))).collect(), first, after, last, before)
    }
}
