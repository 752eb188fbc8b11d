//! Shopify's bulk path for many products at once (guide "Bulk import data with the GraphQL Admin
//! API"): the mutation's variables, one JSON object a line, are staged as
//! `BULK_MUTATION_VARIABLES` (a JSONL file of at most 100 MB since 2026-01) and POSTed to the
//! target, `bulkOperationRunMutation` runs the mutation once per line outside the per-call cost
//! limit (up to five at once per shop from 2026-01), `bulk_operations/finish` (or
//! `bulkOperation(id:)`) says when it is done, and the result file holds each line's answer
//! with its `__lineNumber`, in no promised order.
use serde_json::{Value, json};

use super::shopify::Admin;
use super::shopify_listings::{failed, refused};
use super::shopify_media::{self, Upload};
use crate::connectors::listing::PushError;

/// The largest variables file Shopify takes (changelog "Faster bulk operations": 100 MB).
pub const MAX_FILE_BYTES: usize = 100 << 20;

/// productSet as a bulk line runs it: in a bulk operation productSet always runs synchronously
/// (its `synchronous` argument's note), so the line's answer holds the product. A bulk mutation
/// may select at most one connection; this one selects none.
pub const SET_LINE: &str = "mutation($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
    productSet(identifier: $identifier, input: $input) { product { id } userErrors { field message code } } }";

pub const RUN: &str = "mutation($mutation: String!, $path: String!, $client: String) {
    bulkOperationRunMutation(mutation: $mutation, stagedUploadPath: $path, clientIdentifier: $client) {
    bulkOperation { id status } userErrors { field message code } } }";

/// `currentBulkOperation` is deprecated in 2026-07; an operation is read by its id.
pub const STATUS: &str = "query($id: ID!) { bulkOperation(id: $id) { id status errorCode url objectCount } }";

/// A bulk operation as Shopify reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Operation {
    pub id: String,
    /// CREATED, RUNNING, COMPLETED, FAILED, CANCELING, CANCELED or EXPIRED.
    pub status: String,
    pub error_code: Option<String>,
    pub url: Option<String>,
}

/// Stages `lines` (one JSON object each) and starts `mutation` over them; answers the
/// operation's id. A shop already running as many bulk operations as it may is `Throttled`
/// (try again shortly); any other refusal is `Rejected`.
pub async fn run(admin: &Admin, mutation: &str, lines: &[Value], client: &str) -> Result<String, PushError> {
    let bytes = jsonl(lines);
    if bytes.len() > MAX_FILE_BYTES {
        return Err(PushError::Rejected(format!("the bulk push's file is {} bytes, more than Shopify's 100 MB", bytes.len())));
    }
    let u =
        Upload { resource: "BULK_MUTATION_VARIABLES", what: "the bulk push's file", filename: "bulk_op_vars.jsonl", mime_type: "text/jsonl", bytes: &bytes };
    let staged = shopify_media::stage(admin, &u).await?;
    // The target's `key` is the path the mutation names.
    let path = staged.parameters.iter().find(|(n, _)| n == "key").map(|(_, v)| v.clone());
    let path = path.ok_or_else(|| PushError::Unavailable("Shopify's bulk upload target has no key".into()))?;
    shopify_media::send(admin.http(), &staged, &u).await?;
    let a = admin.graphql(RUN, json!({ "mutation": mutation, "path": path, "client": client })).await.map_err(failed)?;
    refused(&a, "the bulk push")?;
    let payload = &a["data"]["bulkOperationRunMutation"];
    if let Some(e) = payload["userErrors"].as_array().and_then(|e| e.first()) {
        let message = format!("Shopify refused the bulk push: {}", e["message"].as_str().unwrap_or("error"));
        return Err(match e["code"].as_str() {
            Some("LIMIT_REACHED" | "OPERATION_IN_PROGRESS") => PushError::Throttled(std::time::Duration::from_secs(30)),
            Some("INTERNAL_FILE_SERVER_ERROR") => PushError::Unavailable(message),
            _ => PushError::Rejected(message),
        });
    }
    payload["bulkOperation"]["id"].as_str().map(str::to_string).ok_or_else(|| PushError::Unavailable("Shopify answered no bulk operation".into()))
}

