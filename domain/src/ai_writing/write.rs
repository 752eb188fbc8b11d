//! Writing one product's listing with the workspace's model. One unit of AI_PRODUCT_WRITING (or
//! EXTRA_AI_PRODUCT_WRITING under the A/B rule) is counted per product written, after the model
//! has answered every part: a model that fails, refuses the key or is out of breath costs
//! nothing. The quota is checked before the first call, so an owner out of quota is told at once.
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::prompt::{self, Part};
use crate::automation::smart_push::{ContentStyle, Tone};
use crate::config::InspectSettings;
use crate::connectors::ai_writing::{AiError, ChatClient};
use crate::crypto::Sealer;
use crate::error::{Error, Fields, Result};
use crate::plans::quota::{self, Quota};
use crate::products::description::clean_html;
use crate::store::products::{self, ProductRow};
use crate::values::Language;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WriteInput {
    /// The saved default when absent.
    #[serde(default)]
    pub style: Option<ContentStyle>,
    #[serde(default)]
    pub tone: Option<Tone>,
    #[serde(default)]
    pub language: Option<String>,
    /// Which parts to write (title, description_html, tags, seo_title, seo_description); all
    /// when absent.
    #[serde(default)]
    pub fields: Option<Vec<String>>,
}

/// The model's suggestion; nothing is saved until the owner applies it in the editor.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct Suggestion {
    pub title: Option<String>,
    pub description_html: Option<String>,
    pub tags: Option<Vec<String>>,
    pub seo_title: Option<String>,
    pub seo_description: Option<String>,
    pub style: Option<ContentStyle>,
    pub tone: Option<Tone>,
    pub language: String,
    /// The writing quota after this product.
    pub quota: Option<Quota>,
}

/// The style, tone, language and parts asked for, checked (204 naming the field).
pub struct Ask {
    pub style: ContentStyle,
    pub tone: Tone,
    pub language: String,
    pub parts: Vec<Part>,
}

pub fn ask(i: &WriteInput, defaults: &super::AiSettings) -> Result<Ask> {
    let mut f = Fields::default();
    let language = match &i.language {
        Some(l) => f.take("language", Language::parse(l)).map(|l| l.code().to_string()),
        None => Some(defaults.language.clone()),
    };
    let parts = match &i.fields {
        None => Some(Part::ALL.to_vec()),
        Some(keys) => f.take(
            "fields",
            keys.iter()
                .map(|k| Part::parse(k).ok_or_else(|| format!("{k} cannot be written; choose from title, description_html, tags, seo_title, seo_description")))
                .collect::<Result<Vec<Part>, String>>()
                .and_then(|p| if p.is_empty() { Err("choose at least one part to write".to_string()) } else { Ok(p) }),
        ),
    };
    f.finish()?;
    Ok(Ask { style: i.style.unwrap_or(defaults.style), tone: i.tone.unwrap_or(defaults.tone), language: language.unwrap(), parts: parts.unwrap() })
}

/// What the owner is told when the model fails; the code says what to do about it.
pub fn failure(e: AiError) -> Error {
    match e {
        AiError::RateLimited { retry_after_secs, .. } => Error::RateLimited { message: e.to_string(), retry_after_secs },
        AiError::Unavailable(_) => Error::Upstream(e.to_string()),
        _ => Error::BadRequest(e.to_string()),
    }
}

/// The quota AI writing uses for this workspace (the A/B rule of section 4).
pub async fn feature(pool: &PgPool, workplace_id: Uuid) -> Result<&'static str> {
    let plan_key: String = sqlx::query_scalar("SELECT plan_key FROM workplaces WHERE id = $1").bind(workplace_id).fetch_one(pool).await?;
    // No workspace is in the A/B group yet (the account view reports is_ab false).
    Ok(quota::effective_feature("AI_PRODUCT_WRITING", crate::plans::find(&plan_key), false))
}

/// Refuses at once when the quota is used up, before the model spends anything.
pub async fn check_quota(pool: &PgPool, workplace_id: Uuid) -> Result<&'static str> {
    let feature = feature(pool, workplace_id).await?;
    if quota::state(pool, workplace_id, feature).await?.is_out_quota {
        return Err(Error::QuotaExpired(format!("You have used all of your {feature} quota; upgrade your plan to continue")));
    }
    Ok(feature)
}

