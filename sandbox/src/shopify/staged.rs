//! Staged uploads: `stagedUploadsCreate` (`graphql/staged.rs`) hands out a target in Shopify's
//! storage, and the file is POSTed there before a mutation names it by its `resourceUrl`.
//! Shopify's storage for videos is a Google Cloud Storage bucket taking a signed POST policy
//! form (`GoogleAccessId`, `key`, `policy`, `signature`; the policy fixes the bucket, the key,
//! the content type and, from the declared `fileSize`, `content-length-range` [size, size]), at
//! `/shopify-storage/{bucket}/` here. The form is checked the way that storage checks it:
//! a missing grant is 403 `AccessDenied`, a changed policy 403 `SignatureDoesNotMatch`, a field
//! the policy does not allow 403 `AccessDenied` "Invalid according to Policy", a file larger or
//! smaller than the declared size 400 `EntityTooLarge` / `EntityTooSmall`, each as its XML error;
//! a good upload is `204 No Content`. Two resources are emulated, each with its bucket:
//! `VIDEO`, and `BULK_MUTATION_VARIABLES` (the JSONL file a bulk mutation reads, `bulk.rs`),
//! whose target is the V4 form Shopify hands out for it (`key` `tmp/…/bulk/…`, `Content-Type`
//! `text/jsonl`, `success_action_status` 201, `acl` private, `policy`, `x-goog-credential`,
//! `x-goog-algorithm`, `x-goog-date`, `x-goog-signature`; no `resourceUrl`: the `key` is the
//! `stagedUploadPath`), answered `201 Created` with the storage's XML `PostResponse`, its size
//! bounded by the shop's bulk file limit (100 MB since 2026-01; changelog "Faster bulk
//! operations", guide "Bulk import data with the GraphQL Admin API").
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
use crate::util::{b64, hmac_sha256, rfc3339};

/// Signs the policies (Google signs with the service account's key; an HMAC stands in).
const SIGNING_KEY: &[u8] = b"sandbox-shopify-storage-key";
const ACCESS_ID: &str = "video-production@video-production-225115.iam.gserviceaccount.com";
/// A target lasts a week, like Shopify's.
const LIFETIME_MS: i64 = 7 * 24 * 3_600_000;
/// The service account named in a bulk target's V4 credential.
const BULK_ACCESS_ID: &str = "merchant-assets@shopify-tiers.iam.gserviceaccount.com";

/// The resources the sandbox stages, each with its storage bucket and the types it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Resource {
    Video,
    BulkMutationVariables,
}

impl Resource {
    pub fn bucket(self) -> &'static str {
        match self {
            Resource::Video => "shopify-video-production-core-originals",
            Resource::BulkMutationVariables => "shopify-staged-uploads",
        }
    }
    /// Shopify hosts MP4, MOV and WebM videos; bulk mutation variables are JSON Lines
    /// (`text/jsonl` in the bulk import guide).
    pub fn takes(self, mime: &str) -> bool {
        match self {
            Resource::Video => matches!(mime, "video/mp4" | "video/quicktime" | "video/webm"),
            Resource::BulkMutationVariables => mime == "text/jsonl",
        }
    }
}

/// The shop a key in the storage belongs to: `{shop}/v/…` (videos) or `tmp/{shop}/bulk/…`.
pub fn shop_of_key(key: &str) -> Option<String> {
    let mut parts = key.split('/');
    let first = parts.next()?;
    let shop = if first == "tmp" { parts.next()? } else { first };
    (!shop.is_empty()).then(|| normalize_shop(shop))
}

/// One staged target of a shop, by its key in the bucket.
#[derive(Debug, Clone, Serialize)]
pub struct StagedFile {
    pub resource: Resource,
    pub key: String,
    pub filename: String,
    pub mime_type: String,
    pub file_size: u64,
    /// The sizes the policy allows: exactly `file_size` for a video, 1 byte to the shop's bulk
    /// file limit for bulk mutation variables.
    pub size_range: (u64, u64),
    pub policy: String,
    pub signature: String,
    pub expires_ms: i64,
    /// The external id in the `resourceUrl`.
    pub external_id: u64,
    /// Bytes received, once the upload succeeded.
    pub uploaded: Option<u64>,
    /// The file itself, kept for bulk mutation variables only (a bulk operation reads it).
    #[serde(skip)]
    pub bytes: Option<std::sync::Arc<Vec<u8>>>,
    pub date: String,
}

