//! Files Shopify must hold itself before a mutation can name them (a product's video): Shopify
//! takes a video only from its own storage, never from an outside address. Two steps, as
//! Shopify's "Upload media" guide lays them out: `stagedUploadsCreate` answers a target (an
//! address, the form parameters it signed, and the `resourceUrl` that names the file
//! afterwards), then the file is POSTed there as `multipart/form-data`, the parameters first and
//! the file last. `productSet`'s `files` then takes the `resourceUrl` as `originalSource`.
//! The resource and its MIME type are the caller's, so the same two steps serve the JSONL
//! variables of a bulk mutation (`BULK_MUTATION_VARIABLES`, `shopify_bulk.rs`), whose target
//! has no `resourceUrl`: its `key` parameter names it.
use serde_json::{Value, json};

use super::shopify::Admin;
use super::shopify_listings::{failed, refused, user_errors};
use crate::connectors::listing::PushError;

pub const STAGED_UPLOADS: &str = "mutation($input: [StagedUploadInput!]!) { stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } } userErrors { field message } } }";

/// A file to stage: which Shopify resource it becomes, its name, MIME type and bytes.
pub struct Upload<'a> {
    /// A `StagedUploadTargetGenerateUploadResource` value: `VIDEO`, `BULK_MUTATION_VARIABLES`.
    pub resource: &'a str,
    /// What the file is, for messages: "the product's video".
    pub what: &'a str,
    pub filename: &'a str,
    pub mime_type: &'a str,
    pub bytes: &'a [u8],
}

/// Where Shopify wants the file, and how it will name it once there.
#[derive(Debug, Clone, PartialEq)]
pub struct Staged {
    pub url: String,
    /// Empty for bulk mutation variables (Shopify answers none).
    pub resource_url: String,
    pub parameters: Vec<(String, String)>,
}

/// Stages `u` and sends its bytes; answers the `resourceUrl` to hand to a mutation. A refusal
/// of either step is `Rejected` with Shopify's (or its storage's) reason; nothing was attached
/// to any product yet, so a failure leaves no half-made media.
pub async fn upload(admin: &Admin, u: &Upload<'_>) -> Result<String, PushError> {
    let staged = stage(admin, u).await?;
    send(admin.http(), &staged, u).await?;
    Ok(staged.resource_url)
}

/// `stagedUploadsCreate` for one file, sent by POST (the method whose form parameters carry the
/// signed policy; `fileSize` is required for VIDEO and MODEL_3D, and always sent).
pub async fn stage(admin: &Admin, u: &Upload<'_>) -> Result<Staged, PushError> {
    let input = json!([{ "resource": u.resource, "filename": u.filename, "mimeType": u.mime_type,
        "fileSize": u.bytes.len().to_string(), "httpMethod": "POST" }]);
    let what = format!("the upload of {}", u.what);
    let a = admin.graphql(STAGED_UPLOADS, json!({ "input": input })).await.map_err(failed)?;
    refused(&a, &what)?;
    let payload = &a["data"]["stagedUploadsCreate"];
    user_errors(payload, &what)?;
    let staged = staged_of(&payload["stagedTargets"][0]).filter(|s| u.resource != "VIDEO" || !s.resource_url.is_empty());
    staged.ok_or_else(|| PushError::Unavailable(format!("Shopify answered no upload target for {}", u.what)))
}

fn staged_of(t: &Value) -> Option<Staged> {
    let parameters = t["parameters"].as_array()?.iter().filter_map(|p| Some((p["name"].as_str()?.to_string(), p["value"].as_str()?.to_string()))).collect();
    Some(Staged { url: t["url"].as_str()?.to_string(), resource_url: t["resourceUrl"].as_str().unwrap_or_default().to_string(), parameters })
}

/// The multipart POST of the staged parameters and then the file. The target is Shopify's
/// storage, not the Admin API: no access token goes there, the signed parameters are the grant.
pub async fn send(http: &reqwest::Client, s: &Staged, u: &Upload<'_>) -> Result<(), PushError> {
    let boundary = format!("dropline-{}", uuid::Uuid::new_v4().simple());
    let body = multipart(&boundary, &s.parameters, u);
    let res = http
        .post(&s.url)
        .header(reqwest::header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
        .body(body)
        .send()
        .await
        .map_err(|e| PushError::Unavailable(format!("Shopify's storage could not be reached for {}: {e}", u.what)))?;
    let status = res.status();
    if status.is_success() {
        return Ok(());
    }
    let text = res.text().await.unwrap_or_default();
    let why = storage_error(&text).unwrap_or_else(|| format!("HTTP {}", status.as_u16()));
    if status.is_client_error() {
        Err(PushError::Rejected(format!("Shopify's storage refused {}: {why}", u.what)))
    } else {
        Err(PushError::Unavailable(format!("Shopify's storage did not take {}: {why}", u.what)))
    }
}

/// `multipart/form-data` (RFC 7578): every parameter as a field, the file last (the storage
/// ignores fields after the file).
fn multipart(boundary: &str, params: &[(String, String)], u: &Upload<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(u.bytes.len() + 256 * (params.len() + 1));
    for (name, value) in params {
        out.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{}\"\r\n\r\n{value}\r\n", quoted(name)).as_bytes());
    }
    out.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{}\"\r\nContent-Type: {}\r\n\r\n", quoted(u.filename), u.mime_type)
            .as_bytes(),
    );
    out.extend_from_slice(u.bytes);
    out.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    out
}

fn quoted(s: &str) -> String {
    s.replace(['"', '\r', '\n'], "_")
}

/// The storage's XML error (`<Error><Code>…</Code><Message>…</Message></Error>`) as one line.
fn storage_error(xml: &str) -> Option<String> {
    let tag = |t: &str| xml.split_once(&format!("<{t}>")).and_then(|(_, rest)| rest.split_once(&format!("</{t}>"))).map(|(v, _)| v.trim().to_string());
    match (tag("Code"), tag("Message")) {
        (Some(c), Some(m)) => Some(format!("{c}: {m}")),
        (Some(c), None) => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_carries_every_parameter_then_the_file() {
        let u = Upload { resource: "VIDEO", what: "the product's video", filename: "a\"b.webm", mime_type: "video/webm", bytes: b"\x1a\x45\xdf\xa3" };
        let params = vec![("key".to_string(), "c/o/v/1.webm".to_string()), ("policy".to_string(), "eyJ9".to_string())];
        let body = multipart("B", &params, &u);
        let text = String::from_utf8_lossy(&body);
        let key = text.find("name=\"key\"").unwrap();
        let file = text.find("name=\"file\"; filename=\"a_b.webm\"\r\nContent-Type: video/webm").unwrap();
        assert!(key < text.find("name=\"policy\"").unwrap() && text.find("name=\"policy\"").unwrap() < file);
        assert!(body.ends_with(b"\x1a\x45\xdf\xa3\r\n--B--\r\n"));
    }

    #[test]
    fn the_storages_refusal_is_read_from_its_xml() {
        let xml = "<?xml version='1.0' encoding='UTF-8'?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload is larger than the maximum object size specified in your Policy Document.</Message></Error>";
        assert_eq!(
            storage_error(xml).unwrap(),
            "EntityTooLarge: Your proposed upload is larger than the maximum object size specified in your Policy Document."
        );
        assert_eq!(storage_error("nope"), None);
    }
}