/// The operation as it stands.
pub async fn status(admin: &Admin, id: &str) -> Result<Operation, PushError> {
    let a = admin.graphql_costed(STATUS, json!({ "id": id }), 1.0).await.map_err(failed)?;
    refused(&a, "the bulk push's status")?;
    let op = &a["data"]["bulkOperation"];
    let Some(status) = op["status"].as_str() else { return Err(PushError::Rejected(format!("Shopify no longer knows the bulk operation {id}"))) };
    let text = |k: &str| op[k].as_str().map(str::to_string);
    Ok(Operation { id: id.to_string(), status: status.to_string(), error_code: text("errorCode"), url: text("url") })
}

/// The result file: each line's answer by its `__lineNumber`.
pub async fn results(admin: &Admin, url: &str) -> Result<Vec<(usize, Value)>, PushError> {
    let res = admin.http().get(url).send().await.map_err(|e| PushError::Unavailable(format!("Shopify's bulk results could not be read: {e}")))?;
    if !res.status().is_success() {
        return Err(PushError::Unavailable(format!("Shopify's bulk results answered HTTP {}", res.status().as_u16())));
    }
    let text = res.text().await.map_err(|e| PushError::Unavailable(format!("Shopify's bulk results broke off: {e}")))?;
    Ok(parse_results(&text))
}

fn jsonl(lines: &[Value]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        // serde_json writes no raw newline inside a value: one object, one line.
        out.extend_from_slice(l.to_string().as_bytes());
        out.push(b'\n');
    }
    out
}

fn parse_results(text: &str) -> Vec<(usize, Value)> {
    text.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()).filter_map(|v| Some((usize::try_from(v["__lineNumber"].as_u64()?).ok()?, v))).collect()
}

/// What one line's answer says of `field` (the mutation's top-level field): the id it made (at
/// `id_path` under the payload), else why not.
pub fn line_outcome(answer: &Value, field: &str, id_path: &[&str]) -> Result<Option<String>, String> {
    if let Some(e) = answer["errors"].as_array().and_then(|e| e.first()) {
        return Err(format!("Shopify refused the product: {}", e["message"].as_str().unwrap_or("error")));
    }
    let payload = &answer["data"][field];
    let errors: Vec<&str> = payload["userErrors"].as_array().into_iter().flatten().filter_map(|e| e["message"].as_str()).collect();
    if !errors.is_empty() {
        return Err(format!("Shopify refused the product: {}", errors.join("; ")));
    }
    Ok(id_path.iter().fold(payload, |v, k| &v[*k]).as_str().map(str::to_string))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_read_by_their_line_number_whatever_their_order() {
        let text = "{\"data\":{\"productSet\":{\"product\":{\"id\":\"gid://shopify/Product/2\"},\"userErrors\":[]}},\"__lineNumber\":1}\n\
                    {\"data\":{\"productSet\":{\"product\":null,\"userErrors\":[{\"field\":[\"input\"],\"message\":\"Title can't be blank\"}]}},\"__lineNumber\":0}\n";
        let lines = parse_results(text);
        assert_eq!(lines.iter().map(|(n, _)| *n).collect::<Vec<_>>(), vec![1, 0]);
        assert_eq!(line_outcome(&lines[0].1, "productSet", &["product", "id"]), Ok(Some("gid://shopify/Product/2".into())));
        assert_eq!(line_outcome(&lines[1].1, "productSet", &["product", "id"]), Err("Shopify refused the product: Title can't be blank".into()));
    }

    #[test]
    fn one_object_a_line() {
        let bytes = jsonl(&[json!({ "a": "x\ny" }), json!({ "b": 1 })]);
        assert_eq!(String::from_utf8(bytes).unwrap(), "{\"a\":\"x\\ny\"}\n{\"b\":1}\n");
    }
}
