//! `bulkOperationRunMutation` and `bulkOperation(id:)` (the rules are in `shopify::bulk`). Each
//! line runs through this very schema, as its own request with the line as its variables, so a
//! bulk line is held to every rule a single call is, but charged nothing.
use async_graphql::parser::types::{DocumentOperations, OperationType, Selection};
use async_graphql::{Context, ID, Object, SimpleObject, Variables};
use serde_json::{Value, json};

use super::enums::{BulkOperationErrorCode, BulkOperationStatus, BulkOperationType};
use super::scalars::{DateTime, UnsignedInt64, Url};
use super::types::{BulkMutationUserError, UserError, payload};
use super::{Gql, gql, schema};
use crate::shopify::bulk::{self, BulkOp};
use crate::shopify::model::{gid, parse_gid};
use crate::shopify::staged::Resource;
use crate::util::rfc3339;

#[derive(SimpleObject, Clone)]
pub struct BulkOperation {
    pub completed_at: Option<DateTime>,
    pub created_at: DateTime,
    pub error_code: Option<BulkOperationErrorCode>,
    pub file_size: Option<UnsignedInt64>,
    pub id: ID,
    pub object_count: UnsignedInt64,
    pub partial_data_url: Option<Url>,
    pub query: String,
    pub root_object_count: UnsignedInt64,
    pub status: BulkOperationStatus,
    #[graphql(name = "type")]
    pub kind: BulkOperationType,
    pub url: Option<Url>,
}

impl BulkOperation {
    fn of(g: &Gql, op: &BulkOp) -> Self {
        let now = g.now_ms();
        let url = op.url(&g.app.base_url(), &g.shop, now);
        BulkOperation {
            completed_at: op.completed_ms.map(|t| DateTime(rfc3339(t))),
            created_at: DateTime(rfc3339(op.created_ms)),
            error_code: op.error_code.as_deref().and_then(BulkOperationErrorCode::parse),
            file_size: url.as_ref().and(op.result.as_ref()).map(|r| UnsignedInt64(r.len().to_string())),
            id: ID(gid("BulkOperation", op.id)),
            object_count: UnsignedInt64(op.object_count.to_string()),
            partial_data_url: None,
            query: op.mutation.clone(),
            root_object_count: UnsignedInt64(op.object_count.to_string()),
            status: BulkOperationStatus::parse(op.status_at(now)).unwrap_or(BulkOperationStatus::FAILED),
            kind: BulkOperationType::MUTATION,
            url: url.map(Url),
        }
    }
}

payload!(BulkOperationRunMutationPayload { bulk_operation: BulkOperation }, BulkMutationUserError);

#[derive(Default)]
pub struct BulkMutation;

#[derive(Default)]
pub struct BulkQuery;

fn refuse(field: &str, message: impl Into<String>, code: &str) -> Vec<UserError> {
    vec![UserError::new(&[field], message, Some(code))]
}

/// One operation holding one top-level mutation field (which is not itself a bulk operation).
fn single_mutation(mutation: &str) -> bool {
    let Ok(doc) = async_graphql::parser::parse_query(mutation) else { return false };
    let op = match &doc.operations {
        DocumentOperations::Single(op) => op,
        DocumentOperations::Multiple(ops) if ops.len() == 1 => ops.values().next().expect("one"),
        DocumentOperations::Multiple(_) => return false,
    };
    let items = &op.node.selection_set.node.items;
    op.node.ty == OperationType::Mutation && items.len() == 1 && matches!(&items[0].node, Selection::Field(f) if !f.node.name.node.starts_with("bulkOperation"))
}

/// The file's lines as variables; blank lines (a trailing newline) are skipped but counted.
fn lines(bytes: &[u8]) -> Result<Vec<(u64, Value)>, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "The file is not UTF-8 text".to_string())?;
    let mut out = vec![];
    for (i, line) in text.split('\n').enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Value>(line) {
            Ok(v @ Value::Object(_)) => out.push((i as u64, v)),
            _ => return Err(format!("Line {} is not a JSON object of the mutation's variables", i + 1)),
        }
    }
    Ok(out)
}

fn start(g: &Gql, mutation: String, path: String, client_identifier: Option<String>) -> Result<BulkOperation, Vec<UserError>> {
    if !single_mutation(&mutation) {
        return Err(refuse("mutation", "The mutation must be a single operation with a single top-level mutation field", "INVALID_MUTATION"));
    }
    let file = g.read(|s| s.staged.get(&path).filter(|f| f.resource == Resource::BulkMutationVariables).and_then(|f| f.bytes.clone()));
    let Some(bytes) = file else {
        return Err(refuse("stagedUploadPath", "The JSONL file could not be found; upload it to a BULK_MUTATION_VARIABLES target first", "NO_SUCH_FILE"));
    };
    let vars = lines(&bytes).map_err(|m| refuse("stagedUploadPath", m, "INVALID_STAGED_UPLOAD_FILE"))?;
    let (max, code) = bulk::concurrency(&g.version);
    let now = g.now_ms();
    let id = g.world.next_id();
    let op = g.write(|s| {
        let running = s.bulk.ops.values().filter(|o| o.running()).count();
        if running >= max {
            return Err(refuse("mutation", format!("{running} bulk mutation operations are already running on this shop, the most it allows at once"), code));
        }
        let op = BulkOp {
            id,
            status: "CREATED".into(),
            error_code: None,
            mutation: mutation.clone(),
            staged_key: path.clone(),
            lines: vars.len() as u64,
            created_ms: now,
            completed_ms: None,
            object_count: 0,
            client_identifier,
            result: None,
        };
        s.bulk.ops.insert(id, op.clone());
        Ok(op)
    })?;
    let ctx = Gql { app: g.app.clone(), world: g.world.clone(), shop: g.shop.clone(), version: g.version.clone(), in_bulk: true };
    tokio::spawn(run(ctx, id, mutation, vars));
    Ok(BulkOperation::of(g, &op))
}

