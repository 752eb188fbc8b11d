//! Bulk mutations as Shopify runs them (guide "Bulk import data with the GraphQL Admin API"):
//! a JSONL file of variables staged as BULK_MUTATION_VARIABLES, `bulkOperationRunMutation`
//! running the mutation once a line outside the per-call cost, a result file answering each line
//! by its `__lineNumber`, `bulk_operations/finish`, and the rules: five operations at once from
//! 2026-01 (one before), one top-level mutation, a staged file of JSON objects, 100 MB at most.
use crate::common;
use common::shopify::install;
use serde_json::{Value, json};

const STAGE: &str = "mutation($input: [StagedUploadInput!]!) { stagedUploadsCreate(input: $input) {
  stagedTargets { url resourceUrl parameters { name value } } userErrors { field message } } }";
const RUN: &str = "mutation($m: String!, $p: String!) { bulkOperationRunMutation(mutation: $m, stagedUploadPath: $p) {
  bulkOperation { id status } userErrors { field message code } } }";
const STATUS: &str = "query($id: ID!) { bulkOperation(id: $id) { id status type errorCode objectCount url query } }";
const SET: &str = "mutation($identifier: ProductSetIdentifiers, $input: ProductSetInput!) { productSet(identifier: $identifier, input: $input) { product { id } userErrors { field message code } } }";

async fn gql(sb: &common::Sandbox, version: &str, shop: &str, token: &str, query: &str, vars: Value) -> Value {
    let url = sb.url(&format!("/shops/{shop}.myshopify.com/admin/api/{version}/graphql.json"));
    let r = sb.http.post(url).header("X-Shopify-Access-Token", token).json(&json!({ "query": query, "variables": vars }));
    r.send().await.unwrap().json().await.unwrap()
}

fn form(fields: &[(String, String)], file: &[u8]) -> (String, Vec<u8>) {
    let b = "bulk-test-boundary";
    let mut body = Vec::new();
    for (k, v) in fields {
        body.extend_from_slice(format!("--{b}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n").as_bytes());
    }
    body.extend_from_slice(
        format!("--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"vars.jsonl\"\r\nContent-Type: text/jsonl\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{b}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={b}"), body)
}

/// Stages and uploads `file`; answers the upload's status and body, and the `stagedUploadPath`.
async fn upload(sb: &common::Sandbox, version: &str, shop: &str, token: &str, file: &[u8]) -> (u16, String, String) {
    let input = json!([{ "resource": "BULK_MUTATION_VARIABLES", "filename": "bulk_op_vars.jsonl", "mimeType": "text/jsonl", "httpMethod": "POST" }]);
    let staged = gql(sb, version, shop, token, STAGE, json!({ "input": input })).await;
    let target = &staged["data"]["stagedUploadsCreate"]["stagedTargets"][0];
    assert_eq!(target["resourceUrl"], Value::Null, "bulk variables are named by their key: {staged}");
    let params: Vec<(String, String)> =
        target["parameters"].as_array().unwrap().iter().map(|p| (p["name"].as_str().unwrap().to_string(), p["value"].as_str().unwrap().to_string())).collect();
    let names: Vec<&str> = params.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["key", "Content-Type", "success_action_status", "acl", "policy", "x-goog-credential", "x-goog-algorithm", "x-goog-date", "x-goog-signature"]
    );
    let key = params[0].1.clone();
    let (ct, body) = form(&params, file);
    let r = sb.http.post(target["url"].as_str().unwrap()).header("content-type", ct).body(body).send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap(), key)
}

async fn run(sb: &common::Sandbox, version: &str, shop: &str, token: &str, mutation: &str, path: &str) -> Value {
    gql(sb, version, shop, token, RUN, json!({ "m": mutation, "p": path })).await["data"]["bulkOperationRunMutation"].clone()
}

fn line(title: &str, handle: &str) -> String {
    json!({ "identifier": { "handle": handle }, "input": { "title": title, "handle": handle } }).to_string()
}

