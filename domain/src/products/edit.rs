//! The editor's changes to an imported product: fields, options (rename, reorder, remove a
//! value with its variants), images, and per-variant prices.
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

use super::view::{ImportedProduct, view};
use crate::error::{Error, Fields, Result};
use crate::store::products::{self, VariantRow};

#[derive(Debug, Deserialize, ToSchema)]
pub struct OptionEdit {
    pub name: String,
    pub values: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ImageEdit {
    pub url: String,
    pub selected: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VariantEdit {
    pub id: Uuid,
    pub price: Option<f64>,
    pub compare_at_price: Option<Option<f64>>,
    pub enabled: Option<bool>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProductEdit {
    pub title: Option<String>,
    pub description_html: Option<String>,
    pub tags: Option<Vec<String>>,
    pub collections: Option<Vec<String>>,
    pub product_type: Option<String>,
    pub vendor: Option<String>,
    pub options: Option<Vec<OptionEdit>>,
    pub images: Option<Vec<ImageEdit>>,
    pub thumbnail: Option<String>,
    /// `null` removes the product's video; the address it has keeps it. A video cannot be set to
    /// another address here: it is the supplier's.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub video_url: Option<Option<String>>,
    pub variants: Option<Vec<VariantEdit>>,
}

/// A field that was sent, `null` included (`Some(None)`), apart from one left out (`None`).
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> std::result::Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

pub fn cents(field: &str, v: f64, f: &mut Fields) -> Option<i64> {
    f.take(field, if v.is_finite() && (0.0..1e9).contains(&v) { Ok((v * 100.0).round() as i64) } else { Err("must be an amount of 0 or more".to_string()) })
}

fn clean_list(items: &[String]) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    for t in items.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
        if !out.iter().any(|o| o.eq_ignore_ascii_case(t)) {
            out.push(t.to_string());
        }
    }
    out
}

/// Old option values → new ones, per option: same set = reorder, same count = rename by
/// position, fewer = the missing values are removed (with their variants).
fn option_changes(old: &Value, new: &[OptionEdit], f: &mut Fields) -> Vec<(String, String, HashMap<String, Option<String>>)> {
    let old: Vec<(String, Vec<String>)> = old
        .as_array()
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|o| {
            (
                o["name"].as_str().unwrap_or_default().to_string(),
                o["values"].as_array().map(|v| v.iter().filter_map(|x| x.as_str().map(str::to_string)).collect()).unwrap_or_default(),
            )
        })
        .collect();
    if old.len() != new.len() {
        f.take::<()>("options", Err("options cannot be added or removed, only renamed".into()));
        return vec![];
    }
    let mut changes = vec![];
    for (i, ((old_name, old_values), edit)) in old.iter().zip(new).enumerate() {
        let name = edit.name.trim().to_string();
        let values: Vec<String> = edit.values.iter().map(|v| v.trim().to_string()).collect();
        if name.is_empty() || values.iter().any(String::is_empty) || values.is_empty() {
            f.take::<()>(&format!("options.{i}"), Err("names and values cannot be empty, and an option keeps one value at least".into()));
            continue;
        }
        let same_set = values.len() == old_values.len() && values.iter().all(|v| old_values.contains(v));
        let map: HashMap<String, Option<String>> = if same_set || values.len() != old_values.len() {
            if !values.iter().all(|v| old_values.contains(v)) {
                f.take::<()>(&format!("options.{i}"), Err("rename values and remove values in separate edits".into()));
                continue;
            }
            old_values.iter().map(|v| (v.clone(), values.contains(v).then(|| v.clone()))).collect()
        } else {
            old_values.iter().cloned().zip(values.iter().cloned().map(Some)).collect()
        };
        changes.push((old_name.clone(), name, map));
    }
    changes
}

