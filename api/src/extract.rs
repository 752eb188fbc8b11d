//! Extractors that answer bad input in the envelope: JSON bodies with a field map, path
//! parameters, the bearer token and the workplace scope.
use axum::extract::{ConnectInfo, FromRef, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use domain::store::workplaces::{self, Workplace};
use domain::{Error, FieldErrors};
use serde::de::DeserializeOwned;
use std::net::SocketAddr;
use uuid::Uuid;

use crate::error::ApiError;
use crate::startup::AppState;

/// A JSON body. Malformed JSON is BAD_REQUEST; a wrong type or a missing field is
/// UNPROCESSABLE_ENTITY with the field named in `errors`.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = bytes::Bytes::from_request(req, state).await.map_err(|e| match e.status() {
            axum::http::StatusCode::PAYLOAD_TOO_LARGE => ApiError::BodyTooLarge,
            _ => ApiError::BadRequest(format!("Could not read the request body: {e}")),
        })?;
        let body: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { &bytes };
        refuse_nul(body)?;
        let de = &mut serde_json::Deserializer::from_slice(body);
        let parsed = serde_path_to_error::deserialize(&mut *de).map(ApiJson);
        // Data after the JSON value is not ignored: the body is one value or malformed.
        if parsed.is_ok()
            && let Err(e) = de.end()
        {
            return Err(ApiError::BadRequest(format!("Malformed JSON: {e}")));
        }
        parsed.map_err(|e| {
            let inner = e.inner();
            if inner.is_syntax() || inner.is_eof() {
                return ApiError::BadRequest(format!("Malformed JSON: {inner}"));
            }
            let message = inner.to_string();
            field_refusal(e.path().to_string(), message.split(" at line ").next().unwrap_or(&message))
        })
    }
}

/// The 422 for a value serde could not read at `path`, naming the field.
fn field_refusal(path: String, message: &str) -> ApiError {
    // serde names a missing or repeated field in the message, not the path.
    let named = ["missing field `", "duplicate field `"].iter().find_map(|p| message.strip_prefix(p)).and_then(|rest| rest.split('`').next());
    let field = named.map(str::to_string).unwrap_or(path);
    let mut fields = FieldErrors::new();
    fields.insert(field.clone(), vec![message.to_string()]);
    ApiError::Domain(Error::Validation { message: format!("{field}: {message}"), fields })
}

/// PostgreSQL text cannot hold a NUL: a body carrying one is refused naming the field, before
/// anything is read into the domain.
fn refuse_nul(body: &[u8]) -> Result<(), ApiError> {
    use domain::values::nul;
    if !nul::may_hold_nul(body) {
        return Ok(());
    }
    match serde_json::from_slice(body).ok().and_then(|v| nul::first_path(&v)) {
        Some(field) => Err(nul_refusal(&field)),
        None => Ok(()),
    }
}

/// The 422 for a NUL in `field`, whether it came in the body or the query.
fn nul_refusal(field: &str) -> ApiError {
    field_refusal(field.to_string(), "must not contain a NUL character")
}

/// A path parameter that must parse, or BAD_REQUEST.
pub struct ApiPath<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if parts.uri.path().contains("%00") {
            return Err(ApiError::BadRequest("This link or address is not valid".into()));
        }
        axum::extract::Path::<T>::from_request_parts(parts, state).await.map(|p| ApiPath(p.0)).map_err(|e| {
            // The parser's wording is for the log; the user gets a plain sentence.
            tracing::debug!(error = %e.body_text(), "bad path parameter");
            ApiError::BadRequest("This link or address is not valid".into())
        })
    }
}

/// The signed-in user, from `Authorization: Bearer <token>`.
pub struct AuthUser {
    pub user_id: Uuid,
    pub token: String,
}

fn bearer(parts: &Parts) -> Result<String, Error> {
    Ok(parts
        .headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| Error::Unauthorized("Please sign in".into()))?
        .to_string())
}

fn header<'a>(parts: &'a Parts, name: &str) -> Option<&'a str> {
    parts.headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty())
}

impl<S: Send + Sync> FromRequestParts<S> for AuthUser
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let token = bearer(parts)?;
        let user_id = domain::accounts::authenticate(&state.pool, &token).await?;
        Ok(AuthUser { user_id, token })
    }
}

/// The signed-in user inside one of their workplaces: the `workplace-id` header, else their
/// first workplace. A workplace the user is not a member of is NOT_FOUND, whether or not it
/// exists, so ids of other tenants reveal nothing.
pub struct Scope {
    pub user_id: Uuid,
    pub workplace: Workplace,
}

