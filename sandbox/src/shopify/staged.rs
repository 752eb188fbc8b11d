//! Staged uploads: `stagedUploadsCreate` (`graphql/staged.rs`) hands out a target in Shopify's
//! storage, and the file is POSTed there before a mutation names it by its `resourceUrl`.
//! Shopify's storage for videos is a Google Cloud Storage bucket taking a signed POST policy
//! form (`GoogleAccessId`, `key`, `policy`, `signature`; the policy fixes the bucket, the key,
//! the content type and, from the declared `fileSize`, `content-length-range` [size, size]), at
//! `/shopify-storage/{bucket}/` here. The form is checked the way that storage checks it:
//! a missing grant is 403 `AccessDenied`, a changed policy 403 `SignatureDoesNotMatch`, a field
//! the policy does not allow 403 `AccessDenied` "Invalid according to Policy", a file larger or
//! smaller than the declared size 400 `EntityTooLarge` / `EntityTooSmall`, each as its XML error;
//! a good upload is `204 No Content`. Only `VIDEO` is emulated; each resource names its bucket,
//! so another (`BULK_MUTATION_VARIABLES`) is one more entry in `Resource`.
use axum::Router;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde::Serialize;
use serde_json::json;

use super::model::normalize_shop;
use super::{read_shop, with_shop};
use crate::AppState;
use crate::util::{b64, b64_decode, hmac_sha256, rfc3339};

/// Signs the policies (Google signs with the service account's key; an HMAC stands in).
const SIGNING_KEY: &[u8] = b"sandbox-shopify-storage-key";
const ACCESS_ID: &str = "video-production@video-production-225115.iam.gserviceaccount.com";
/// A target lasts a week, like Shopify's.
const LIFETIME_MS: i64 = 7 * 24 * 3_600_000;

/// The resources the sandbox stages, each with its storage bucket and the types it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Resource {
    Video,
}

impl Resource {
    pub fn bucket(self) -> &'static str {
        match self {
            Resource::Video => "shopify-video-production-core-originals",
        }
    }
    /// Shopify hosts MP4, MOV and WebM videos.
    pub fn takes(self, mime: &str) -> bool {
        match self {
            Resource::Video => matches!(mime, "video/mp4" | "video/quicktime" | "video/webm"),
        }
    }
}

/// One staged target of a shop, by its key in the bucket.
#[derive(Debug, Clone, Serialize)]
pub struct StagedFile {
    pub resource: Resource,
    pub key: String,
    pub filename: String,
    pub mime_type: String,
    pub file_size: u64,
    pub policy: String,
    pub signature: String,
    pub expires_ms: i64,
    /// The external id in the `resourceUrl`.
    pub external_id: u64,
    /// Bytes received, once the upload succeeded.
    pub uploaded: Option<u64>,
}

impl StagedFile {
    pub fn url(&self, base: &str) -> String {
        format!("{base}/shopify-storage/{}/", self.resource.bucket())
    }
    pub fn resource_url(&self, base: &str) -> String {
        format!("{}?external_video_id={}", self.url(base), self.external_id)
    }
    /// The form fields the upload must carry, in order.
    pub fn parameters(&self) -> Vec<(&'static str, String)> {
        vec![
            ("GoogleAccessId", ACCESS_ID.to_string()),
            ("key", self.key.clone()),
            ("policy", self.policy.clone()),
            ("signature", self.signature.clone()),
            ("Content-Type", self.mime_type.clone()),
        ]
    }
}

/// Makes a target for `shop` (the caller checked the input).
pub fn stage(shop: &str, resource: Resource, filename: &str, mime_type: &str, file_size: u64, id: u64, now_ms: i64) -> StagedFile {
    let ext = filename.rsplit_once('.').map(|(_, e)| e).filter(|e| !e.is_empty() && e.len() <= 5).unwrap_or("bin");
    let key = format!("{shop}/v/{id:x}.{ext}");
    let expires_ms = now_ms + LIFETIME_MS;
    let policy = json!({
        "expiration": rfc3339(expires_ms),
        "conditions": [
            ["eq", "$bucket", resource.bucket()],
            ["eq", "$key", key],
            ["eq", "$Content-Type", mime_type],
            ["content-length-range", file_size, file_size],
        ],
    });
    let policy = b64(policy.to_string().as_bytes());
    let signature = b64(&hmac_sha256(SIGNING_KEY, policy.as_bytes()));
    StagedFile {
        resource,
        key,
        filename: filename.to_string(),
        mime_type: mime_type.to_string(),
        file_size,
        policy,
        signature,
        expires_ms,
        external_id: id,
        uploaded: None,
    }
}