pub async fn edit(pool: &PgPool, workplace_id: Uuid, id: Uuid, e: ProductEdit) -> Result<ImportedProduct> {
    let (mut p, mut variants) = products::get(pool, workplace_id, id).await?.ok_or(Error::NotFound("product"))?;
    let mut f = Fields::default();
    if let Some(t) = &e.title {
        let t = t.trim();
        f.take("title", if t.is_empty() || t.chars().count() > 255 { Err("must be 1 to 255 characters".to_string()) } else { Ok(()) });
        p.title = t.to_string();
    }
    if let Some(d) = e.description_html {
        p.description_html = super::description::clean_html(&d);
    }
    if let Some(t) = &e.tags {
        p.tags = clean_list(t);
    }
    if let Some(c) = &e.collections {
        p.collections = clean_list(c);
    }
    if let Some(t) = e.product_type {
        p.product_type = t.trim().to_string();
    }
    if let Some(v) = e.vendor {
        p.vendor = v.trim().to_string();
    }
    if let Some(images) = &e.images {
        p.images = json!(images.iter().map(|i| json!({"url": i.url, "selected": i.selected})).collect::<Vec<_>>());
    }
    if let Some(t) = e.thumbnail {
        p.thumbnail = Some(t);
    }
    match e.video_url {
        Some(None) => p.video_url = None,
        Some(Some(v)) if p.video_url.as_deref() != Some(v.as_str()) => {
            f.take::<()>("video_url", Err("the video can only be kept or removed".into()));
        }
        _ => {}
    }
    if let Some(new) = &e.options {
        for (old_name, name, values) in option_changes(&p.options, new, &mut f) {
            variants.retain(|v| v.options[&old_name].as_str().is_none_or(|x| values.get(x).is_none_or(|m| m.is_some())));
            for v in variants.iter_mut() {
                if let Some(obj) = v.options.as_object_mut()
                    && let Some(Value::String(old)) = obj.remove(&old_name)
                {
                    let renamed = values.get(&old).cloned().flatten().unwrap_or(old);
                    obj.insert(name.clone(), json!(renamed));
                }
            }
        }
        p.options =
            json!(new.iter().map(|o| json!({"name": o.name.trim(), "values": o.values.iter().map(|v| v.trim()).collect::<Vec<_>>()})).collect::<Vec<_>>());
    }
    for (i, ve) in e.variants.iter().flatten().enumerate() {
        let Some(v) = variants.iter_mut().find(|v| v.id == ve.id) else {
            f.take::<()>(&format!("variants.{i}.id"), Err("is not a variant of this product".into()));
            continue;
        };
        if let Some(price) = ve.price.and_then(|x| cents(&format!("variants.{i}.price"), x, &mut f)) {
            v.price_cents = price;
        }
        if let Some(c) = ve.compare_at_price {
            v.compare_at_cents = c.and_then(|x| cents(&format!("variants.{i}.compare_at_price"), x, &mut f));
        }
        if let Some(en) = ve.enabled {
            v.enabled = en;
        }
    }
    if !variants.iter().any(|v| v.enabled) {
        f.take::<()>("variants", Err("keep at least one variant enabled".into()));
    }
    f.finish()?;
    for (i, v) in variants.iter_mut().enumerate() {
        v.position = i as i32;
    }
    let mut tx = crate::db::begin(pool).await?;
    products::update(&mut tx, workplace_id, &p).await?;
    products::replace_variants(&mut tx, p.id, &variants).await?;
    tx.commit().await?;
    Ok(view(p, &variants))
}

/// Remaining variants after edits, for callers that change many products at once.
pub fn reprice(variants: &mut [VariantRow], op: &str, value: f64) -> std::result::Result<(), String> {
    let cents = (value * 100.0).round() as i64;
    for v in variants.iter_mut() {
        v.price_cents = match op {
            "multiply" if value > 0.0 => (v.price_cents as f64 * value).round() as i64,
            "add" => (v.price_cents + cents).max(0),
            "set" if value >= 0.0 => cents,
            _ => return Err("use multiply (above 0), add or set (0 or more)".into()),
        };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> Value {
        json!([{"name": "Color", "values": ["Red", "Blue", "Green"]}])
    }

    #[test]
    fn rename_reorder_and_remove_are_told_apart() {
        let mut f = Fields::default();
        let rename = option_changes(&opts(), &[OptionEdit { name: "Colour".into(), values: vec!["Crimson".into(), "Blue".into(), "Green".into()] }], &mut f);
        assert_eq!(rename[0].2["Red"], Some("Crimson".to_string()));
        let reorder = option_changes(&opts(), &[OptionEdit { name: "Color".into(), values: vec!["Green".into(), "Red".into(), "Blue".into()] }], &mut f);
        assert_eq!(reorder[0].2["Red"], Some("Red".to_string()));
        let remove = option_changes(&opts(), &[OptionEdit { name: "Color".into(), values: vec!["Blue".into()] }], &mut f);
        assert_eq!(remove[0].2["Red"], None);
        assert!(f.finish().is_ok());
        let mut f = Fields::default();
        option_changes(&opts(), &[OptionEdit { name: "Color".into(), values: vec!["Pink".into()] }], &mut f);
        assert!(f.finish().is_err());
    }
}
