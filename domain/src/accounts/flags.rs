//! The account's derived flags (spec sections 3, 4 and 6), from what is stored and from the client
//! that asks: the sign-up source, the linked stores, what was imported, and the `app` header.
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Result;

/// The client a request comes from, by its `app` header (spec section 7): the web dashboard,
/// the mobile app's wrapper around it, or the marketplace app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ClientApp {
    #[default]
    Web,
    Mobile,
    Marketplace,
}

impl ClientApp {
    /// `dropline-mobile`, `mobile`: the wrapper; `...marketplace...`: the marketplace app.
    pub fn from_header(value: Option<&str>) -> Self {
        let v = value.unwrap_or("").trim().to_ascii_lowercase();
        if v.contains("mobile") {
            ClientApp::Mobile
        } else if v.contains("marketplace") || v.ends_with("-mkt") {
            ClientApp::Marketplace
        } else {
            ClientApp::Web
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ClientApp::Web => "web",
            ClientApp::Mobile => "mobile",
            ClientApp::Marketplace => "marketplace",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flags {
    pub from_user_mkt: bool,
    pub from_mobile: bool,
    pub is_user_mkt: bool,
    pub is_hide_billing: bool,
    pub is_workplace_no_store: bool,
    pub onboarding_enabled: bool,
}

/// Who reads the account: the client of the request, and whether this Dropline charges for plans
/// at all (`plans.billing`; a self-hosted operator may turn it off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer {
    pub client: ClientApp,
    pub billing: bool,
}

impl Viewer {
    /// The web dashboard of a Dropline that bills.
    pub fn web() -> Self {
        Viewer { client: ClientApp::Web, billing: true }
    }
}

/// What the flags are made of.
#[derive(Debug, Clone, Copy)]
pub struct State {
    pub signed_up_from: ClientApp,
    pub has_shop: bool,
    pub imported_any: bool,
    pub viewer: Viewer,
}

/// Spec section 4: a marketing user came from the marketplace or from mobile and has no store,
/// or is in the mobile app now; the mobile wrapper hides billing (app-store rules forbid selling
/// a plan there), and so does a Dropline that charges nobody. Onboarding runs until the owner
/// links a store or imports a product.
pub fn derive(s: State) -> Flags {
    let from_user_mkt = s.signed_up_from == ClientApp::Marketplace;
    let from_mobile = s.signed_up_from == ClientApp::Mobile;
    let in_mobile = s.viewer.client == ClientApp::Mobile;
    Flags {
        from_user_mkt,
        from_mobile,
        is_user_mkt: ((from_user_mkt || from_mobile) && !s.has_shop) || in_mobile,
        is_hide_billing: in_mobile || !s.viewer.billing,
        is_workplace_no_store: !s.has_shop,
        onboarding_enabled: !s.has_shop && !s.imported_any,
    }
}

/// The stored half of `State` for a user.
pub async fn stored(pool: &PgPool, user_id: Uuid) -> Result<(ClientApp, bool)> {
    let (app, imported): (String, bool) = sqlx::query_as(
        "SELECT u.signup_app,
                EXISTS (SELECT 1 FROM products p JOIN workplace_members m ON m.workplace_id = p.workplace_id WHERE m.user_id = u.id)
         FROM users u WHERE u.id = $1",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await?;
    Ok((ClientApp::from_header(Some(&app)), imported))
}

/// Records the client an account signed up from (once, right after sign-up).
pub async fn set_signup_app(pool: &PgPool, user_id: Uuid, app: ClientApp) -> Result<()> {
    sqlx::query("UPDATE users SET signup_app = $2 WHERE id = $1").bind(user_id).bind(app.as_str()).execute(pool).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(signed_up_from: ClientApp, has_shop: bool, client: ClientApp) -> State {
        State { signed_up_from, has_shop, imported_any: false, viewer: Viewer { client, billing: true } }
    }

    #[test]
    fn the_app_header_names_the_client() {
        assert_eq!(ClientApp::from_header(Some("dropline")), ClientApp::Web);
        assert_eq!(ClientApp::from_header(None), ClientApp::Web);
        assert_eq!(ClientApp::from_header(Some("Dropline-Mobile")), ClientApp::Mobile);
        assert_eq!(ClientApp::from_header(Some("dropline-marketplace")), ClientApp::Marketplace);
    }

    #[test]
    fn marketing_users_are_those_from_the_marketplace_or_mobile_without_a_store_or_in_the_app() {
        use ClientApp::*;
        assert!(!derive(state(Web, false, Web)).is_user_mkt);
        assert!(derive(state(Marketplace, false, Web)).is_user_mkt);
        assert!(!derive(state(Marketplace, true, Web)).is_user_mkt, "a store makes them an owner");
        assert!(derive(state(Mobile, false, Web)).is_user_mkt);
        assert!(!derive(state(Mobile, true, Web)).is_user_mkt);
        let in_app = derive(state(Web, true, Mobile));
        assert!(in_app.is_user_mkt && in_app.is_hide_billing);
        assert!(!derive(state(Mobile, false, Web)).is_hide_billing, "billing hides only inside the wrapper");
    }

    #[test]
    fn a_dropline_that_charges_nobody_hides_billing_from_everyone() {
        let mut s = state(ClientApp::Web, true, ClientApp::Web);
        assert!(!derive(s).is_hide_billing);
        s.viewer.billing = false;
        assert!(derive(s).is_hide_billing);
    }

    #[test]
    fn onboarding_ends_with_a_store_or_an_import() {
        let mut s = state(ClientApp::Web, false, ClientApp::Web);
        assert!(derive(s).onboarding_enabled);
        s.imported_any = true;
        assert!(!derive(s).onboarding_enabled);
        assert!(!derive(state(ClientApp::Web, true, ClientApp::Web)).onboarding_enabled);
    }
}
