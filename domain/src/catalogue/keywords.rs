//! Keyword help for the search box, from the words of the cached titles: trending (words of
//! the trending collection), suggestions (words starting with what was typed) and related
//! words (those found beside a keyword).
use sqlx::PgPool;

use crate::error::Result;

/// Words worth suggesting: three letters or more, not numbers.
const WORDS: &str = "length(word) >= 3 AND word !~ '^[0-9]+$'";

pub async fn trending(pool: &PgPool, limit: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(&format!(
        "SELECT word FROM ts_stat($$SELECT search FROM supplier_products WHERE 'trending' = ANY(collections)$$)
         WHERE {WORDS} ORDER BY ndoc DESC, word LIMIT $1"
    ))
    .bind(limit)
    .fetch_all(pool)
    .await?)
}

pub async fn suggest(pool: &PgPool, prefix: &str, limit: i64) -> Result<Vec<String>> {
    let prefix = prefix.trim().to_lowercase();
    if prefix.is_empty() {
        return Ok(vec![]);
    }
    Ok(sqlx::query_scalar(&format!(
        "SELECT word FROM ts_stat($$SELECT search FROM supplier_products$$)
         WHERE {WORDS} AND starts_with(word, $1) ORDER BY ndoc DESC, word LIMIT $2"
    ))
    .bind(prefix)
    .bind(limit)
    .fetch_all(pool)
    .await?)
}

/// The keyword goes into ts_stat's query text through quote_literal, never by concatenation.
pub async fn related(pool: &PgPool, keyword: &str, limit: i64) -> Result<Vec<String>> {
    let keyword = keyword.trim().to_lowercase();
    if keyword.is_empty() {
        return Ok(vec![]);
    }
    Ok(sqlx::query_scalar(&format!(
        "SELECT word FROM ts_stat('SELECT search FROM supplier_products WHERE search @@ plainto_tsquery(''simple'', ' || quote_literal($1) || ')')
         WHERE {WORDS} AND word <> ALL(string_to_array($1, ' ')) ORDER BY ndoc DESC, word LIMIT $2"
    ))
    .bind(keyword)
    .bind(limit)
    .fetch_all(pool)
    .await?)
}
