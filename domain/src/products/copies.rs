//! Duplicating an imported product and splitting one into a product per value of an option.
//! Copies keep `copy_of`, so only the original counts as "already imported".
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::{Error, Result};
use crate::store::products::{self, ProductRow, VariantRow};

async fn insert_copy(conn: &mut PgConnection, workplace_id: Uuid, original: Uuid, p: &ProductRow, variants: &[VariantRow]) -> Result<Uuid> {
    let id = Uuid::new_v4();
    let copy = ProductRow { id, stage: "import_list".into(), ..p.clone() };
    products::insert(conn, workplace_id, &copy, Some(original)).await?;
    let fresh: Vec<VariantRow> = variants.iter().map(|v| VariantRow { id: Uuid::new_v4(), ..v.clone() }).collect();
    products::replace_variants(conn, id, &fresh).await?;
    Ok(id)
}

/// Copies each product (title suffixed " (copy)") into the import list; returns the new ids.
pub async fn duplicate(pool: &PgPool, workplace_id: Uuid, ids: &[Uuid]) -> Result<Vec<Uuid>> {
    let mut tx = crate::db::begin(pool).await?;
    let mut out = vec![];
    for id in ids {
        let (mut p, v) = products::get(pool, workplace_id, *id).await?.ok_or(Error::DataNotFound)?;
        p.title = format!("{} (copy)", p.title);
        out.push(insert_copy(&mut tx, workplace_id, *id, &p, &v).await?);
    }
    tx.commit().await?;
    Ok(out)
}

/// Splits a product by one of its options: the original keeps the first value's variants and
/// each other value becomes a copy with its own. The split option leaves every part.
pub async fn split(pool: &PgPool, workplace_id: Uuid, id: Uuid, option: &str) -> Result<Vec<Uuid>> {
    let (p, variants) = products::get(pool, workplace_id, id).await?.ok_or(Error::DataNotFound)?;
    let options = p.options.as_array().cloned().unwrap_or_default();
    let Some(split_on) = options.iter().find(|o| o["name"] == option) else {
        return Err(Error::field("option", format!("the product has no option {option:?}")));
    };
    let values: Vec<String> = split_on["values"].as_array().map(|v| v.iter().filter_map(|x| x.as_str().map(str::to_string)).collect()).unwrap_or_default();
    let parts: Vec<(String, Vec<VariantRow>)> = values
        .iter()
        .map(|value| {
            let vs: Vec<VariantRow> = variants
                .iter()
                .filter(|v| v.options[option] == value.as_str())
                .map(|v| {
                    let mut v = v.clone();
                    v.options.as_object_mut().map(|o| o.remove(option));
                    v
                })
                .collect();
            (value.clone(), vs)
        })
        .filter(|(_, vs)| !vs.is_empty())
        .collect();
    if parts.len() < 2 {
        return Err(Error::field("option", "splitting needs an option with two values or more in stock"));
    }
    let rest: Vec<Value> = options.iter().filter(|o| o["name"] != option).cloned().collect();
    let mut tx = crate::db::begin(pool).await?;
    let mut out = vec![];
    for (i, (value, vs)) in parts.iter().enumerate() {
        let mut part = p.clone();
        part.title = format!("{} - {value}", p.title);
        part.options = json!(rest);
        part.thumbnail = vs.iter().find_map(|v| v.image.clone()).or(p.thumbnail.clone());
        let vs: Vec<VariantRow> = vs.iter().enumerate().map(|(n, v)| VariantRow { position: n as i32, ..v.clone() }).collect();
        if i == 0 {
            products::update(&mut tx, workplace_id, &part).await?;
            products::replace_variants(&mut tx, id, &vs).await?;
            out.push(id);
        } else {
            out.push(insert_copy(&mut tx, workplace_id, id, &part, &vs).await?);
        }
    }
    tx.commit().await?;
    Ok(out)
}
