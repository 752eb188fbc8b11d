//! Stripe's request bodies: form-encoded with bracketed keys that nest (`a[b][0][c]=v`), where
//! an empty bracket appends (`enabled_events[]=x`); or JSON. Lists come out as JSON arrays.
use axum::http::HeaderMap;
use serde_json::{Map, Value};

pub fn params(headers: &HeaderMap, body: &[u8]) -> Value {
    let json = headers.get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("json"));
    if json {
        return serde_json::from_slice(body).unwrap_or_else(|_| Value::Object(Map::new()));
    }
    let mut root = Value::Object(Map::new());
    let Ok(url) = reqwest::Url::parse(&format!("http://form/?{}", String::from_utf8_lossy(body))) else { return root };
    for (k, v) in url.query_pairs() {
        let path: Vec<&str> = k.split('[').map(|s| s.trim_end_matches(']')).collect();
        insert(&mut root, &path, Value::String(v.into_owned()));
    }
    arrays(root)
}

fn insert(node: &mut Value, path: &[&str], v: Value) {
    let Some(map) = node.as_object_mut() else { return };
    let key = match path[0] {
        "" => map.len().to_string(),
        k => k.to_string(),
    };
    if path.len() == 1 {
        map.insert(key, v);
    } else {
        insert(map.entry(key).or_insert_with(|| Value::Object(Map::new())), &path[1..], v);
    }
}

/// Objects whose keys are 0, 1, 2 … become arrays, as Stripe reads `line_items[0]`.
fn arrays(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let indexed = !m.is_empty() && (0..m.len()).all(|i| m.contains_key(&i.to_string()));
            if indexed {
                let mut m = m;
                Value::Array((0..m.len()).map(|i| arrays(m.remove(&i.to_string()).unwrap_or(Value::Null))).collect())
            } else {
                Value::Object(m.into_iter().map(|(k, v)| (k, arrays(v))).collect())
            }
        }
        other => other,
    }
}

/// What a call takes, as Stripe's API reference lists it: each known key and, for a map or a
/// list of maps, what that takes in turn. `Free` is a map of the caller's own keys (metadata).
pub enum Shape {
    Value,
    Free,
    Map(&'static [(&'static str, Shape)]),
    List(&'static Shape),
}

/// The first parameter `shape` does not name, spelled as Stripe names it in its
/// `parameter_unknown` error (`line_items[0][price_data][amount]`).
pub fn unknown_param(p: &Value, shape: &Shape) -> Option<String> {
    walk(p, shape, "")
}

fn walk(v: &Value, shape: &Shape, at: &str) -> Option<String> {
    let name = |k: &str| if at.is_empty() { k.to_string() } else { format!("{at}[{k}]") };
    match (shape, v) {
        (Shape::Map(keys), Value::Object(m)) => m.iter().find_map(|(k, v)| match keys.iter().find(|(name, _)| name == k) {
            Some((_, inner)) => walk(v, inner, &name(k)),
            None => Some(name(k)),
        }),
        (Shape::List(inner), Value::Array(items)) => items.iter().enumerate().find_map(|(i, v)| walk(v, inner, &name(&i.to_string()))),
        // A map where a plain value belongs (`amount[x]=1`) names the key Stripe does not know.
        (Shape::Value, Value::Object(m)) => m.keys().next().map(|k| name(k)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_nest_and_indexes_make_lists() {
        let body = b"line_items[0][price_data][unit_amount]=2500&line_items[0][quantity]=1&metadata[purpose]=t&enabled_events[]=a&enabled_events[]=b";
        let p = params(&HeaderMap::new(), body);
        assert_eq!(p["line_items"][0]["price_data"]["unit_amount"], "2500");
        assert_eq!(p["line_items"][0]["quantity"], "1");
        assert_eq!(p["metadata"]["purpose"], "t");
        assert_eq!(p["enabled_events"], serde_json::json!(["a", "b"]));
    }

    #[test]
    fn unknown_parameters_are_named_with_their_brackets() {
        const ITEM: Shape = Shape::Map(&[("price_data", Shape::Map(&[("unit_amount", Shape::Value)])), ("quantity", Shape::Value)]);
        const TOP: Shape = Shape::Map(&[("line_items", Shape::List(&ITEM)), ("metadata", Shape::Free)]);
        let ok = params(&HeaderMap::new(), b"line_items[0][price_data][unit_amount]=1&metadata[anything]=x");
        assert_eq!(unknown_param(&ok, &TOP), None);
        let nested = params(&HeaderMap::new(), b"line_items[0][quantity]=1&line_items[1][price_data][amount]=1");
        assert_eq!(unknown_param(&nested, &TOP).as_deref(), Some("line_items[1][price_data][amount]"));
        let top = params(&HeaderMap::new(), b"amount=1");
        assert_eq!(unknown_param(&top, &TOP).as_deref(), Some("amount"));
    }
}
