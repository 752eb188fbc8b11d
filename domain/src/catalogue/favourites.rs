//! Favourite supplier products per workplace, named "source:productId".
use sqlx::PgPool;
use uuid::Uuid;

use super::query::Search;
use super::search::{SearchPage, search_keys};
use crate::error::{Error, Result};
use crate::values::{Source, product_key};

/// "aliexpress:123" → (source, id); every bad key is reported.
pub fn parse_keys(keys: &[String]) -> Result<Vec<(Source, String)>> {
    let parsed: Vec<Result<(Source, String), String>> = keys
        .iter()
        .map(|k| {
            let (s, id) = k.split_once(':').ok_or(format!("{k:?} is not source:productId"))?;
            Ok((Source::parse(s)?, id.trim().to_string()))
                .and_then(|(s, id): (Source, String)| if id.is_empty() { Err(format!("{k:?} has no product id")) } else { Ok((s, id)) })
        })
        .collect();
    if let Some(Err(e)) = parsed.iter().find(|p| p.is_err()) {
        return Err(Error::field("product_ids", e.clone()));
    }
    if parsed.is_empty() {
        return Err(Error::field("product_ids", "choose at least one product"));
    }
    Ok(parsed.into_iter().filter_map(|p| p.ok()).collect())
}

/// The keys as the two arrays `UNNEST($2::text[], $3::text[])` pairs up again: sources, ids.
fn columns(keys: &[(Source, String)]) -> (Vec<&str>, Vec<&str>) {
    keys.iter().map(|(s, i)| (s.as_str(), i.as_str())).unzip()
}

pub async fn add(pool: &PgPool, workplace_id: Uuid, keys: &[(Source, String)]) -> Result<()> {
    let (sources, ids) = columns(keys);
    sqlx::query(
        "INSERT INTO favourites (workplace_id, source, source_product_id)
         SELECT $1, s, i FROM UNNEST($2::text[], $3::text[]) AS t(s, i) ON CONFLICT DO NOTHING",
    )
    .bind(workplace_id)
    .bind(sources)
    .bind(ids)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn remove(pool: &PgPool, workplace_id: Uuid, keys: &[(Source, String)]) -> Result<()> {
    let (sources, ids) = columns(keys);
    sqlx::query(
        "DELETE FROM favourites f USING UNNEST($2::text[], $3::text[]) AS t(s, i)
         WHERE f.workplace_id = $1 AND f.source = t.s AND f.source_product_id = t.i",
    )
    .bind(workplace_id)
    .bind(sources)
    .bind(ids)
    .execute(pool)
    .await?;
    Ok(())
}

/// Every favourite's key, newest first.
pub async fn keys(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<String>> {
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT source, source_product_id FROM favourites WHERE workplace_id = $1 ORDER BY created_at DESC")
        .bind(workplace_id)
        .fetch_all(pool)
        .await?;
    Ok(rows.iter().map(|(s, i)| product_key(s, i)).collect())
}

/// A page of favourites as product cards.
pub async fn page(pool: &PgPool, workplace_id: Uuid, s: &Search) -> Result<SearchPage> {
    search_keys(pool, workplace_id, s).await
}