impl<S: Send + Sync> FromRequestParts<S> for Scope
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let token = bearer(parts)?;
        // Embedded in a store's admin, the workplace holding that store wins (spec section 4).
        if let Some(domain) = header(parts, "platform-domain-embedded") {
            let user_id = domain::accounts::authenticate(&state.pool, &token).await?;
            if let Some(w) = workplaces::holding_store(&state.pool, user_id, domain).await? {
                return Ok(Scope { user_id, workplace: w });
            }
        }
        let wanted = match header(parts, "workplace-id").map(Uuid::parse_str).transpose() {
            Ok(id) => id,
            Err(_) => {
                // A bad session is reported before a bad header, as for every other call.
                domain::accounts::authenticate(&state.pool, &token).await?;
                return Err(Error::field("workplace-id", "workplace-id must be a workplace id").into());
            }
        };
        // The session and the workplace in one statement: this runs on almost every call.
        let (user_id, workplace) = domain::accounts::authenticate_in(&state.pool, &token, wanted).await?;
        let workplace = workplace.ok_or(Error::NotFound("Workplace"))?;
        Ok(Scope { user_id, workplace })
    }
}

/// `Scope` for the catalogue's read-only calls (search): a successful check of the session and
/// workplace is remembered for `auth.scope_cache_secs` (see `scope_cache`). Only for calls that
/// read catalogue data and the workplace's imported flags, never for changes or plan checks.
pub struct CatalogueScope(pub Scope);

impl<S: Send + Sync> FromRequestParts<S> for CatalogueScope
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let app = AppState::from_ref(state);
        let token = bearer(parts)?;
        // Embedded mode and a malformed header take the uncached path (rare, and it decides).
        let wanted = header(parts, "workplace-id").map(Uuid::parse_str).transpose();
        if let (None, Ok(wanted)) = (header(parts, "platform-domain-embedded"), wanted) {
            let digest = domain::accounts::digest(&token);
            if let Some((user_id, workplace)) = app.scope_cache.get(&digest, wanted) {
                return Ok(CatalogueScope(Scope { user_id, workplace }));
            }
            let scope = Scope::from_request_parts(parts, state).await?;
            app.scope_cache.put(digest, wanted, scope.user_id, scope.workplace.clone());
            return Ok(CatalogueScope(scope));
        }
        Scope::from_request_parts(parts, state).await.map(CatalogueScope)
    }
}

/// The client's address, for per-address rate limits: the TCP peer, or behind a proxy in
/// `auth.trusted_proxies` the `X-Forwarded-For` hop that proxy vouches for.
pub struct ClientAddr(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr
where
    AppState: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Some(peer) = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip()) else {
            return Ok(ClientAddr("unknown".into()));
        };
        let hops: Vec<&str> = parts.headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).collect();
        let proxies = &AppState::from_ref(state).settings.auth.trusted_proxies;
        Ok(ClientAddr(proxies.client_addr(peer, &hops).to_string()))
    }
}

/// Query parameters that must parse: a bad, missing or repeated one is UNPROCESSABLE_ENTITY
/// naming it in `errors`, as for a body.
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let pairs = url::form_urlencoded::parse(parts.uri.query().unwrap_or_default().as_bytes());
        if let Some((field, _)) = pairs.clone().find(|(k, v)| k.contains('\0') || v.contains('\0')) {
            return Err(nul_refusal(&field.replace('\0', "")));
        }
        serde_path_to_error::deserialize(serde_urlencoded::Deserializer::new(pairs))
            .map(ApiQuery)
            .map_err(|e| field_refusal(e.path().to_string(), &e.inner().to_string()))
    }
}

/// The client the request comes from, by its `app` header (the dashboard, the mobile wrapper,
/// the marketplace app).
pub struct AppHeader(pub domain::accounts::flags::ClientApp);

impl<S: Send + Sync> FromRequestParts<S> for AppHeader {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let value = parts.headers.get("app").and_then(|v| v.to_str().ok());
        Ok(AppHeader(domain::accounts::flags::ClientApp::from_header(value)))
    }
}

/// Who reads the account view: the request's client (`app` header) and whether this Dropline
/// charges for plans (`plans.billing`).
pub struct AccountReader(pub domain::accounts::Viewer);

impl<S: Send + Sync> FromRequestParts<S> for AccountReader
where
    AppState: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let billing = AppState::from_ref(state).settings.plans.billing;
        let AppHeader(client) = AppHeader::from_request_parts(parts, state).await?;
        Ok(AccountReader(domain::accounts::Viewer { client, billing }))
    }
}

/// Present on every call that charges an owner for a plan: FORBIDDEN when this Dropline charges
/// nobody (`plans.billing = false`, a self-hosted operator assigns plans with the CLI).
pub struct BillingOn;

impl<S: Send + Sync> FromRequestParts<S> for BillingOn
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(_parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if AppState::from_ref(state).settings.plans.billing {
            Ok(BillingOn)
        } else {
            Err(Error::Forbidden("Billing is turned off on this Dropline: the operator assigns plans".into()).into())
        }
    }
}
