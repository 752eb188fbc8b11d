//! Order automation flows (`/orders/v7/automation/panel`): the user's rules, validated whole
//! (every bad field named at once) and stored per workplace. Running them is `automation.rs`.
use chrono::{DateTime, NaiveTime, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::PgPool;
use tracing::instrument;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{Error, FieldErrors, Result};

pub const TRIGGERS: [&str; 2] = ["new_order", "request_fulfillment"];
pub const CONDITIONS: [&str; 3] = ["order_item_count", "order_value", "order_profit_margin"];
pub const OPERATORS: [&str; 3] = ["lower_than", "equal_to", "higher_than"];
pub const ACTIONS: [&str; 2] = ["create_and_pay", "create_and_send_confirmation"];
pub const PAYMENT_USES: [&str; 3] = ["auto", "wallet", "card"];
/// More rules than anyone writes by hand; bounds the work done per new order.
const MAX_CONDITIONS: usize = 20;

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct Condition {
    pub name: String,
    pub operator: String,
    pub value: f64,
}

/// A flow as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Flow {
    pub id: i64,
    pub name: String,
    #[schema(value_type = Object)]
    pub when: Value,
    #[schema(value_type = Object)]
    pub condition: Value,
    #[schema(value_type = Object)]
    pub then: Value,
    pub status: String,
    #[schema(value_type = Object)]
    pub time_schedule: Value,
    pub last_activity_at: Option<DateTime<Utc>>,
}

/// A validated flow, ready to store.
#[derive(Debug, Clone)]
pub struct FlowInput {
    pub name: String,
    pub triggers: Vec<String>,
    pub conditions: Vec<Condition>,
    pub action: String,
    pub payment_use: String,
    pub payment_method: Option<String>,
    pub status: String,
    pub schedule: String,
    pub schedule_time: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    name: String,
    triggers: Vec<String>,
    conditions: Value,
    action: String,
    payment_use: String,
    payment_method: Option<String>,
    status: String,
    schedule: String,
    schedule_time: Option<String>,
    last_activity_at: Option<DateTime<Utc>>,
}

impl From<Row> for Flow {
    fn from(r: Row) -> Flow {
        Flow {
            id: r.id,
            name: r.name,
            when: json!({ "types": r.triggers }),
            condition: json!({ "query": "and", "names": r.conditions }),
            then: json!({ "action": r.action, "payment_preference": { "use": r.payment_use, "method": r.payment_method } }),
            status: r.status,
            time_schedule: json!({ "schedule": r.schedule, "time": r.schedule_time }),
            last_activity_at: r.last_activity_at,
        }
    }
}

fn one_of(errors: &mut FieldErrors, field: &str, v: &Value, allowed: &[&str], default: Option<&str>) -> String {
    match (v.as_str(), default) {
        (Some(s), _) if allowed.contains(&s) => s.to_string(),
        (None, Some(d)) if v.is_null() => d.to_string(),
        _ => {
            errors.entry(field.into()).or_default().push(format!("must be one of {}", allowed.join(", ")));
            String::new()
        }
    }
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|f: &f64| f.is_finite())
}

/// Checks every field of a posted flow; the 422 names each bad one (`when.types`,
/// `condition.names[1].operator`, `time_schedule.time`, ...).
pub fn parse(v: &Value) -> Result<FlowInput> {
    let mut e = FieldErrors::new();
    let name = match &v["name"] {
        Value::Null => String::new(),
        Value::String(s) if s.chars().count() <= 255 => s.trim().to_string(),
        _ => {
            e.entry("name".into()).or_default().push("must be text of at most 255 characters".into());
            String::new()
        }
    };
    let mut triggers = vec![];
    match v["when"]["types"].as_array() {
        Some(list) if !list.is_empty() => {
            for (i, t) in list.iter().enumerate() {
                let t = one_of(&mut e, &format!("when.types[{i}]"), t, &TRIGGERS, None);
                if !t.is_empty() && !triggers.contains(&t) {
                    triggers.push(t);
                }
            }
        }
        _ => {
            e.entry("when.types".into()).or_default().push(format!("choose at least one of {}", TRIGGERS.join(", ")));
        }
    }
    if !matches!(v["condition"]["query"].as_str(), None | Some("and")) {
        e.entry("condition.query".into()).or_default().push("must be and".into());
    }
    let mut conditions = vec![];
    match &v["condition"]["names"] {
        Value::Null => {}
        Value::Array(list) if list.len() <= MAX_CONDITIONS => {
            for (i, c) in list.iter().enumerate() {
                let name = one_of(&mut e, &format!("condition.names[{i}].name"), &c["name"], &CONDITIONS, None);
                let operator = one_of(&mut e, &format!("condition.names[{i}].operator"), &c["operator"], &OPERATORS, None);
                let value = number(&c["value"]).filter(|n| *n >= 0.0);
                if value.is_none() {
                    e.entry(format!("condition.names[{i}].value")).or_default().push("must be a number, zero or more".into());
                }
                conditions.push(Condition { name, operator, value: value.unwrap_or(0.0) });
            }
        }
        _ => {
            e.entry("condition.names".into()).or_default().push(format!("must be a list of at most {MAX_CONDITIONS} conditions"));
        }
    }
    let action = one_of(&mut e, "then.action", &v["then"]["action"], &ACTIONS, None);
    let pref = &v["then"]["payment_preference"];
    let payment_use = one_of(&mut e, "then.payment_preference.use", &pref["use"], &PAYMENT_USES, Some("auto"));
    let payment_method = match &pref["method"] {
        Value::Null => None,
        Value::String(s) if s.len() <= 64 => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
        _ => {
            e.entry("then.payment_preference.method".into()).or_default().push("must be text".into());
            None
        }
    };
    let status = one_of(&mut e, "status", &v["status"], &["active", "inactive"], Some("active"));
    let ts = &v["time_schedule"];
    let schedule = one_of(&mut e, "time_schedule.schedule", &ts["schedule"], &["immediately", "scheduled"], Some("immediately"));
    let schedule_time = match ts["time"].as_str().map(str::trim).filter(|s| !s.is_empty()) {
        Some(t) if NaiveTime::parse_from_str(t, "%H:%M").is_ok() && t.len() == 5 => Some(t.to_string()),
        Some(_) => {
            e.entry("time_schedule.time".into()).or_default().push("must be HH:MM (UTC)".into());
            None
        }
        None if schedule == "scheduled" => {
            e.entry("time_schedule.time".into()).or_default().push("a scheduled flow needs a time, HH:MM (UTC)".into());
            None
        }
        None => None,
    };
    Error::check(e)?;
    Ok(FlowInput { name, triggers, conditions, action, payment_use, payment_method, status, schedule, schedule_time })
}

