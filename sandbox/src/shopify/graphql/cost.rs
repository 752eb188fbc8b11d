//! Shopify-style static query cost and the per-shop leaky bucket.
//! Rules (as Shopify documents them, shopify.dev "GraphQL Admin API rate limits"): a scalar
//! costs 0, an object 1, a connection 2 plus `first`/`last` times the cost of each node (a
//! connection of scalars returns no objects: 2), a mutation 10. `edges`, `node`, `nodes` and `pageInfo` are free wrappers.
use async_graphql::parser::types::{DocumentOperations, ExecutableDocument, OperationDefinition, OperationType, Selection, SelectionSet};
use async_graphql::{Name, Value};
use serde_json::Value as Json;

use super::super::model::Bucket;

pub const MAX_QUERY_COST: u64 = 1000;

/// Points restored per second by the shop's plan (Shopify's GraphQL Admin rate limits: Standard
/// 100, Advanced 200, Plus 1,000, Enterprise 2,000); the bucket holds 20 seconds of it.
pub fn plan_rate(plan: &str) -> Option<f64> {
    match plan {
        "standard" => Some(100.0),
        "advanced" => Some(200.0),
        "plus" => Some(1000.0),
        "enterprise" => Some(2000.0),
        _ => None,
    }
}

pub fn plan_bucket(plan: &str, now_ms: i64) -> Option<Bucket> {
    let rate = plan_rate(plan)?;
    Some(Bucket {
        plan: plan.to_string(),
        maximum: 20.0 * rate,
        available: 20.0 * rate,
        restore_rate: rate,
        updated_ms: now_ms,
        enabled: true,
        throttled_replies: 0,
        points_charged: 0.0,
    })
}

fn operation<'a>(doc: &'a ExecutableDocument, operation: Option<&str>) -> Option<&'a OperationDefinition> {
    Some(match &doc.operations {
        DocumentOperations::Single(op) => &op.node,
        DocumentOperations::Multiple(map) => match operation {
            Some(name) => &map.get(&Name::new(name))?.node,
            None => &map.values().next()?.node,
        },
    })
}

pub fn requested_cost(query: &str, operation_name: Option<&str>, vars: &serde_json::Value) -> Option<u64> {
    let doc = async_graphql::parser::parse_query(query).ok()?;
    let op = operation(&doc, operation_name)?;
    let mutation = op.ty == OperationType::Mutation;
    let mut total = 0u64;
    let cx = Cx { doc: &doc, vars };
    for item in &op.selection_set.node.items {
        for (f, sub) in cx.fields(&item.node) {
            let c = cx.field_cost(f, sub);
            // Each top-level mutation field costs 10 (plus what it returns is ignored, as Shopify does).
            total += if mutation { 10 } else { c };
        }
    }
    Some(total.max(1))
}

/// What a query is charged once it has run ("Requested and actual cost": the requested cost is
/// reserved, the actual one is what the answer holds and the difference is refunded): each
/// connection 2 plus what its returned nodes cost (each at least 1) rather than `first` of them,
/// an object 1 plus what it returned (a null object 1), a scalar 0. Never above the requested
/// cost, and never below what Shopify would charge: a mutation, an answer with errors or one
/// this cannot read keeps its requested cost (`None`).
pub fn actual_cost(query: &str, operation_name: Option<&str>, vars: &serde_json::Value, answer: &Json) -> Option<u64> {
    if query.trim_start().starts_with("mutation") || answer["errors"].as_array().is_some_and(|e| !e.is_empty()) {
        return None;
    }
    let doc = async_graphql::parser::parse_query(query).ok()?;
    let op = operation(&doc, operation_name)?;
    if op.ty != OperationType::Query {
        return None;
    }
    let cx = Cx { doc: &doc, vars };
    Some(cx.set_actual(&op.selection_set.node, &answer["data"]).max(1))
}

struct Cx<'a> {
    doc: &'a ExecutableDocument,
    vars: &'a serde_json::Value,
}

type FieldRef<'a> = (&'a async_graphql::parser::types::Field, &'a SelectionSet);

