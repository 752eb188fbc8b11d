//! Sales channels: a Publication's channel is read through its catalog (`Catalog` is an
//! interface; a sales channel's is an `AppCatalog` listing the app). `Publication.name` and
//! `Publication.app` are deprecated since 2024-07 in favour of `catalog { title }` and
//! `AppCatalog.apps`, and are served as deprecated.
use async_graphql::connection::Connection;
use async_graphql::{ID, Interface, Object, Result, SimpleObject};

use super::super::model::{self, gid};
use super::types::{Count, Product, paginate};

/// Shopify's `Publishable` interface, what publishablePublish answers. Only products are
/// published here (Shopify also publishes collections and variants); the fields are those
/// the sandbox's `Product` serves.
// One `field(...)` per interface field is async-graphql's syntax, not a duplicate.
#[allow(clippy::duplicated_attributes)]
#[derive(Interface, Clone)]
#[graphql(
    field(name = "available_publications_count", ty = "Option<Count>"),
    field(name = "published_on_current_publication", ty = "bool"),
    field(name = "published_on_publication", ty = "bool", arg(name = "publication_id", ty = "ID")),
    field(name = "resource_publications_count", ty = "Option<Count>")
)]
pub enum Publishable {
    Product(Product),
}

#[derive(SimpleObject, Clone)]
pub struct App {
    pub id: ID,
    pub handle: Option<String>,
    pub title: String,
}

#[derive(Clone)]
pub struct AppCatalog {
    id: ID,
    title: String,
    app: (u64, App),
}

#[Object]
impl AppCatalog {
    async fn id(&self) -> &ID {
        &self.id
    }
    async fn title(&self) -> &String {
        &self.title
    }
    async fn apps(&self, first: Option<i32>, after: Option<String>, last: Option<i32>, before: Option<String>) -> Result<Connection<String, App>> {
        paginate(vec![self.app.clone()], first, after, last, before)
    }
}

#[derive(Interface, Clone)]
#[graphql(field(name = "id", ty = "&ID"), field(name = "title", ty = "&String"))]
pub enum Catalog {
    AppCatalog(AppCatalog),
}

#[derive(Clone)]
pub struct Publication {
    p: model::Publication,
}

impl Publication {
    pub fn of(p: &model::Publication) -> Self {
        Publication { p: p.clone() }
    }
    fn channel_app(&self) -> App {
        App { id: ID(gid("App", self.p.app_id)), handle: Some(self.p.handle.clone()), title: self.p.name.clone() }
    }
}

#[Object]
impl Publication {
    async fn id(&self) -> ID {
        ID(gid("Publication", self.p.id))
    }
    #[graphql(deprecation = "Use [Catalog.title](https://shopify.dev/api/admin-graphql/unstable/interfaces/Catalog#field-catalog-title) instead.")]
    async fn name(&self) -> &str {
        &self.p.name
    }
    #[graphql(deprecation = "Use [AppCatalog.apps](https://shopify.dev/api/admin-graphql/unstable/objects/AppCatalog#connection-appcatalog-apps) instead.")]
    async fn app(&self) -> App {
        self.channel_app()
    }
    async fn auto_publish(&self) -> bool {
        false
    }
    async fn supports_future_publishing(&self) -> bool {
        self.p.handle == "online_store"
    }
    async fn catalog(&self) -> Option<Catalog> {
        let app = (self.p.app_id, self.channel_app());
        Some(Catalog::AppCatalog(AppCatalog { id: ID(gid("AppCatalog", self.p.id)), title: self.p.name.clone(), app }))
    }
}
