//! Push settings per connected channel and per store (spec sections 3 and 9), and TikTok's
//! listing prerequisites. A stored row holds the last saved settings; defaults fill in any
//! key it lacks, so a partial update keeps every value it does not name.
use serde::Serialize;
use serde_json::{Map, Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use super::{Channel, connection, credentials};
use crate::config::Settings;
use crate::connectors::channels::tiktok_account::{self, Warehouse};
use crate::crypto::Sealer;
use crate::error::{Error, FieldErrors, Result};

const FLAGS: [&str; 3] = ["is_publish", "allow_sell_out_of_stock", "sync_order"];
const TIKTOK_KEYS: [&str; 3] = ["warehouse_id", "weight", "dimension"];
const WEIGHT_UNITS: [&str; 3] = ["kilogram", "gram", "pound"];
const DIMENSION_UNITS: [&str; 2] = ["centimeter", "inch"];
const MAX_PUBLICATIONS: usize = 100;

/// The spec's defaults; TikTok's warehouse defaults to the shop's default warehouse.
fn defaults(tiktok: bool, warehouse: Option<String>) -> Map<String, Value> {
    let mut m = json!({ "is_publish": true, "allow_sell_out_of_stock": true, "sync_order": true, "publications": [] });
    if tiktok {
        m["warehouse_id"] = json!(warehouse);
        m["weight"] = json!({ "value": 1, "unit": "kilogram" });
        m["dimension"] = json!({ "height": 1, "width": 1, "length": 1, "unit": "centimeter" });
    }
    match m {
        Value::Object(m) => m,
        _ => unreachable!("a JSON object literal"),
    }
}

pub(crate) fn default_warehouse(details: &Value) -> Option<String> {
    let list: Vec<Warehouse> = serde_json::from_value(details["warehouses"].clone()).unwrap_or_default();
    list.iter().find(|w| w.is_default).or(list.first()).map(|w| w.id.clone())
}

/// Lays `top`'s known keys over `base`; objects (weight, dimension) merge one level down, and
/// a null means "not given".
fn overlay(base: &mut Map<String, Value>, top: &Map<String, Value>, tiktok: bool) {
    let known = FLAGS.iter().chain(["publications"].iter()).chain(if tiktok { TIKTOK_KEYS.iter() } else { [].iter() });
    for key in known {
        match (top.get(*key), base.get_mut(*key)) {
            (None | Some(Value::Null), _) => {}
            (Some(Value::Object(new)), Some(Value::Object(old))) => new.iter().filter(|(_, v)| !v.is_null()).for_each(|(k, v)| {
                old.insert(k.clone(), v.clone());
            }),
            (Some(v), _) => {
                base.insert(key.to_string(), v.clone());
            }
        }
    }
}

/// Checks every value and returns the clean settings, or every problem at once.
fn check(s: &Map<String, Value>, tiktok: bool) -> Result<Map<String, Value>> {
    let mut errors = FieldErrors::new();
    let mut fail = |field: &str, msg: &str| errors.entry(format!("settings.{field}")).or_default().push(msg.to_string());
    let mut out = Map::new();
    for flag in FLAGS {
        match s.get(flag) {
            Some(Value::Bool(b)) => drop(out.insert(flag.into(), Value::Bool(*b))),
            _ => fail(flag, &format!("{flag} must be true or false")),
        }
    }
    let mut pubs = Vec::new();
    match s.get("publications").and_then(Value::as_array) {
        Some(list) if list.len() <= MAX_PUBLICATIONS => {
            for p in list {
                match (p.get("id").and_then(Value::as_str).filter(|id| !id.trim().is_empty()), p.get("handle").and_then(Value::as_str)) {
                    (Some(id), Some(handle)) => pubs.push(json!({ "id": id, "handle": handle })),
                    _ => fail("publications", "Each publication needs an id and a handle"),
                }
            }
        }
        _ => fail("publications", &format!("publications must be a list of at most {MAX_PUBLICATIONS} {{id, handle}}")),
    }
    out.insert("publications".into(), Value::Array(pubs));
    if tiktok {
        match s.get("warehouse_id") {
            Some(Value::String(id)) if !id.trim().is_empty() => drop(out.insert("warehouse_id".into(), json!(id))),
            None | Some(Value::Null) => drop(out.insert("warehouse_id".into(), Value::Null)),
            _ => fail("warehouse_id", "warehouse_id must be one of the shop's warehouse ids"),
        }
        let positive = |v: &Value| v.as_f64().is_some_and(|n| n.is_finite() && n > 0.0);
        let w = &s["weight"];
        if !positive(&w["value"]) {
            fail("weight.value", "The weight must be a number above 0");
        }
        if !w["unit"].as_str().is_some_and(|u| WEIGHT_UNITS.contains(&u)) {
            fail("weight.unit", "The weight unit must be kilogram, gram or pound");
        }
        out.insert("weight".into(), json!({ "value": w["value"], "unit": w["unit"] }));
        let d = &s["dimension"];
        for side in ["height", "width", "length"] {
            if !positive(&d[side]) {
                fail(&format!("dimension.{side}"), &format!("The {side} must be a number above 0"));
            }
        }
        if !d["unit"].as_str().is_some_and(|u| DIMENSION_UNITS.contains(&u)) {
            fail("dimension.unit", "The dimension unit must be centimeter or inch");
        }
        out.insert("dimension".into(), json!({ "height": d["height"], "width": d["width"], "length": d["length"], "unit": d["unit"] }));
    }
    Error::check(errors)?;
    Ok(out)
}

async fn stored(pool: &PgPool, workplace_id: Uuid) -> Result<Map<String, Value>> {
    let rows: Vec<(String, Value)> =
        sqlx::query_as("SELECT key, settings FROM channel_settings WHERE workplace_id = $1").bind(workplace_id).fetch_all(pool).await?;
    Ok(rows.into_iter().collect())
}

fn effective(stored: Option<&Value>, tiktok: bool, warehouse: Option<String>) -> Map<String, Value> {
    let mut s = defaults(tiktok, warehouse);
    if let Some(Value::Object(saved)) = stored {
        overlay(&mut s, saved, tiktok);
    }
    s
}

/// Settings of every live store and every connected channel of the workplace.
pub async fn all(pool: &PgPool, workplace_id: Uuid) -> Result<Map<String, Value>> {
    let saved = stored(pool, workplace_id).await?;
    let stores: Vec<String> =
        sqlx::query_scalar("SELECT id::text FROM stores WHERE workplace_id = $1 AND removed_at IS NULL").bind(workplace_id).fetch_all(pool).await?;
    let mut out = Map::new();
    for id in stores {
        out.insert(id.clone(), Value::Object(effective(saved.get(&id), false, None)));
    }
    for channel in Channel::ALL {
        if let Some(c) = connection(pool, workplace_id, channel).await?.filter(|c| c.is_connected()) {
            let tiktok = channel == Channel::Tiktok;
            let s = effective(saved.get(channel.key()), tiktok, tiktok.then(|| default_warehouse(&c.details)).flatten());
            out.insert(channel.key().into(), Value::Object(s));
        }
    }
    Ok(out)
}

/// A connected TikTok Shop's effective push settings, from its saved row and its connection's
/// details (as `all` gives them under `tiktok`).
pub(crate) fn for_tiktok(saved: Option<&Value>, details: &Value) -> Map<String, Value> {
    effective(saved, true, default_warehouse(details))
}

/// `PUT center/products/setting/update_channel`.
pub struct Update {
    pub channel: String,
    pub store_id: Option<String>,
    pub settings: Value,
}

/// Saves one channel's or store's settings; returns them in full.
pub async fn update(pool: &PgPool, config: &Settings, sealer: &Sealer, workplace_id: Uuid, input: Update) -> Result<Map<String, Value>> {
    let Value::Object(given) = &input.settings else {
        return Err(Error::field("settings", "settings must be an object"));
    };
    let (key, channel, warehouse) = match input.store_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(raw) => {
            let id = Uuid::parse_str(raw).map_err(|_| Error::InvalidCurrentShop)?;
            let platform: String = sqlx::query_scalar("SELECT platform FROM stores WHERE id = $1 AND workplace_id = $2 AND removed_at IS NULL")
                .bind(id)
                .bind(workplace_id)
                .fetch_optional(pool)
                .await?
                .ok_or(Error::InvalidCurrentShop)?;
            if input.channel != platform && input.channel != "store" {
                return Err(Error::field("channel", format!("This store is a {platform} store")));
            }
            (id.to_string(), None, None)
        }
        None => {
            let channel = Channel::parse(&input.channel)
                .ok_or_else(|| Error::field("channel", "channel must be tiktok, facebook or google, or a store's platform with store_id"))?;
            let conn = connection(pool, workplace_id, channel).await?.filter(|c| c.is_connected());
            let conn = conn.ok_or_else(|| Error::BadRequest(format!("Connect {} before changing its settings", channel.name())))?;
            (channel.key().to_string(), Some(channel), default_warehouse(&conn.details))
        }
    };
    let tiktok = channel == Some(Channel::Tiktok);
    let saved = stored(pool, workplace_id).await?;
    let before = effective(saved.get(&key), tiktok, warehouse);
    let mut next = before.clone();
    overlay(&mut next, given, tiktok);
    let clean = check(&next, tiktok)?;
    // The warehouse is checked against TikTok only when it changes, so saving a weight does
    // not depend on TikTok answering.
    let changed = clean.get("warehouse_id").and_then(Value::as_str).filter(|id| before.get("warehouse_id").and_then(Value::as_str) != Some(*id));
    if let Some(id) = changed
        && !tiktok_warehouses(pool, config, sealer, workplace_id).await?.iter().any(|w| w.id == id)
    {
        return Err(Error::field("settings.warehouse_id", "This warehouse is not one of your TikTok Shop warehouses"));
    }
    sqlx::query(
        "INSERT INTO channel_settings (workplace_id, key, settings) VALUES ($1, $2, $3)
         ON CONFLICT (workplace_id, key) DO UPDATE SET settings = $3, updated_at = now()",
    )
    .bind(workplace_id)
    .bind(&key)
    .bind(Value::Object(clean.clone()))
    .execute(pool)
    .await?;
    Ok(clean)
}

