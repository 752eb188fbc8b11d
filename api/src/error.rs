//! The API's one error type and the spec's response envelope (sections 7 and 8).
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use domain::FieldErrors;
use serde::Serialize;

/// Response codes of the spec's catalogue.
pub mod code {
    pub const OK: u16 = 200;
    pub const UNAUTHORIZED: u16 = 101;
    pub const FORBIDDEN: u16 = 103;
    pub const EMAIL_NOT_VERIFIED: u16 = 110;
    pub const STORE_EXIST_ANOTHER_OWNER: u16 = 111;
    pub const STORE_INSTALL_FAILURE: u16 = 113;
    pub const STORE_INSTALL_WITHOUT_SIGNIN: u16 = 114;
    pub const BAD_REQUEST: u16 = 201;
    pub const NOT_FOUND: u16 = 202;
    pub const METHOD_NOT_ALLOWED: u16 = 203;
    pub const UNPROCESSABLE_ENTITY: u16 = 204;
    pub const RATE_LIMIT: u16 = 229;
    pub const QUOTA_EXPIRED: u16 = 401;
    pub const SERVER_ERROR: u16 = 500;
    pub const CURRENT_SHOP_ID_INVALID: u16 = 801;
}

#[derive(Serialize)]
pub struct Envelope<T> {
    pub status: u16,
    pub success: bool,
    pub message: String,
    pub data: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<FieldErrors>,
}

/// A successful answer: `data` wrapped in the envelope.
pub struct Reply<T>(pub T);

/// Ends a handler: `reply(data)`.
pub fn reply<T>(data: T) -> ApiResult<T> {
    Ok(Reply(data))
}

impl<T: Serialize> IntoResponse for Reply<T> {
    fn into_response(self) -> Response {
        let body = Envelope { status: code::OK, success: true, message: "OK".into(), data: self.0, errors: None };
        (StatusCode::OK, Json(body)).into_response()
    }
}

pub type ApiResult<T> = Result<Reply<T>, ApiError>;

/// A successful answer whose `data` JSON `write_data` writes itself (a cached search page,
/// serialized once): `Reply`'s envelope around it, in one buffer sized up front.
pub fn reply_written(data_len: usize, write_data: impl FnOnce(&mut Vec<u8>)) -> Response {
    const HEAD: &[u8] = br#"{"status":200,"success":true,"message":"OK","data":"#;
    let mut out = Vec::with_capacity(HEAD.len() + data_len + 1);
    out.extend_from_slice(HEAD);
    write_data(&mut out);
    out.push(b'}');
    ([(axum::http::header::CONTENT_TYPE, "application/json")], out).into_response()
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error(transparent)]
    Domain(#[from] domain::Error),
    #[error("{0}")]
    BadRequest(String),
    #[error("The requested address was not found")]
    RouteNotFound,
    #[error("This method is not allowed here")]
    MethodNotAllowed,
    #[error("The request body is larger than this address accepts")]
    BodyTooLarge,
    #[error("The request address is longer than {0} bytes")]
    UriTooLong(usize),
    #[error("The request headers are larger than {0} bytes")]
    HeadersTooLarge(usize),
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::Domain(e.into())
    }
}

