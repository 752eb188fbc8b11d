//! AI product writing: each workspace's chat-completions service (OpenAI, or a local server
//! speaking its protocol) and the style, tone and language it writes in by default
//! (`core/workplaces/settings/ai-writing/get` and `update`). The key is sealed at rest and never
//! read back: the dashboard only learns whether one is set. `write` turns a product's supplier
//! data into a title, description, tags and SEO text; `bulk` writes and saves many products as
//! jobs.
pub mod bulk;
pub mod prompt;
pub mod write;

use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::automation::smart_push::{ContentStyle, Tone};
use crate::config::InspectSettings;
use crate::connectors::ai_writing::ChatClient;
use crate::connectors::guarded_http;
use crate::crypto::Sealer;
use crate::error::{Error, Fields, Result};
use crate::values::Language;

/// What the dashboard sees: never the key.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AiSettings {
    /// True once an address and a model are saved: the editors offer "Write with AI".
    pub configured: bool,
    pub base_url: String,
    pub model: String,
    pub api_key_set: bool,
    pub style: ContentStyle,
    pub tone: Tone,
    /// One of the nine languages (en, ar, de, es, fr, it, nl, pt-BR, zh-CN).
    pub language: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AiSettingsInput {
    /// The service's address, e.g. https://api.openai.com or http://ollama.internal:11434.
    pub base_url: String,
    pub model: String,
    /// Absent: keep the saved key; empty: forget it (local servers often need none).
    #[serde(default)]
    pub api_key: Option<String>,
    #[serde(default)]
    pub style: Option<ContentStyle>,
    #[serde(default)]
    pub tone: Option<Tone>,
    #[serde(default)]
    pub language: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    base_url: String,
    model: String,
    api_key: Option<Vec<u8>>,
    style: String,
    tone: String,
    language: String,
}

/// A word of a fixed list, read through its serde name (the stored text).
pub(crate) fn from_word<T: serde::de::DeserializeOwned>(word: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(word.to_string())).ok()
}

pub(crate) fn word<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

async fn row(pool: &PgPool, workplace_id: Uuid) -> Result<Option<Row>> {
    Ok(sqlx::query_as("SELECT base_url, model, api_key, style, tone, language FROM ai_writing_settings WHERE workplace_id = $1")
        .bind(workplace_id)
        .fetch_optional(pool)
        .await?)
}

fn view(r: Option<Row>) -> AiSettings {
    match r {
        Some(r) => AiSettings {
            configured: !r.base_url.is_empty() && !r.model.is_empty(),
            api_key_set: r.api_key.is_some(),
            style: from_word(&r.style).unwrap_or(ContentStyle::Highlight),
            tone: from_word(&r.tone).unwrap_or(Tone::Persuasive),
            base_url: r.base_url,
            model: r.model,
            language: r.language,
        },
        None => AiSettings {
            configured: false,
            base_url: String::new(),
            model: String::new(),
            api_key_set: false,
            style: ContentStyle::Highlight,
            tone: Tone::Persuasive,
            language: "en".into(),
        },
    }
}

pub async fn get(pool: &PgPool, workplace_id: Uuid) -> Result<AiSettings> {
    Ok(view(row(pool, workplace_id).await?))
}

/// Whether the workspace can write with AI (smart push's `ai_writing_available`).
pub async fn available(pool: &PgPool, workplace_id: Uuid) -> Result<bool> {
    Ok(get(pool, workplace_id).await?.configured)
}

/// Saves the settings after checking the address points at a public host (or one the operator
/// allowed): the server calls it later on the owner's behalf.
pub async fn update(pool: &PgPool, sealer: &Sealer, inspect: &InspectSettings, workplace_id: Uuid, i: AiSettingsInput) -> Result<AiSettings> {
    let mut f = Fields::default();
    let base_url = match guarded_http::parse_user_url(&i.base_url) {
        Ok(url) => f.take(
            "base_url",
            guarded_http::check_address(inspect, &url).await.map(|_| url.to_string().trim_end_matches('/').to_string()).map_err(|e| e.to_string()),
        ),
        Err(e) => f.take("base_url", Err::<String, _>(e.to_string())),
    };
    let model = i.model.trim();
    let model = f.take(
        "model",
        if model.is_empty() || model.len() > 200 || model.chars().any(char::is_whitespace) {
            Err("enter the model's name as the service spells it, e.g. gpt-4o-mini or llama3.1".to_string())
        } else {
            Ok(model.to_string())
        },
    );
    let key = match i.api_key.as_deref().map(str::trim) {
        Some(k) if k.len() > 500 || k.chars().any(char::is_whitespace) => {
            f.take("api_key", Err::<Option<Option<String>>, _>("this is not an API key".to_string()))
        }
        Some("") => Some(Some(None)),
        Some(k) => Some(Some(Some(k.to_string()))),
        None => Some(None),
    };
    let language = i.language.as_deref().map(|l| f.take("language", Language::parse(l)));
    f.finish()?;
    let current = view(row(pool, workplace_id).await?);
    let language = language.flatten().map(|l| l.code().to_string()).unwrap_or(current.language);
    let style = word(&i.style.unwrap_or(current.style));
    let tone = word(&i.tone.unwrap_or(current.tone));
    let sealed = key.flatten().map(|k| k.map(|k| sealer.seal(k.as_bytes())));
    sqlx::query(
        "INSERT INTO ai_writing_settings (workplace_id, base_url, model, api_key, style, tone, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (workplace_id) DO UPDATE SET base_url = $2, model = $3,
           api_key = CASE WHEN $8 THEN $4 ELSE ai_writing_settings.api_key END,
           style = $5, tone = $6, language = $7, updated_at = now()",
    )
    .bind(workplace_id)
    .bind(base_url.unwrap())
    .bind(model.unwrap())
    .bind(sealed.clone().flatten())
    .bind(style)
    .bind(tone)
    .bind(language)
    .bind(sealed.is_some())
    .execute(pool)
    .await?;
    get(pool, workplace_id).await
}

/// The workspace's client and its defaults, or a clear refusal when AI writing is not set up.
pub async fn client(pool: &PgPool, sealer: &Sealer, inspect: &InspectSettings, workplace_id: Uuid) -> Result<(ChatClient, AiSettings)> {
    let r = row(pool, workplace_id).await?.filter(|r| !r.base_url.is_empty() && !r.model.is_empty());
    let Some(r) = r else {
        return Err(Error::BadRequest("Set up AI writing first: Settings > Integrations > AI writing".into()));
    };
    let key = match &r.api_key {
        Some(sealed) => Some(String::from_utf8(sealer.open(sealed)?).map_err(|e| Error::Internal(e.into()))?),
        None => None,
    };
    let client = ChatClient::new(&r.base_url, key, &r.model, inspect);
    Ok((client, view(Some(r))))
}
