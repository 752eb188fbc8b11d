//! The feedback widget's answers (spec: `POST core/mvp/feedback`): a 1–5 rating, an optional
//! message, and what the owner had just done (`multi_import`).
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{Fields, Result};

const MESSAGE_MAX: usize = 2000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct FeedbackInput {
    /// 1 (poor) to 5 (great).
    pub rating: i64,
    #[serde(default)]
    pub message: String,
    /// What the widget followed, e.g. `multi_import`.
    #[serde(default)]
    pub context: String,
}

/// Checks and keeps an answer: its id.
pub async fn record(pool: &PgPool, workplace_id: Uuid, user_id: Uuid, input: &FeedbackInput) -> Result<i64> {
    let mut f = Fields::default();
    let rating = f.take("rating", if (1..=5).contains(&input.rating) { Ok(input.rating as i16) } else { Err("must be 1 to 5".to_string()) });
    let message = input.message.trim();
    f.take("message", if message.chars().count() <= MESSAGE_MAX { Ok(()) } else { Err(format!("must be at most {MESSAGE_MAX} characters")) });
    let context_ok = input.context.len() <= 40 && input.context.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    f.take("context", if context_ok { Ok(()) } else { Err("must be a short name such as multi_import".to_string()) });
    f.finish()?;
    Ok(sqlx::query_scalar("INSERT INTO feedback (workplace_id, user_id, rating, message, context) VALUES ($1, $2, $3, $4, $5) RETURNING id")
        .bind(workplace_id)
        .bind(user_id)
        .bind(rating)
        .bind(message)
        .bind(&input.context)
        .fetch_one(pool)
        .await?)
}
