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

/// Stripe refuses a parameter it does not know (`parameter_unknown`): the first top-level key
/// outside `known`.
pub fn unknown<'a>(p: &'a Value, known: &[&str]) -> Option<&'a str> {
    p.as_object()?.keys().map(String::as_str).find(|k| !known.contains(k))
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
}