const COLUMNS: &str = "id, name, triggers, conditions, action, payment_use, payment_method, status, schedule, schedule_time, last_activity_at";

#[instrument(skip_all, fields(%workplace_id))]
pub async fn list(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<Flow>> {
    let rows: Vec<Row> =
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM order_automation_flows WHERE workplace_id = $1 ORDER BY id")).bind(workplace_id).fetch_all(pool).await?;
    Ok(rows.into_iter().map(Flow::from).collect())
}

/// Creates (`id` None) or replaces the flow; a flow of another workplace is not found.
#[instrument(skip_all, fields(%workplace_id))]
pub async fn save(pool: &PgPool, workplace_id: Uuid, id: Option<i64>, f: &FlowInput) -> Result<Flow> {
    let conditions = serde_json::to_value(&f.conditions).map_err(anyhow::Error::from)?;
    let sql = match id {
        None => format!(
            "INSERT INTO order_automation_flows (workplace_id, name, trigger, triggers, conditions, action, payment_use, payment_method, status, schedule, schedule_time)
             VALUES ($1, $3, $4[1], $4, $5, $6, $7, $8, $9, $10, $11) RETURNING {COLUMNS}"
        ),
        Some(_) => format!(
            "UPDATE order_automation_flows SET name = $3, trigger = $4[1], triggers = $4, conditions = $5, action = $6, payment_use = $7,
                    payment_method = $8, status = $9, schedule = $10, schedule_time = $11, updated_at = now()
             WHERE workplace_id = $1 AND id = $2 RETURNING {COLUMNS}"
        ),
    };
    let row: Option<Row> = sqlx::query_as(&sql)
        .bind(workplace_id)
        .bind(id)
        .bind(&f.name)
        .bind(&f.triggers)
        .bind(conditions)
        .bind(&f.action)
        .bind(&f.payment_use)
        .bind(&f.payment_method)
        .bind(&f.status)
        .bind(&f.schedule)
        .bind(&f.schedule_time)
        .fetch_optional(pool)
        .await?;
    row.map(Flow::from).ok_or(Error::NotFound("Automation flow"))
}

#[instrument(skip_all, fields(%workplace_id, id))]
pub async fn delete(pool: &PgPool, workplace_id: Uuid, id: i64) -> Result<()> {
    let n =
        sqlx::query("DELETE FROM order_automation_flows WHERE workplace_id = $1 AND id = $2").bind(workplace_id).bind(id).execute(pool).await?.rows_affected();
    if n == 0 {
        return Err(Error::NotFound("Automation flow"));
    }
    Ok(())
}

/// Whether `actual` satisfies the condition.
pub fn holds(c: &Condition, actual: f64) -> bool {
    const EPS: f64 = 1e-9;
    match c.operator.as_str() {
        "lower_than" => actual < c.value - EPS,
        "higher_than" => actual > c.value + EPS,
        _ => (actual - c.value).abs() < 0.005,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bad_field_is_named() {
        let bad = json!({"when": {"types": ["never"]}, "condition": {"names": [{"name": "order_weight", "operator": "near", "value": "x"}]},
            "then": {"action": "ship", "payment_preference": {"use": "cash"}}, "status": "on", "time_schedule": {"schedule": "scheduled", "time": "25:00"}});
        let Err(Error::Validation { fields, .. }) = parse(&bad) else { panic!("accepted") };
        let names: Vec<&str> = fields.keys().map(String::as_str).collect();
        for f in [
            "when.types[0]",
            "condition.names[0].name",
            "condition.names[0].operator",
            "condition.names[0].value",
            "then.action",
            "then.payment_preference.use",
            "status",
            "time_schedule.time",
        ] {
            assert!(names.contains(&f), "{f} missing from {names:?}");
        }
    }

    #[test]
    fn defaults_fill_what_is_optional() {
        let f = parse(&json!({"when": {"types": ["new_order"]}, "then": {"action": "create_and_pay"}})).unwrap();
        assert_eq!((f.status.as_str(), f.schedule.as_str(), f.payment_use.as_str()), ("active", "immediately", "auto"));
        assert!(holds(&Condition { name: "order_value".into(), operator: "higher_than".into(), value: 10.0 }, 10.5));
        assert!(!holds(&Condition { name: "order_value".into(), operator: "equal_to".into(), value: 10.0 }, 10.5));
    }
}