pub fn routes() -> Router<AppState> {
    // Shopify takes videos up to 1 GB; the sandbox reads at most 64 MB of one.
    Router::new().route("/shopify-storage/{bucket}/", post(upload).layer(DefaultBodyLimit::max(64 << 20)))
}

/// The storage's XML error.
fn error(status: StatusCode, code: &str, message: &str) -> Response {
    let body = format!("<?xml version='1.0' encoding='UTF-8'?><Error><Code>{code}</Code><Message>{message}</Message></Error>");
    (status, [("content-type", "application/xml; charset=UTF-8")], body).into_response()
}

fn policy_failed(condition: &str) -> Response {
    error(StatusCode::FORBIDDEN, "AccessDenied", &format!("Invalid according to Policy: Policy Condition failed: {condition}"))
}

async fn upload(State(app): State<AppState>, Path(bucket): Path<String>, mut form: Multipart) -> Response {
    // The fields before the file; the storage ignores what follows it.
    let mut fields: Vec<(String, String)> = vec![];
    let mut file: Option<Vec<u8>> = None;
    loop {
        match form.next_field().await {
            Ok(Some(field)) => {
                let name = field.name().unwrap_or_default().to_string();
                if name == "file" {
                    match field.bytes().await {
                        Ok(b) => file = Some(b.to_vec()),
                        Err(_) => return error(StatusCode::BAD_REQUEST, "InvalidArgument", "The upload broke off."),
                    }
                    break;
                }
                let value = field.text().await.unwrap_or_default();
                fields.push((name, value));
            }
            Ok(None) => break,
            Err(_) => return error(StatusCode::BAD_REQUEST, "InvalidArgument", "Invalid multipart form."),
        }
    }
    let field = |n: &str| fields.iter().find(|(k, _)| k.eq_ignore_ascii_case(n)).map(|(_, v)| v.as_str());
    let (Some(_), Some(policy), Some(signature)) = (field("GoogleAccessId"), field("policy"), field("signature")) else {
        return error(
            StatusCode::FORBIDDEN,
            "AccessDenied",
            "Anonymous caller does not have storage.objects.create access to the Google Cloud Storage object.",
        );
    };
    if b64_decode(signature).is_none_or(|s| s != hmac_sha256(SIGNING_KEY, policy.as_bytes())) {
        return error(StatusCode::FORBIDDEN, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.");
    }
    let Some(key) = field("key").map(str::to_string) else { return policy_failed("[\"eq\", \"$key\", ...]") };
    let Some(shop) = key.split('/').next().map(normalize_shop) else { return policy_failed("[\"eq\", \"$key\", ...]") };
    let w = app.world();
    let now = w.clock.now_ms();
    // A policy this storage signed always names a staged file; the key must be that file's.
    let Some(staged) = read_shop(&w, &shop, |s| s.staged.values().find(|f| f.policy == policy).cloned()).flatten() else {
        return error(StatusCode::FORBIDDEN, "AccessDenied", "Invalid according to Policy: Policy could not be read.");
    };
    if now > staged.expires_ms {
        return error(StatusCode::FORBIDDEN, "AccessDenied", "Invalid according to Policy: Policy expired.");
    }
    if bucket != staged.resource.bucket() {
        return policy_failed(&format!("[\"eq\", \"$bucket\", \"{}\"]", staged.resource.bucket()));
    }
    if key != staged.key {
        return policy_failed(&format!("[\"eq\", \"$key\", \"{}\"]", staged.key));
    }
    if field("Content-Type") != Some(staged.mime_type.as_str()) {
        return policy_failed(&format!("[\"eq\", \"$Content-Type\", \"{}\"]", staged.mime_type));
    }
    let Some(bytes) = file else { return error(StatusCode::BAD_REQUEST, "InvalidArgument", "The form has no file field.") };
    let size = bytes.len() as u64;
    if size > staged.file_size {
        return error(
            StatusCode::BAD_REQUEST,
            "EntityTooLarge",
            "Your proposed upload is larger than the maximum object size specified in your Policy Document.",
        );
    }
    if size < staged.file_size {
        return error(
            StatusCode::BAD_REQUEST,
            "EntityTooSmall",
            "Your proposed upload is smaller than the minimum object size specified in your Policy Document.",
        );
    }
    with_shop(&w, &shop, |s| {
        if let Some(f) = s.staged.get_mut(&staged.key) {
            f.uploaded = Some(size);
        }
    });
    StatusCode::NO_CONTENT.into_response()
}