/// The shop's warehouses, read live from TikTok (and kept for the default warehouse).
pub async fn tiktok_warehouses(pool: &PgPool, config: &Settings, sealer: &Sealer, workplace_id: Uuid) -> Result<Vec<Warehouse>> {
    let creds = credentials(pool, sealer, workplace_id, Channel::Tiktok)
        .await?
        .ok_or_else(|| Error::BadRequest("TikTok Shop is not connected to this workplace. Connect it on the Channels page first.".into()))?;
    let list = tiktok_account::warehouses(&config.channels.tiktok, &creds.access_token).await.map_err(Error::Upstream)?;
    sqlx::query("UPDATE channel_connections SET details = jsonb_set(details, '{warehouses}', $3) WHERE workplace_id = $1 AND channel = $2")
        .bind(workplace_id)
        .bind(Channel::Tiktok.key())
        .bind(json!(list))
        .execute(pool)
        .await?;
    Ok(list)
}

/// Whether products can be listed on TikTok Shop, and what is still missing.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Prerequisites {
    pub connected: bool,
    pub warehouse_ready: bool,
    pub ready: bool,
    /// What is still to do: `tiktok_connection`, `warehouse`.
    pub missing: Vec<&'static str>,
}

/// Whether products can be listed on TikTok: a connected shop and a valid, enabled warehouse.
pub async fn prerequisites(pool: &PgPool, config: &Settings, sealer: &Sealer, workplace_id: Uuid) -> Result<Prerequisites> {
    let conn = connection(pool, workplace_id, Channel::Tiktok).await?.filter(|c| c.is_connected());
    let Some(conn) = conn else {
        return Ok(Prerequisites { connected: false, warehouse_ready: false, ready: false, missing: vec!["tiktok_connection", "warehouse"] });
    };
    let saved = stored(pool, workplace_id).await?;
    let s = effective(saved.get(Channel::Tiktok.key()), true, default_warehouse(&conn.details));
    let chosen = s.get("warehouse_id").and_then(Value::as_str).map(str::to_string);
    let live = tiktok_warehouses(pool, config, sealer, workplace_id).await?;
    let warehouse_ready = chosen.is_some_and(|id| live.iter().any(|w| w.id == id && w.effect_status == "ENABLED"));
    let missing = if warehouse_ready { vec![] } else { vec!["warehouse"] };
    Ok(Prerequisites { connected: true, warehouse_ready, ready: warehouse_ready, missing })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn a_partial_update_keeps_the_other_values() {
        let mut s = defaults(true, Some("w1".into()));
        overlay(&mut s, &obj(json!({"is_publish": false, "weight": {"value": 2.5}, "warehouse_id": null, "extra": 1})), true);
        let clean = check(&s, true).unwrap();
        assert_eq!(clean["is_publish"], false);
        assert_eq!(clean["weight"], json!({"value": 2.5, "unit": "kilogram"}));
        assert_eq!(clean["warehouse_id"], "w1");
        assert!(!clean.contains_key("extra"));
    }

    #[test]
    fn bad_values_are_reported_together() {
        let mut s = defaults(true, None);
        overlay(&mut s, &obj(json!({"sync_order": "yes", "weight": {"value": 0, "unit": "stone"}, "dimension": {"unit": "mile"}})), true);
        let Err(Error::Validation { fields, .. }) = check(&s, true) else { panic!("invalid settings pass") };
        let keys: Vec<&str> = fields.keys().map(String::as_str).collect();
        assert_eq!(keys, ["settings.dimension.unit", "settings.sync_order", "settings.weight.unit", "settings.weight.value"]);
    }

    #[test]
    fn stores_ignore_tiktok_keys() {
        let mut s = defaults(false, None);
        overlay(&mut s, &obj(json!({"weight": {"value": -1}, "publications": [{"id": "gid://1", "handle": "online_store"}]})), false);
        let clean = check(&s, false).unwrap();
        assert!(!clean.contains_key("weight"));
        assert_eq!(clean["publications"][0]["handle"], "online_store");
    }
}
