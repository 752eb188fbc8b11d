//! How large a request may be, answered in the spec's envelope. hyper itself refuses only far
//! larger heads (about 400 KB, or more than 100 headers) with an empty body; below that, these
//! limits answer first, and a body limit hit anywhere (a JSON body, an upload) comes back as the
//! envelope rather than axum's plain text.
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Longer than any address the dashboard builds, well inside what browsers and proxies pass.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// All header names and values together: room for the bearer token, cookies and proxies' additions.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

pub async fn apply(req: Request, next: Next) -> Response {
    if req.uri().to_string().len() > MAX_URI_BYTES {
        return ApiError::UriTooLong(MAX_URI_BYTES).into_response();
    }
    let header_bytes: usize = req.headers().iter().map(|(name, value)| name.as_str().len() + value.len()).sum();
    if header_bytes > MAX_HEADER_BYTES {
        return ApiError::HeadersTooLarge(MAX_HEADER_BYTES).into_response();
    }
    let res = next.run(req).await;
    let json = res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if res.status() == StatusCode::PAYLOAD_TOO_LARGE && !json {
        return ApiError::BodyTooLarge.into_response();
    }
    res
}