impl ApiError {
    fn parts(&self) -> (StatusCode, u16, String, Option<FieldErrors>) {
        use domain::Error as E;
        let (http, code, message) = match self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, code::BAD_REQUEST, m.clone()),
            ApiError::RouteNotFound => (StatusCode::NOT_FOUND, code::NOT_FOUND, self.to_string()),
            ApiError::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, code::METHOD_NOT_ALLOWED, self.to_string()),
            ApiError::BodyTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, code::BAD_REQUEST, self.to_string()),
            ApiError::UriTooLong(_) => (StatusCode::URI_TOO_LONG, code::BAD_REQUEST, self.to_string()),
            ApiError::HeadersTooLarge(_) => (StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, code::BAD_REQUEST, self.to_string()),
            ApiError::Domain(e) => match e {
                E::Validation { message, fields } => {
                    return (StatusCode::UNPROCESSABLE_ENTITY, code::UNPROCESSABLE_ENTITY, message.clone(), Some(fields.clone()));
                }
                E::Coded { field, message, .. } => {
                    let fields = FieldErrors::from([(field.to_string(), vec![message.clone()])]);
                    return (StatusCode::UNPROCESSABLE_ENTITY, code::UNPROCESSABLE_ENTITY, message.clone(), Some(fields));
                }
                E::BadRequest(m) => (StatusCode::BAD_REQUEST, code::BAD_REQUEST, m.clone()),
                E::Unauthorized(m) => (StatusCode::UNAUTHORIZED, code::UNAUTHORIZED, m.clone()),
                E::Forbidden(m) => (StatusCode::FORBIDDEN, code::FORBIDDEN, m.clone()),
                E::NotFound(_) => (StatusCode::NOT_FOUND, code::NOT_FOUND, e.to_string()),
                E::EmailNotVerified => (StatusCode::FORBIDDEN, code::EMAIL_NOT_VERIFIED, e.to_string()),
                E::RateLimited { message, .. } => (StatusCode::TOO_MANY_REQUESTS, code::RATE_LIMIT, message.clone()),
                E::StoreOwnedElsewhere => (StatusCode::CONFLICT, code::STORE_EXIST_ANOTHER_OWNER, e.to_string()),
                E::StoreInstallFailed(m) => (StatusCode::BAD_GATEWAY, code::STORE_INSTALL_FAILURE, m.clone()),
                E::StoreInstallNeedsSignIn => (StatusCode::CONFLICT, code::STORE_INSTALL_WITHOUT_SIGNIN, e.to_string()),
                E::InvalidCurrentShop => (StatusCode::BAD_REQUEST, code::CURRENT_SHOP_ID_INVALID, e.to_string()),
                E::DataNotFound => (StatusCode::NOT_FOUND, code::NOT_FOUND, e.to_string()),
                E::QuotaExpired(m) | E::QuotaExceeded { message: m, .. } => (StatusCode::PAYMENT_REQUIRED, code::QUOTA_EXPIRED, m.clone()),
                E::Upstream(m) => (StatusCode::BAD_GATEWAY, code::BAD_REQUEST, m.clone()),
                // A constraint the checks above did not catch is still the caller's conflict, not a crash.
                E::Database(db) if db.as_database_error().is_some_and(|d| d.is_unique_violation()) => {
                    (StatusCode::UNPROCESSABLE_ENTITY, code::UNPROCESSABLE_ENTITY, "This already exists".into())
                }
                E::Database(_) | E::Queue(_) | E::Internal(_) => {
                    tracing::error!(error = %e, "request failed");
                    (StatusCode::INTERNAL_SERVER_ERROR, code::SERVER_ERROR, "Server error!".into())
                }
            },
        };
        (http, code, message, None)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (http, status, message, errors) = self.parts();
        let data = match &self {
            ApiError::Domain(domain::Error::QuotaExceeded { data, .. } | domain::Error::Coded { data, .. }) => data.clone(),
            _ => serde_json::Value::Null,
        };
        let body = Envelope { status, success: false, message, data, errors };
        let mut response = (http, Json(body)).into_response();
        if let ApiError::Domain(domain::Error::RateLimited { retry_after_secs, .. }) = &self {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, (*retry_after_secs).max(1).into());
        }
        response
    }
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_written_reply_has_the_envelope_of_reply() {
        use axum::response::IntoResponse;
        let data = serde_json::json!({"total": 1, "items": [{"name": "Lamp"}]});
        let written = super::reply_written(8, |out| out.extend_from_slice(data.to_string().as_bytes()));
        let replied = super::reply(data.clone()).unwrap_or_else(|_| unreachable!()).into_response();
        let body = |r: axum::response::Response| async move {
            let bytes = axum::body::to_bytes(r.into_body(), usize::MAX).await.unwrap();
            serde_json::from_slice::<serde_json::Value>(&bytes).unwrap()
        };
        assert_eq!(written.headers()["content-type"], "application/json");
        assert_eq!(body(written).await, body(replied).await);
    }
}