impl<'a> Cx<'a> {
    /// Flattens fragments into the plain fields of a selection.
    fn fields(&self, sel: &'a Selection) -> Vec<FieldRef<'a>> {
        match sel {
            Selection::Field(f) => vec![(&f.node, &f.node.selection_set.node)],
            Selection::InlineFragment(fr) => fr.node.selection_set.node.items.iter().flat_map(|i| self.fields(&i.node)).collect(),
            Selection::FragmentSpread(sp) => match self.doc.fragments.get(&sp.node.fragment_name.node) {
                Some(def) => def.node.selection_set.node.items.iter().flat_map(|i| self.fields(&i.node)).collect(),
                None => vec![],
            },
        }
    }

    fn set_cost(&self, set: &'a SelectionSet) -> u64 {
        set.items.iter().flat_map(|i| self.fields(&i.node)).map(|(f, s)| self.field_cost(f, s)).sum()
    }

    fn field_cost(&self, f: &'a async_graphql::parser::types::Field, sub: &'a SelectionSet) -> u64 {
        if sub.items.is_empty() {
            return 0;
        }
        let name = f.name.node.as_str();
        if matches!(name, "edges" | "node" | "nodes" | "pageInfo") {
            return self.set_cost(sub);
        }
        let size = f.arguments.iter().find(|(n, _)| matches!(n.node.as_str(), "first" | "last")).and_then(|(_, v)| {
            // Literal or `$variable`: resolve against the request's variables.
            let resolved = v.node.clone().into_const_with(|name| {
                let j = self.vars.get(name.as_str()).cloned().unwrap_or(serde_json::Value::Null);
                Ok::<_, ()>(Value::from_json(j).unwrap_or(Value::Null))
            });
            match resolved.ok()? {
                Value::Number(n) => n.as_u64(),
                _ => None,
            }
        });
        match size {
            // A connection of strings (`productTags`) returns no objects: 2 whatever its size.
            Some(_) if self.scalar_nodes(sub) => 2,
            Some(n) => 2 + n * self.set_cost(sub).max(1),
            None => 1 + self.set_cost(sub),
        }
    }

    fn set_actual(&self, set: &'a SelectionSet, v: &Json) -> u64 {
        set.items.iter().flat_map(|i| self.fields(&i.node)).map(|(f, s)| self.field_actual(f, s, &v[f.response_key().node.as_str()])).sum()
    }

    /// `field_cost` with what the answer returned in place of what could have been.
    fn field_actual(&self, f: &'a async_graphql::parser::types::Field, sub: &'a SelectionSet, v: &Json) -> u64 {
        if sub.items.is_empty() {
            return 0;
        }
        // The most any one element costs: never more than `set_cost(sub)`, as the request counted.
        let each = |v: &Json| match v {
            Json::Array(items) => items.iter().map(|i| self.set_actual(sub, i)).max().unwrap_or(0),
            other => self.set_actual(sub, other),
        };
        if matches!(f.name.node.as_str(), "edges" | "node" | "nodes" | "pageInfo") {
            return each(v);
        }
        let paged = f.arguments.iter().any(|(n, _)| matches!(n.node.as_str(), "first" | "last"));
        match v {
            _ if paged && self.scalar_nodes(sub) => 2,
            // A list taken with `first` (an order's fulfillments).
            Json::Array(items) if paged => 2 + items.iter().map(|i| self.set_actual(sub, i).max(1)).sum::<u64>(),
            Json::Object(_) if paged => 2 + self.connection_nodes(sub, v),
            _ if paged => 2,
            Json::Array(_) => 1 + each(v),
            _ => 1 + self.set_actual(sub, v),
        }
    }

    /// What the nodes a connection returned cost, read from its `nodes` or `edges { node }`.
    fn connection_nodes(&self, sub: &'a SelectionSet, v: &Json) -> u64 {
        let mut most = 0;
        for (f, s) in sub.items.iter().flat_map(|i| self.fields(&i.node)) {
            let items = v[f.response_key().node.as_str()].as_array().cloned().unwrap_or_default();
            let cost: u64 = match f.name.node.as_str() {
                "nodes" => items.iter().map(|n| self.set_actual(s, n).max(1)).sum(),
                "edges" => {
                    let node = s.items.iter().flat_map(|i| self.fields(&i.node)).find(|(f, _)| f.name.node.as_str() == "node");
                    let Some((nf, ns)) = node else { continue };
                    items.iter().map(|e| self.set_actual(ns, &e[nf.response_key().node.as_str()]).max(1)).sum()
                }
                _ => continue,
            };
            most = most.max(cost);
        }
        most
    }

    /// Whether a connection's selection reads its nodes as scalars (`nodes` or `edges { node }`
    /// with no fields under them).
    fn scalar_nodes(&self, sub: &'a SelectionSet) -> bool {
        let fields: Vec<FieldRef<'a>> = sub.items.iter().flat_map(|i| self.fields(&i.node)).collect();
        let bare = |name: &str, list: &[FieldRef<'a>]| list.iter().any(|(f, s)| f.name.node.as_str() == name && s.items.is_empty());
        bare("nodes", &fields)
            || fields
                .iter()
                .any(|(f, s)| f.name.node.as_str() == "edges" && bare("node", &s.items.iter().flat_map(|i| self.fields(&i.node)).collect::<Vec<_>>()))
    }
}

/// Refill the bucket from the (virtual) clock. A request that read the clock before waiting for
/// the shop's lock never moves the bucket's time back: the restore since would count twice.
pub fn refill(b: &mut Bucket, now_ms: i64) {
    if now_ms <= b.updated_ms {
        return;
    }
    let elapsed = (now_ms - b.updated_ms).max(0) as f64 / 1000.0;
    b.available = (b.available + elapsed * b.restore_rate).min(b.maximum);
    b.updated_ms = now_ms;
}

pub fn cost_extension(requested: u64, actual: u64, b: &Bucket) -> serde_json::Value {
    serde_json::json!({"cost": {
        "requestedQueryCost": requested,
        "actualQueryCost": actual,
        "throttleStatus": {
            "maximumAvailable": b.maximum,
            "currentlyAvailable": b.available.floor(),
            "restoreRate": b.restore_rate,
        }
    }})
}