impl StagedFile {
    pub fn url(&self, base: &str) -> String {
        format!("{base}/shopify-storage/{}/", self.resource.bucket())
    }
    /// How a mutation names the file afterwards; bulk mutation variables have none (the `key`
    /// is the `stagedUploadPath`).
    pub fn resource_url(&self, base: &str) -> Option<String> {
        match self.resource {
            Resource::Video => Some(format!("{}?external_video_id={}", self.url(base), self.external_id)),
            Resource::BulkMutationVariables => None,
        }
    }
    /// The form fields the upload must carry, in order. Every one but the grant (`policy`, the
    /// signature) is a condition of the signed policy, so it must come back unchanged.
    pub fn parameters(&self) -> Vec<(&'static str, String)> {
        match self.resource {
            Resource::Video => vec![
                ("GoogleAccessId", ACCESS_ID.to_string()),
                ("key", self.key.clone()),
                ("policy", self.policy.clone()),
                ("signature", self.signature.clone()),
                ("Content-Type", self.mime_type.clone()),
            ],
            Resource::BulkMutationVariables => vec![
                ("key", self.key.clone()),
                ("Content-Type", self.mime_type.clone()),
                ("success_action_status", "201".into()),
                ("acl", "private".into()),
                ("policy", self.policy.clone()),
                ("x-goog-credential", format!("{BULK_ACCESS_ID}/{}/auto/storage/goog4_request", &self.date[..8])),
                ("x-goog-algorithm", "GOOG4-RSA-SHA256".into()),
                ("x-goog-date", self.date.clone()),
                ("x-goog-signature", self.signature.clone()),
            ],
        }
    }
    /// The fields the policy fixes, with their values (the form must carry each unchanged).
    fn conditions(&self) -> Vec<(String, String)> {
        let grant = ["policy", "signature", "x-goog-signature", "GoogleAccessId"];
        self.parameters().into_iter().filter(|(n, _)| !grant.contains(n)).map(|(n, v)| (n.to_string(), v)).collect()
    }
}

/// What a target is for: its resource, name, type, declared size and the sizes it may take.
pub struct Wanted<'a> {
    pub resource: Resource,
    pub filename: &'a str,
    pub mime_type: &'a str,
    pub file_size: u64,
    pub size_range: (u64, u64),
}

/// Makes a target for `shop` (the caller checked the input).
pub fn stage(shop: &str, want: &Wanted<'_>, id: u64, now_ms: i64) -> StagedFile {
    let key = match want.resource {
        Resource::Video => {
            let ext = want.filename.rsplit_once('.').map(|(_, e)| e).filter(|e| !e.is_empty() && e.len() <= 5).unwrap_or("bin");
            format!("{shop}/v/{id:x}.{ext}")
        }
        Resource::BulkMutationVariables => {
            let name: String = want.filename.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')).take(100).collect();
            format!("tmp/{shop}/bulk/{id:x}/{}", if name.is_empty() { "bulk_op_vars".into() } else { name })
        }
    };
    let expires_ms = now_ms + LIFETIME_MS;
    let date = rfc3339(now_ms).replace(['-', ':'], "").chars().take(15).collect::<String>() + "Z";
    let mut file = StagedFile {
        resource: want.resource,
        key,
        filename: want.filename.to_string(),
        mime_type: want.mime_type.to_string(),
        file_size: want.file_size,
        size_range: want.size_range,
        policy: String::new(),
        signature: String::new(),
        expires_ms,
        external_id: id,
        uploaded: None,
        bytes: None,
        date,
    };
    let mut conditions = vec![json!(["eq", "$bucket", want.resource.bucket()])];
    conditions.extend(file.conditions().into_iter().map(|(n, v)| json!(["eq", format!("${n}"), v])));
    conditions.push(json!(["content-length-range", want.size_range.0, want.size_range.1]));
    file.policy = b64(json!({ "expiration": rfc3339(expires_ms), "conditions": conditions }).to_string().as_bytes());
    file.signature = sign(want.resource, &file.policy);
    file
}

