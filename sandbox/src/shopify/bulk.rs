//! Bulk mutations (`bulkOperationRunMutation`, run in `graphql/bulk.rs`): Shopify runs one
//! mutation once per line of a JSONL file of variables the app staged
//! (`BULK_MUTATION_VARIABLES`, `staged.rs`), outside the per-call cost limit, and answers with a
//! JSONL result file: one line per input line, the mutation's answer plus `__lineNumber` (the
//! input line, from 0), in no promised order. The rules emulated, from the guide "Bulk import
//! data with the GraphQL Admin API" and the `BulkOperation` / `bulkOperationRunMutation`
//! reference pages of 2026-07:
//! - at most five bulk mutation operations run at once per shop from API version 2026-01 (a sixth
//!   is refused with `LIMIT_REACHED`), one before it (`OPERATION_IN_PROGRESS`);
//! - the mutation must be one operation of one top-level mutation field (`INVALID_MUTATION`);
//! - the file must be a staged upload of this shop (`NO_SUCH_FILE`), each line a JSON object
//!   (`INVALID_STAGED_UPLOAD_FILE`), at most 100 MB (the staged upload's policy, `limits.rs`);
//! - status goes CREATED → RUNNING → COMPLETED; the result `url` expires 7 days after completion
//!   (then the operation reads `EXPIRED` and the address answers `ExpiredToken`); a test can have
//!   operations fail (`FAILED`, `INTERNAL_SERVER_ERROR`, no `completedAt`: the sandbox's reading of
//!   a field documented as "when the bulk operation was successfully completed");
//! - `bulk_operations/finish` is sent to the shop's `BULK_OPERATIONS_FINISH` subscriptions with
//!   `admin_graphql_api_id`, `completed_at`, `created_at`, `error_code`, `status` and `type`,
//!   the last three in lower case (the webhook reference), and no result URL.
//!
//! Shopify publishes no processing rate for bulk operations; the sandbox runs the lines as fast
//! as it can, one operation on its own task, so a bench's bulk figure is what the product's side
//! of the path costs, not Shopify's.
use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::model::{gid, normalize_shop};
use super::read_shop;
use crate::AppState;
use crate::util::{hmac_sha256, rfc3339};

/// How long a result file can be read after the operation completes.
pub const RESULT_LIFETIME_MS: i64 = 7 * 24 * 3_600_000;
const SIGNING_KEY: &[u8] = b"sandbox-shopify-bulk-results";

/// A shop's bulk operations by id, and how many ran (what a test counts).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Bulk {
    pub ops: BTreeMap<u64, BulkOp>,
}

#[derive(Debug, Clone, Serialize)]
pub struct BulkOp {
    pub id: u64,
    /// CREATED, RUNNING, COMPLETED or FAILED.
    pub status: String,
    pub error_code: Option<String>,
    pub mutation: String,
    pub staged_key: String,
    pub lines: u64,
    pub created_ms: i64,
    pub completed_ms: Option<i64>,
    pub object_count: u64,
    pub client_identifier: Option<String>,
    /// The result file, once completed.
    #[serde(skip)]
    pub result: Option<Arc<Vec<u8>>>,
}

impl BulkOp {
    /// Counts against the shop's concurrent operations.
    pub fn running(&self) -> bool {
        matches!(self.status.as_str(), "CREATED" | "RUNNING")
    }
    pub fn expired(&self, now_ms: i64) -> bool {
        self.completed_ms.is_some_and(|c| now_ms > c + RESULT_LIFETIME_MS)
    }
    /// The status as read now: a completed operation whose file expired reads EXPIRED.
    pub fn status_at(&self, now_ms: i64) -> &str {
        if self.expired(now_ms) { "EXPIRED" } else { &self.status }
    }
    /// The signed address of the result file, while it can be read.
    pub fn url(&self, base: &str, shop: &str, now_ms: i64) -> Option<String> {
        let done = self.completed_ms?;
        self.result.as_ref().filter(|_| !self.expired(now_ms))?;
        let expires = done + RESULT_LIFETIME_MS;
        Some(format!("{base}/shopify-storage/bulk-results/{shop}/{}.jsonl?expires={expires}&signature={}", self.id, signature(shop, self.id, expires)))
    }
}

/// How many bulk mutations may run at once on a shop at API `version`, and the code a further
/// one is refused with.
pub fn concurrency(version: &str) -> (usize, &'static str) {
    if version >= "2026-01" { (5, "LIMIT_REACHED") } else { (1, "OPERATION_IN_PROGRESS") }
}

fn signature(shop: &str, id: u64, expires: i64) -> String {
    hmac_sha256(SIGNING_KEY, format!("{shop}/{id}/{expires}").as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The `bulk_operations/finish` body.
pub fn finish_payload(op: &BulkOp) -> Value {
    json!({
        "admin_graphql_api_id": gid("BulkOperation", op.id),
        "completed_at": op.completed_ms.map(rfc3339),
        "created_at": rfc3339(op.created_ms),
        "error_code": op.error_code.as_deref().map(str::to_lowercase),
        "status": op.status.to_lowercase(),
        "type": "mutation",
    })
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/shopify-storage/bulk-results/{shop}/{file}", get(result))
}

#[derive(Deserialize)]
struct Signed {
    expires: Option<i64>,
    signature: Option<String>,
}

fn storage_error(status: StatusCode, code: &str, message: &str) -> Response {
    let body = format!("<?xml version='1.0' encoding='UTF-8'?><Error><Code>{code}</Code><Message>{message}</Message></Error>");
    (status, [("content-type", "application/xml; charset=UTF-8")], body).into_response()
}

/// The result file, as the storage serves a signed address: refused when the signature does not
/// match, and once expired.
async fn result(State(app): State<AppState>, Path((shop, file)): Path<(String, String)>, Query(q): Query<Signed>) -> Response {
    let shop = normalize_shop(&shop);
    let id: Option<u64> = file.strip_suffix(".jsonl").and_then(|n| n.parse().ok());
    let (Some(id), Some(expires), Some(sig)) = (id, q.expires, q.signature) else {
        return storage_error(StatusCode::FORBIDDEN, "AccessDenied", "Anonymous caller does not have storage.objects.get access.");
    };
    if signature(&shop, id, expires) != sig {
        return storage_error(StatusCode::FORBIDDEN, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.");
    }
    let w = app.world();
    if w.clock.now_ms() > expires {
        return storage_error(StatusCode::BAD_REQUEST, "ExpiredToken", "The provided token has expired.");
    }
    match read_shop(&w, &shop, |s| s.bulk.ops.get(&id).and_then(|o| o.result.clone())).flatten() {
        Some(bytes) => (StatusCode::OK, [("content-type", "application/jsonl")], bytes.as_ref().clone()).into_response(),
        None => storage_error(StatusCode::NOT_FOUND, "NoSuchKey", "The specified key does not exist."),
    }
}