/// Runs every line, writes the result file (in an order of its own: Shopify promises none, so
/// a reader must go by `__lineNumber`), completes the operation and sends `bulk_operations/finish`.
async fn run(g: Gql, id: u64, mutation: String, vars: Vec<(u64, Value)>) {
    let (line_ms, fail) = g.write(|s| {
        if let Some(o) = s.bulk.ops.get_mut(&id) {
            o.status = "RUNNING".into();
        }
        let fail = s.limits.bulk_fail_next > 0;
        s.limits.bulk_fail_next = s.limits.bulk_fail_next.saturating_sub(1);
        (s.limits.bulk_line_ms, fail)
    });
    if fail {
        // Failed before any line ran: no partial data, no completion time.
        let failed = g.write(|s| {
            let o = s.bulk.ops.get_mut(&id)?;
            o.status = "FAILED".into();
            o.error_code = Some("INTERNAL_SERVER_ERROR".into());
            Some(o.clone())
        });
        if let Some(op) = failed {
            crate::shopify::webhooks::fire(&g.app, &g.shop, "BULK_OPERATIONS_FINISH", bulk::finish_payload(&op));
        }
        return;
    }
    let mut out: Vec<String> = Vec::with_capacity(vars.len());
    for (n, (line, v)) in vars.into_iter().enumerate() {
        let ctx = Gql { app: g.app.clone(), world: g.world.clone(), shop: g.shop.clone(), version: g.version.clone(), in_bulk: true };
        let req = async_graphql::Request::new(mutation.clone()).variables(Variables::from_json(v)).data(ctx);
        let resp = schema().execute(req).await;
        let mut answer = serde_json::to_value(&resp).unwrap_or_else(|_| json!({}));
        answer["__lineNumber"] = json!(line);
        out.push(answer.to_string());
        if line_ms > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(line_ms)).await;
        }
        if n % 64 == 63 {
            g.write(|s| {
                if let Some(o) = s.bulk.ops.get_mut(&id) {
                    o.object_count = n as u64 + 1;
                }
            });
            tokio::task::yield_now().await;
        }
    }
    out.reverse();
    let mut file = out.join("\n").into_bytes();
    file.push(b'\n');
    let done = g.now_ms();
    let count = out.len() as u64;
    let finished = g.write(|s| {
        let o = s.bulk.ops.get_mut(&id)?;
        o.status = "COMPLETED".into();
        o.completed_ms = Some(done);
        o.object_count = count;
        o.result = Some(std::sync::Arc::new(file));
        Some(o.clone())
    });
    if let Some(op) = finished {
        crate::shopify::webhooks::fire(&g.app, &g.shop, "BULK_OPERATIONS_FINISH", bulk::finish_payload(&op));
    }
}

#[Object]
impl BulkMutation {
    async fn bulk_operation_run_mutation(
        &self,
        ctx: &Context<'_>,
        mutation: String,
        staged_upload_path: String,
        client_identifier: Option<String>,
        #[graphql(name = "groupObjects")] _group_objects: Option<bool>,
    ) -> Option<BulkOperationRunMutationPayload> {
        BulkOperationRunMutationPayload::of(start(gql(ctx), mutation, staged_upload_path, client_identifier))
    }
}

#[Object]
impl BulkQuery {
    /// One of this shop's bulk operations (an app sees only its own).
    async fn bulk_operation(&self, ctx: &Context<'_>, id: ID) -> Option<BulkOperation> {
        let g = gql(ctx);
        let id = parse_gid(&id)?;
        let op = g.read(|s| s.bulk.ops.get(&id).cloned())?;
        Some(BulkOperation::of(g, &op))
    }
}

#[cfg(test)]
mod tests {
    use super::{lines, single_mutation};

    #[test]
    fn a_bulk_mutation_is_one_top_level_mutation_field() {
        assert!(single_mutation("mutation($input: ProductSetInput!) { productSet(input: $input) { product { id } } }"));
        assert!(!single_mutation(
            "mutation { a: productDelete(input: {id: \"1\"}) { deletedProductId } b: productDelete(input: {id: \"2\"}) { deletedProductId } }"
        ));
        assert!(!single_mutation("query { shop { name } }"));
        assert!(!single_mutation("mutation { bulkOperationRunMutation(mutation: \"\", stagedUploadPath: \"\") { userErrors { message } } }"));
        assert!(!single_mutation("mutation {"));
    }

    #[test]
    fn every_line_is_a_json_object_and_keeps_its_number() {
        assert_eq!(lines(b"{\"a\":1}\n\n{\"b\":2}\n").unwrap().iter().map(|(n, _)| *n).collect::<Vec<_>>(), vec![0, 2]);
        assert_eq!(lines(b"{\"a\":1}\n[1]\n").unwrap_err(), "Line 2 is not a JSON object of the mutation's variables");
        assert!(lines(b"{\"a\":").is_err());
    }
}