/// The policy's signature: base64 for the video form, hex for the V4 form.
fn sign(resource: Resource, policy: &str) -> String {
    let mac = hmac_sha256(SIGNING_KEY, policy.as_bytes());
    match resource {
        Resource::Video => b64(&mac),
        Resource::BulkMutationVariables => mac.iter().map(|b| format!("{b:02x}")).collect(),
    }
}

pub fn routes() -> Router<AppState> {
    // Shopify takes videos up to 1 GB; the sandbox reads at most 128 MB of one, which is more
    // than a bulk mutation's variables may be (100 MB), so that limit is the policy's to answer.
    Router::new().route("/shopify-storage/{bucket}/", post(upload).layer(DefaultBodyLimit::max(128 << 20)))
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
    let credential = field("GoogleAccessId").or(field("x-goog-credential"));
    let (Some(_), Some(policy), Some(signature)) = (credential, field("policy"), field("signature").or(field("x-goog-signature"))) else {
        return error(
            StatusCode::FORBIDDEN,
            "AccessDenied",
            "Anonymous caller does not have storage.objects.create access to the Google Cloud Storage object.",
        );
    };
    let Some(key) = field("key").map(str::to_string) else { return policy_failed("[\"eq\", \"$key\", ...]") };
    let Some(shop) = shop_of_key(&key) else { return policy_failed("[\"eq\", \"$key\", ...]") };
    let w = app.world();
    let now = w.clock.now_ms();
    // A policy this storage signed always names a staged file; the key must be that file's.
    let staged = read_shop(&w, &shop, |s| s.staged.values().find(|f| f.policy == policy).cloned()).flatten();
    if staged.as_ref().is_none_or(|f| sign(f.resource, policy) != signature) {
        return error(StatusCode::FORBIDDEN, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.");
    }
    let staged = staged.expect("checked above");
    if now > staged.expires_ms {
        return error(StatusCode::FORBIDDEN, "AccessDenied", "Invalid according to Policy: Policy expired.");
    }
    if bucket != staged.resource.bucket() {
        return policy_failed(&format!("[\"eq\", \"$bucket\", \"{}\"]", staged.resource.bucket()));
    }
    for (name, value) in staged.conditions() {
        if field(name.as_str()) != Some(value.as_str()) {
            return policy_failed(&format!("[\"eq\", \"${name}\", \"{value}\"]"));
        }
    }
    let Some(bytes) = file else { return error(StatusCode::BAD_REQUEST, "InvalidArgument", "The form has no file field.") };
    let size = bytes.len() as u64;
    if size > staged.size_range.1 {
        return error(
            StatusCode::BAD_REQUEST,
            "EntityTooLarge",
            "Your proposed upload is larger than the maximum object size specified in your Policy Document.",
        );
    }
    if size < staged.size_range.0 {
        return error(
            StatusCode::BAD_REQUEST,
            "EntityTooSmall",
            "Your proposed upload is smaller than the minimum object size specified in your Policy Document.",
        );
    }
    let keep = staged.resource == Resource::BulkMutationVariables;
    let bytes = std::sync::Arc::new(bytes);
    with_shop(&w, &shop, |s| {
        if let Some(f) = s.staged.get_mut(&staged.key) {
            f.uploaded = Some(size);
            f.bytes = keep.then(|| bytes.clone());
        }
    });
    if field("success_action_status") == Some("201") {
        let base = app.base_url();
        let body = format!(
            "<?xml version='1.0' encoding='UTF-8'?><PostResponse><Location>{}{}</Location><Bucket>{bucket}</Bucket><Key>{}</Key><ETag>\"{:x}\"</ETag></PostResponse>",
            staged.url(&base),
            staged.key,
            staged.key,
            staged.external_id
        );
        return (StatusCode::CREATED, [("content-type", "application/xml; charset=UTF-8")], body).into_response();
    }
    StatusCode::NO_CONTENT.into_response()
}