/// Counts the product written (one unit, whatever the number of parts).
pub async fn count(pool: &PgPool, workplace_id: Uuid, feature: &str) -> Result<Quota> {
    let mut tx = crate::db::begin(pool).await?;
    let q = quota::consume(&mut tx, workplace_id, feature, 1).await?;
    tx.commit().await?;
    Ok(q)
}

pub async fn product(pool: &PgPool, workplace_id: Uuid, id: Uuid) -> Result<ProductRow> {
    Ok(products::get(pool, workplace_id, id).await?.ok_or(Error::NotFound("product"))?.0)
}

/// Writes the asked parts of one imported product and counts it once.
pub async fn write(pool: &PgPool, sealer: &Sealer, inspect: &InspectSettings, workplace_id: Uuid, id: Uuid, i: WriteInput) -> Result<Suggestion> {
    let (client, defaults) = super::client(pool, sealer, inspect, workplace_id).await?;
    let ask = ask(&i, &defaults)?;
    let p = product(pool, workplace_id, id).await?;
    let feature = check_quota(pool, workplace_id).await?;
    let mut s = run(&client, &p, &ask, |_, _| {}, false).await?;
    s.quota = Some(count(pool, workplace_id, feature).await?);
    Ok(s)
}

/// Asks for each part in turn (streamed when `stream`, each piece handed to `on_delta`).
pub async fn run(client: &ChatClient, p: &ProductRow, ask: &Ask, mut on_delta: impl FnMut(Part, &str), stream: bool) -> Result<Suggestion> {
    let mut s = Suggestion { style: Some(ask.style), tone: Some(ask.tone), language: ask.language.clone(), ..Default::default() };
    for part in &ask.parts {
        let messages = prompt::messages(p, *part, ask.style, ask.tone, &ask.language);
        let text = if stream { client.stream(&messages, |d| on_delta(*part, d)).await } else { client.complete(&messages).await };
        let text = unfence(&text.map_err(failure)?);
        match part {
            Part::Title => s.title = Some(one_line(&text, 255)),
            Part::Description => s.description_html = Some(as_html(&text)),
            Part::Tags => s.tags = Some(tags(&text)),
            Part::SeoTitle => s.seo_title = Some(one_line(&text, 70)),
            Part::SeoDescription => s.seo_description = Some(one_line(&text, 320)),
        }
    }
    Ok(s)
}

/// Models like to wrap answers in markdown fences even when told not to.
fn unfence(text: &str) -> String {
    let t = text.trim();
    let t = t.strip_prefix("```html").or_else(|| t.strip_prefix("```")).unwrap_or(t);
    t.strip_suffix("```").unwrap_or(t).trim().to_string()
}

fn one_line(text: &str, max: usize) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let line = line.trim_matches(|c| c == '"' || c == '\'' || c == '“' || c == '”');
    line.chars().take(max).collect::<String>().trim().to_string()
}

/// The model's HTML cleaned; plain text becomes escaped paragraphs.
fn as_html(text: &str) -> String {
    if text.contains('<') && text.contains('>') {
        return clean_html(text);
    }
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()).map(|p| format!("<p>{}</p>", esc(p))).collect()
}

fn tags(text: &str) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    for t in text.split([',', '\n', '，', '،']).map(|t| t.trim().trim_start_matches(['#', '-', '*']).trim()) {
        let t: String = t.chars().take(40).collect();
        if !t.is_empty() && !out.iter().any(|o| o.eq_ignore_ascii_case(&t)) && out.len() < 10 {
            out.push(t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_tidied_per_part() {
        assert_eq!(unfence("```html\n<p>x</p>\n```"), "<p>x</p>");
        assert_eq!(one_line("  \"Soft\n hoodie\" ", 80), "Soft hoodie");
        assert_eq!(as_html("a < b\n\nsecond"), "<p>a &lt; b</p><p>second</p>");
        assert_eq!(as_html("<p onclick=\"x()\">hi</p><script>bad()</script>"), "<p>hi</p>");
        assert_eq!(tags("#cozy, Cozy, warm\nwinter، شتاء"), vec!["cozy", "warm", "winter", "شتاء"]);
    }
}
