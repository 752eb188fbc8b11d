//! Reading Shopify's `extensions.cost` (shopify.dev, "GraphQL Admin API rate limits"): a query
//! needs its requested cost in the bucket to run, is charged its actual cost (what it returned:
//! a connection that holds fewer nodes than `first`, a null object), and the difference is given
//! back; a THROTTLED query does not run and is charged nothing (`actualQueryCost` null).
use serde_json::Value;
use std::time::Duration;

/// What the shared bucket should get back of the `reserved` points once Shopify has answered:
/// the part it did not charge. Negative when Shopify charged more than was reserved (a cost the
/// caller guessed short). Zero when the answer says nothing of cost.
pub fn unreserved(answer: &Value, reserved: f64) -> f64 {
    let cost = &answer["extensions"]["cost"];
    let throttled = answer["errors"].as_array().is_some_and(|e| e.iter().any(|e| e["extensions"]["code"] == "THROTTLED"));
    match cost["actualQueryCost"].as_f64() {
        Some(actual) => reserved - actual,
        None if throttled => reserved,
        None => 0.0,
    }
}

/// How long to wait when Shopify answered THROTTLED: until the bucket holds the cost asked.
pub fn throttled_wait(answer: &Value) -> Option<Duration> {
    let errors = answer["errors"].as_array()?;
    let throttled = errors.iter().find(|e| e["extensions"]["code"] == "THROTTLED")?;
    let cost = answer["extensions"]["cost"].clone();
    let cost = if cost.is_null() { throttled["extensions"]["cost"].clone() } else { cost };
    let requested = cost["requestedQueryCost"].as_f64().unwrap_or(50.0);
    let status = &cost["throttleStatus"];
    let available = status["currentlyAvailable"].as_f64().unwrap_or(0.0);
    let rate = status["restoreRate"].as_f64().filter(|r| *r > 0.0).unwrap_or(50.0);
    Some(Duration::from_secs_f64(((requested - available) / rate).clamp(0.05, 20.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn throttled_answers_wait_for_the_missing_points() {
        let a = json!({"errors": [{"message": "Throttled", "extensions": {"code": "THROTTLED"}}],
            "extensions": {"cost": {"requestedQueryCost": 152, "throttleStatus": {"maximumAvailable": 1000, "currentlyAvailable": 52, "restoreRate": 50}}}});
        assert_eq!(throttled_wait(&a), Some(Duration::from_secs(2)));
        assert_eq!(throttled_wait(&json!({"data": {}})), None);
    }

    #[test]
    fn what_shopify_did_not_charge_goes_back_to_the_bucket() {
        let cost = |requested: u64, actual: Value| json!({"cost": {"requestedQueryCost": requested, "actualQueryCost": actual}});
        // A read of 69 requested points that found one fulfillment order of one line: 6 charged.
        assert_eq!(unreserved(&json!({"data": {}, "extensions": cost(69, json!(6))}), 69.0), 63.0);
        // Reserved 20 for a read that cost 33: 13 more are taken.
        assert_eq!(unreserved(&json!({"data": {}, "extensions": cost(33, json!(33))}), 20.0), -13.0);
        // THROTTLED: nothing ran, nothing was charged.
        let throttled = json!({"errors": [{"message": "Throttled", "extensions": {"code": "THROTTLED"}}], "extensions": cost(69, Value::Null)});
        assert_eq!(unreserved(&throttled, 69.0), 69.0);
        assert_eq!(unreserved(&json!({"data": {}}), 69.0), 0.0);
    }
}
