//! Staged uploads as Shopify's storage takes them: `stagedUploadsCreate` signs a POST form for
//! one file of a declared type and size, the storage refuses a form that lacks or changes a
//! signed field, a file of another size or type, and `productSet` makes a Shopify-hosted video
//! from the `resourceUrl` of a file that arrived (kept afterwards by its id).
use crate::common;
use common::shopify::{gql, install};
use serde_json::{Value, json};

const STAGE: &str = "mutation($input: [StagedUploadInput!]!) { stagedUploadsCreate(input: $input) {
  stagedTargets { url resourceUrl parameters { name value } } userErrors { field message } } }";
const SET: &str = "mutation($input: ProductSetInput!) { productSet(input: $input, synchronous: true) {
  product { id media(first: 10) { nodes { id mediaContentType status ... on Video { filename } } } } userErrors { field message code } } }";

const VIDEO: &[u8] = b"\x1a\x45\xdf\xa3 twelve bytes";

fn form(fields: &[(String, String)], file: &[u8], file_type: &str) -> (String, Vec<u8>) {
    let b = "sandbox-test-boundary";
    let mut body = Vec::new();
    for (k, v) in fields {
        body.extend_from_slice(format!("--{b}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n").as_bytes());
    }
    body.extend_from_slice(
        format!("--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"v.webm\"\r\nContent-Type: {file_type}\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{b}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={b}"), body)
}

async fn post(sb: &common::Sandbox, url: &str, fields: &[(String, String)], file: &[u8]) -> (u16, String) {
    let (ct, body) = form(fields, file, "video/webm");
    let r = sb.http.post(url).header("content-type", ct).body(body).send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

async fn stage(sb: &common::Sandbox, token: &str, input: Value) -> Value {
    gql(sb, "media", token, STAGE, json!({ "input": [input] })).await["data"]["stagedUploadsCreate"].clone()
}

#[tokio::test]
async fn a_video_goes_up_as_signed_and_becomes_the_products_media() {
    let sb = common::start().await;
    let token = install(&sb, "media").await;
    let video = json!({ "resource": "VIDEO", "filename": "lamp.webm", "mimeType": "video/webm", "fileSize": VIDEO.len().to_string(), "httpMethod": "POST" });
    for (change, field) in [
        (json!({ "fileSize": null }), "fileSize"),
        (json!({ "mimeType": "text/html" }), "mimeType"),
        (json!({ "resource": "FILE" }), "resource"),
        (json!({ "resource": "BULK_MUTATION_VARIABLES" }), "mimeType"),
    ] {
        let mut input = video.clone();
        input.as_object_mut().unwrap().extend(change.as_object().unwrap().clone());
        let refused = stage(&sb, &token, input).await;
        assert_eq!(refused["userErrors"][0]["field"], json!(["input", "0", field]), "{refused}");
    }

    let staged = stage(&sb, &token, video).await;
    assert_eq!(staged["userErrors"], json!([]), "{staged}");
    let target = &staged["stagedTargets"][0];
    let url = target["url"].as_str().unwrap().to_string();
    let resource_url = target["resourceUrl"].as_str().unwrap().to_string();
    let params: Vec<(String, String)> =
        target["parameters"].as_array().unwrap().iter().map(|p| (p["name"].as_str().unwrap().to_string(), p["value"].as_str().unwrap().to_string())).collect();
    let names: Vec<&str> = params.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["GoogleAccessId", "key", "policy", "signature", "Content-Type"]);

    // A field left out, a field changed, and a file of another size are refused as the storage does.
    let without: Vec<_> = params.iter().filter(|(n, _)| n != "signature").cloned().collect();
    let (code, body) = post(&sb, &url, &without, VIDEO).await;
    assert_eq!(code, 403, "{body}");
    assert!(body.contains("<Code>AccessDenied</Code>"), "{body}");
    let retyped: Vec<_> = params.iter().map(|(n, v)| (n.clone(), if n == "Content-Type" { "video/mp4".into() } else { v.clone() })).collect();
    let (code, body) = post(&sb, &url, &retyped, VIDEO).await;
    assert_eq!(code, 403, "{body}");
    assert!(body.contains("Policy Condition failed") && body.contains("$Content-Type"), "{body}");
    let resigned: Vec<_> = params.iter().map(|(n, v)| (n.clone(), if n == "policy" { format!("{v}x") } else { v.clone() })).collect();
    assert!(post(&sb, &url, &resigned, VIDEO).await.1.contains("SignatureDoesNotMatch"));
    let bigger = [VIDEO, b"!"].concat();
    let (code, body) = post(&sb, &url, &params, &bigger).await;
    assert_eq!((code, body.contains("EntityTooLarge")), (400, true), "{body}");
    assert!(post(&sb, &url, &params, &VIDEO[1..]).await.1.contains("EntityTooSmall"));

    // Before the file arrived, a video made from it fails; afterwards it is ready.
    let input = |files: Value| json!({ "input": { "title": "Lamp", "files": files } });
    let early = gql(&sb, "media", &token, SET, input(json!([{ "originalSource": resource_url, "contentType": "VIDEO" }]))).await;
    assert_eq!(early["data"]["productSet"]["product"]["media"]["nodes"][0]["status"], "FAILED", "{early}");
    assert_eq!(post(&sb, &url, &params, VIDEO).await.0, 204);
    let set = gql(&sb, "media", &token, SET, input(json!([{ "originalSource": resource_url, "contentType": "VIDEO" }]))).await;
    let media = &set["data"]["productSet"]["product"]["media"]["nodes"];
    assert_eq!((media[0]["mediaContentType"].clone(), media[0]["status"].clone()), (json!("VIDEO"), json!("READY")), "{set}");
    assert_eq!(media[0]["filename"], "lamp.webm");

    // Kept by its id on the next set; left out, it is removed; an outside address is no video.
    let id = media[0]["id"].as_str().unwrap().to_string();
    let product = set["data"]["productSet"]["product"]["id"].as_str().unwrap().to_string();
    let again = json!({ "input": { "id": product, "files": [{ "id": id }] } });
    let kept = gql(&sb, "media", &token, SET, again).await;
    assert_eq!(kept["data"]["productSet"]["product"]["media"]["nodes"][0]["id"], id.as_str(), "{kept}");
    let outside = gql(&sb, "media", &token, SET, input(json!([{ "originalSource": "https://videos.example/lamp.mp4", "contentType": "VIDEO" }]))).await;
    assert_eq!(outside["data"]["productSet"]["userErrors"][0]["field"], json!(["input", "files", "0", "originalSource"]), "{outside}");
    let gone = gql(&sb, "media", &token, SET, json!({ "input": { "id": product, "files": [] } })).await;
    assert_eq!(gone["data"]["productSet"]["product"]["media"]["nodes"], json!([]), "{gone}");
}
