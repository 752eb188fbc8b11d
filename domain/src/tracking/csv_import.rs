//! Tracking numbers from a CSV file (`order`, `tracking_number`, optional `carrier`): every good
//! row becomes a parcel through `shipments::add` (origin `csv`), every bad row is answered with
//! its line and reason; only a file that is not CSV or lacks the header is refused whole.
use serde::Serialize;
use sqlx::PgPool;
use std::collections::{HashMap, HashSet};
use tracing::instrument;
use utoipa::ToSchema;
use uuid::Uuid;

use super::shipments::{self, NewShipment};
use crate::error::{Error, Result};

/// The spec's order-module file limit (5 MB).
pub const MAX_BYTES: usize = 5 * 1024 * 1024;
/// Good rows written per transaction: few commits for a large file, and a failure keeps the
/// rows before it.
const CHUNK: usize = 200;

/// What the import did: how many parcels are new, and every row's outcome.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrackingImport {
    pub imported: u64,
    pub rows: Vec<RowResult>,
}

/// One row of the file and what became of it.
#[derive(Debug, Serialize, ToSchema)]
pub struct RowResult {
    /// The row's line in the file (the header is line 1).
    pub row: u64,
    pub order: String,
    pub tracking_number: String,
    /// imported, duplicate or error.
    pub status: &'static str,
    pub error: Option<String>,
}

struct Good {
    at: usize,
    order_id: i64,
    number: String,
    carrier: Option<String>,
}

/// A row as read: line, order, tracking number, carrier.
type Raw = (u64, String, String, Option<String>);

/// Reads the file's rows; a file that is not CSV or has no `order` / `tracking_number` header
/// is a 422 naming `file`.
pub fn parse(bytes: &[u8]) -> Result<Vec<Raw>> {
    let bad = |m: String| Error::field("file", m);
    if bytes.len() > MAX_BYTES {
        return Err(bad(format!("the file is larger than {} MB", MAX_BYTES / 1024 / 1024)));
    }
    let text = std::str::from_utf8(bytes).map_err(|_| bad("the file is not a CSV text file (UTF-8)".into()))?;
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = csv::ReaderBuilder::new().flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| bad(format!("the file is not CSV: {e}")))?.clone();
    let column = |name: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(name));
    let (Some(order), Some(number)) = (column("order"), column("tracking_number")) else {
        return Err(bad("the first row must name the columns order, tracking_number and optionally carrier".into()));
    };
    let carrier = column("carrier");
    let mut rows = vec![];
    // The reader's own line count skips blank lines; the user's editor does not.
    let (mut at, mut line) = (0, 1);
    for record in reader.records() {
        let record = record.map_err(|e| bad(format!("the file is not CSV: {e}")))?;
        // The position is where the reader began, before the blank lines it skipped.
        let mut start = record.position().map_or(at, |p| p.byte() as usize);
        while matches!(text.as_bytes().get(start), Some(b'\n' | b'\r')) {
            start += 1;
        }
        line += text.as_bytes()[at..start.max(at)].iter().filter(|b| **b == b'\n').count() as u64;
        at = start.max(at);
        if record.iter().all(str::is_empty) {
            continue;
        }
        let field = |i: Option<usize>| i.and_then(|i| record.get(i)).unwrap_or("").to_string();
        rows.push((line, field(Some(order)), field(Some(number)), Some(field(carrier)).filter(|c| !c.is_empty())));
    }
    Ok(rows)
}

