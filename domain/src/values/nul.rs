//! NUL characters, which PostgreSQL text and JSONB cannot hold. A request that carries one is
//! refused naming the field (`first_path`); what a platform sends is kept with them taken out
//! (`strip`), so an order whose address holds one is still stored and shown.
use serde_json::Value;

/// The path (`address.city`, `items[2].title`) of the first key or string holding a NUL.
pub fn first_path(v: &Value) -> Option<String> {
    fn walk(v: &Value, at: &str) -> Option<String> {
        match v {
            Value::String(s) if s.contains('\0') => Some(at.to_string()),
            Value::Array(items) => items.iter().enumerate().find_map(|(i, x)| walk(x, &format!("{at}[{i}]"))),
            Value::Object(m) => m.iter().find_map(|(k, x)| {
                let here = if at.is_empty() { k.clone() } else { format!("{at}.{k}") };
                if k.contains('\0') { Some(here) } else { walk(x, &here) }
            }),
            _ => None,
        }
    }
    walk(v, "")
}

/// Takes every NUL out of the value's keys and strings.
pub fn strip(v: &mut Value) {
    match v {
        Value::String(s) if s.contains('\0') => s.retain(|c| c != '\0'),
        Value::Array(items) => items.iter_mut().for_each(strip),
        Value::Object(m) if m.keys().any(|k| k.contains('\0')) => {
            let taken = std::mem::take(m);
            for (k, mut x) in taken {
                strip(&mut x);
                m.insert(k.replace('\0', ""), x);
            }
        }
        Value::Object(m) => m.values_mut().for_each(strip),
        _ => {}
    }
}

/// Whether a JSON text may hold a NUL at all: only through the escape `\u0000`.
pub fn may_hold_nul(json: &[u8]) -> bool {
    json.windows(6).any(|w| w.eq_ignore_ascii_case(b"\\u0000"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_nul_is_found_by_its_path_and_taken_out_of_platform_data() {
        let mut v = json!({ "email": "a@b.c", "address": { "city": "Spring\u{0}field" }, "items": [{ "title": "ok" }, { "title": "x\u{0}" }] });
        assert_eq!(first_path(&v).as_deref(), Some("address.city"));
        strip(&mut v);
        assert_eq!(first_path(&v), None);
        assert_eq!(v["address"]["city"], "Springfield");
        assert!(may_hold_nul(br#"{"a":"\u0000"}"#) && !may_hold_nul(br#"{"a":"b"}"#));
    }
}