#[tokio::test]
async fn every_line_runs_once_and_is_answered_by_its_number() {
    let sb = common::start().await;
    let token = install(&sb, "bulk").await;
    let hook = common::Receiver::start(0).await;
    let sub = "mutation($t: WebhookSubscriptionTopic!, $s: WebhookSubscriptionInput!) { webhookSubscriptionCreate(topic: $t, webhookSubscription: $s) { userErrors { message } } }";
    let a = gql(&sb, "2026-07", "bulk", &token, sub, json!({ "t": "BULK_OPERATIONS_FINISH", "s": { "uri": hook.url("/hooks"), "format": "JSON" } })).await;
    assert_eq!(a["data"]["webhookSubscriptionCreate"]["userErrors"], json!([]), "{a}");

    let file = format!("{}\n{}\n{}\n", line("Lamp", "lamp"), line("Desk", "desk"), line(" ", "blank"));
    let (code, body, path) = upload(&sb, "2026-07", "bulk", &token, file.as_bytes()).await;
    assert_eq!(code, 201, "{body}");
    assert!(body.contains("<PostResponse>") && body.contains(&path), "{body}");
    let started = run(&sb, "2026-07", "bulk", &token, SET, &path).await;
    assert_eq!(started["userErrors"], json!([]), "{started}");
    let id = started["bulkOperation"]["id"].as_str().unwrap().to_string();

    let mut op = Value::Null;
    for _ in 0..100 {
        op = gql(&sb, "2026-07", "bulk", &token, STATUS, json!({ "id": id })).await["data"]["bulkOperation"].clone();
        if op["status"] == "COMPLETED" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!((op["status"].as_str(), op["type"].as_str(), op["objectCount"].as_str()), (Some("COMPLETED"), Some("MUTATION"), Some("3")), "{op}");
    let url = op["url"].as_str().unwrap();
    let results = sb.http.get(url).send().await.unwrap().text().await.unwrap();
    let mut lines: Vec<Value> = results.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    lines.sort_by_key(|l| l["__lineNumber"].as_u64());
    assert_eq!(lines.iter().map(|l| l["__lineNumber"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 2], "{results}");
    assert!(lines[0]["data"]["productSet"]["product"]["id"].is_string() && lines[1]["data"]["productSet"]["product"]["id"].is_string());
    assert_eq!(lines[2]["data"]["productSet"]["userErrors"][0]["message"], "Title can't be blank", "{results}");
    let tampered = url.replace("signature=", "signature=0");
    assert_eq!(sb.http.get(tampered).send().await.unwrap().status(), 403);

    // Lines are not calls of the app's: no cost, not counted as productSet calls.
    let state = sb.get_json("/_sandbox/shopify/bulk").await;
    assert_eq!(state["calls"]["product_set"], 0);
    let made = match &state["products"] {
        Value::Object(m) => m.len(),
        Value::Array(a) => a.len(),
        _ => 0,
    };
    assert!(made >= 2, "{}", state["products"]);

    // The result file is kept seven days after completion; then the operation reads EXPIRED.
    sb.post_json("/_sandbox/clock/advance", json!({ "seconds": 8 * 24 * 3600 })).await;
    let later = gql(&sb, "2026-07", "bulk", &token, STATUS, json!({ "id": id })).await["data"]["bulkOperation"].clone();
    assert_eq!((later["status"].as_str(), &later["url"]), (Some("EXPIRED"), &Value::Null), "{later}");
    let gone = sb.http.get(url).send().await.unwrap();
    assert_eq!(gone.status(), 400);
    assert!(gone.text().await.unwrap().contains("ExpiredToken"));

    let hit = hook.wait_for(1).await.remove(0);
    assert_eq!(hit.headers["x-shopify-topic"], "bulk_operations/finish");
    let sent: Value = serde_json::from_slice(&hit.body).unwrap();
    assert_eq!(
        (sent["admin_graphql_api_id"].as_str(), sent["status"].as_str(), sent["type"].as_str()),
        (Some(id.as_str()), Some("completed"), Some("mutation"))
    );
    assert!(sent["created_at"].is_string() && sent["completed_at"].is_string() && sent["error_code"].is_null() && sent.get("url").is_none(), "{sent}");
}

#[tokio::test]
async fn the_mutation_the_file_and_the_concurrency_are_held_to_shopifys_rules() {
    let sb = common::start().await;
    let token = install(&sb, "rules").await;
    let (_, _, path) = upload(&sb, "2026-07", "rules", &token, format!("{}\n", line("Lamp", "lamp")).as_bytes()).await;
    let code = |v: &Value| v["userErrors"][0]["code"].as_str().map(str::to_string);

    let two = "mutation { a: productDelete(input: {id: \"gid://shopify/Product/1\"}) { deletedProductId } b: productDelete(input: {id: \"gid://shopify/Product/2\"}) { deletedProductId } }";
    assert_eq!(code(&run(&sb, "2026-07", "rules", &token, two, &path).await).as_deref(), Some("INVALID_MUTATION"));
    assert_eq!(code(&run(&sb, "2026-07", "rules", &token, SET, "tmp/rules/bulk/none/x.jsonl").await).as_deref(), Some("NO_SUCH_FILE"));
    let (status, _, broken) = upload(&sb, "2026-07", "rules", &token, format!("{}\n{{\"input\": \n", line("Lamp", "lamp")).as_bytes()).await;
    assert_eq!(status, 201);
    let refused = run(&sb, "2026-07", "rules", &token, SET, &broken).await;
    assert_eq!(code(&refused).as_deref(), Some("INVALID_STAGED_UPLOAD_FILE"), "{refused}");
    assert_eq!(refused["bulkOperation"], Value::Null);

    // The file limit is the upload policy's: a file over it never reaches Shopify.
    sb.post_json("/_sandbox/shopify/rules/limits", json!({ "bulk_file_bytes": 64 })).await;
    let (status, body, _) =
        upload(&sb, "2026-07", "rules", &token, format!("{}\n", line("A title long enough to pass sixty-four bytes", "long")).as_bytes()).await;
    assert_eq!((status, body.contains("EntityTooLarge")), (400, true), "{body}");

    // Operations held running (each line takes a while): five at once from 2026-01, one before.
    sb.post_json("/_sandbox/shopify/rules/limits", json!({ "bulk_line_ms": 3000 })).await;
    for n in 0..5 {
        let a = run(&sb, "2026-07", "rules", &token, SET, &path).await;
        assert_eq!(a["userErrors"], json!([]), "operation {n}: {a}");
        assert_eq!(a["bulkOperation"]["status"], "CREATED");
    }
    let sixth = run(&sb, "2026-07", "rules", &token, SET, &path).await;
    assert_eq!((code(&sixth).as_deref(), &sixth["bulkOperation"]), (Some("LIMIT_REACHED"), &Value::Null), "{sixth}");

    let old = install(&sb, "older").await;
    sb.post_json("/_sandbox/shopify/older/limits", json!({ "bulk_line_ms": 3000 })).await;
    let (_, _, path) = upload(&sb, "2025-10", "older", &old, format!("{}\n", line("Lamp", "lamp")).as_bytes()).await;
    assert_eq!(run(&sb, "2025-10", "older", &old, SET, &path).await["userErrors"], json!([]));
    assert_eq!(code(&run(&sb, "2025-10", "older", &old, SET, &path).await).as_deref(), Some("OPERATION_IN_PROGRESS"));
}