/// Imports the file for the workplace; `{imported, rows}`.
#[instrument(skip_all)]
pub async fn import(pool: &PgPool, workplace_id: Uuid, bytes: &[u8]) -> Result<TrackingImport> {
    let raw = parse(bytes)?;
    let orders = resolve(pool, workplace_id, raw.iter().map(|r| r.1.as_str())).await?;
    let mut results: Vec<RowResult> = vec![];
    let mut good: Vec<Good> = vec![];
    let mut seen: HashSet<(i64, String)> = HashSet::new();
    for (line, order, number, carrier) in raw {
        let mut result = RowResult { row: line, order: order.clone(), tracking_number: number.clone(), status: "error", error: None };
        let checked = if order.is_empty() {
            Err("missing order".to_string())
        } else if number.is_empty() {
            Err("missing tracking_number".to_string())
        } else {
            match (orders.get(order.as_str()), shipments::parse_number(&number)) {
                (None, _) => Err(format!("unknown order {order}")),
                (Some(Err(m)), _) => Err(m.clone()),
                (_, Err(m)) => Err(m),
                (Some(Ok(id)), Ok(n)) => Ok((*id, n)),
            }
        };
        match checked {
            Err(m) => result.error = Some(m),
            Ok((order_id, n)) if !seen.insert((order_id, n.clone())) => {
                result.status = "duplicate";
                result.error = Some("the same tracking number for this order is earlier in the file".into());
            }
            Ok((order_id, n)) => {
                result.tracking_number = n.clone();
                good.push(Good { at: results.len(), order_id, number: n, carrier });
            }
        }
        results.push(result);
    }
    let mut imported = 0;
    for chunk in good.chunks(CHUNK) {
        let mut tx = crate::db::begin(pool).await?;
        for g in chunk {
            // Serialises with other additions to the order (manual, supplier sync).
            sqlx::query("SELECT id FROM orders WHERE id = $1 AND workplace_id = $2 FOR UPDATE").bind(g.order_id).bind(workplace_id).execute(&mut *tx).await?;
            let s = NewShipment {
                workplace_id,
                order_id: g.order_id,
                source_order_id: None,
                tracking_number: &g.number,
                carrier: g.carrier.as_deref(),
                origin: "csv",
            };
            let (_, new) = shipments::add(&mut tx, &s).await?;
            let r = &mut results[g.at];
            if new {
                r.status = "imported";
                imported += 1;
            } else {
                r.status = "duplicate";
                r.error = Some("the order already has this tracking number".into());
            }
        }
        tx.commit().await?;
    }
    Ok(TrackingImport { imported, rows: results })
}

/// The workplace's orders the file names: by name (`#1001`, or `1001` for `#1001`), else by
/// platform order id. A name two stores share is ambiguous.
async fn resolve<'a>(pool: &PgPool, workplace_id: Uuid, keys: impl Iterator<Item = &'a str>) -> Result<HashMap<String, std::result::Result<i64, String>>> {
    let keys: Vec<&str> = keys.filter(|k| !k.is_empty()).collect::<HashSet<_>>().into_iter().collect();
    let names: Vec<String> = keys.iter().flat_map(|k| [k.to_string(), format!("#{k}")]).collect();
    let rows: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, name, platform_order_id FROM orders WHERE workplace_id = $1 AND (name = ANY($2) OR platform_order_id = ANY($3))")
            .bind(workplace_id)
            .bind(&names)
            .bind(&keys)
            .fetch_all(pool)
            .await?;
    let mut out = HashMap::new();
    for k in keys {
        let hash = format!("#{k}");
        let by = |f: &dyn Fn(&(i64, String, String)) -> bool| rows.iter().filter(|r| f(r)).map(|r| r.0).collect::<Vec<_>>();
        let mut found = by(&|r| r.1 == k);
        if found.is_empty() {
            found = by(&|r| r.1 == hash);
        }
        if found.is_empty() {
            found = by(&|r| r.2 == k);
        }
        match found.as_slice() {
            [] => {}
            [id] => {
                out.insert(k.to_string(), Ok(*id));
            }
            many => {
                out.insert(k.to_string(), Err(format!("{} orders are named {k}; use the platform order id", many.len())));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_keep_their_lines_and_a_file_without_the_header_is_refused() {
        let rows = parse(b"\xef\xbb\xbfOrder,Tracking_Number,Carrier\n#1001, LP 123456 ,Cainiao\n\n1002,,\n").unwrap();
        assert_eq!(rows, vec![(2, "#1001".into(), "LP 123456".into(), Some("Cainiao".into())), (4, "1002".into(), String::new(), None)]);
        assert!(parse(b"name,number\nx,y\n").is_err());
        assert!(parse(&[0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]).is_err());
    }
}
