//! AI product writing: the workspace's service settings, and writing an imported product's
//! listing (whole, or streamed as Server-Sent Events). See docs/API.md "AI product writing".
use std::convert::Infallible;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use domain::ai_writing::bulk::{self, BulkStarted, BulkWriteInput};
use domain::ai_writing::write::{self, Suggestion, WriteInput};
use domain::ai_writing::{self, AiSettings, AiSettingsInput};
use domain::automation::smart_push::{ContentStyle, Tone};
use futures::Stream;
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, reply};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scope};
use crate::startup::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ai_settings_get))
        .routes(routes!(ai_settings_update))
        .routes(routes!(ai_write_product))
        .routes(routes!(ai_write_stream))
        .routes(routes!(ai_write_bulk))
}

/// The workspace's AI writing settings; the key is never returned, only `api_key_set`.
#[utoipa::path(get, path = "/core/workplaces/settings/ai-writing/get", responses((status = 200, body = AiSettings)))]
async fn ai_settings_get(State(state): State<AppState>, scope: Scope) -> ApiResult<AiSettings> {
    reply(ai_writing::get(&state.pool, scope.workplace.id).await?)
}

/// Saves the service's address (refused when it points at a private network), model and key.
#[utoipa::path(post, path = "/core/workplaces/settings/ai-writing/update", request_body = AiSettingsInput, responses((status = 200, body = AiSettings)))]
async fn ai_settings_update(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<AiSettingsInput>) -> ApiResult<AiSettings> {
    reply(ai_writing::update(&state.pool, &state.sealer, &state.settings.inspect, scope.workplace.id, i).await?)
}

fn product_id(key: &str) -> Result<Uuid, domain::Error> {
    Uuid::parse_str(key).map_err(|_| domain::Error::NotFound("product"))
}

/// Writes the product's title, description, tags and SEO text from its supplier data; nothing
/// is saved (the editor applies what the owner keeps). One AI writing unit per product, counted
/// only when the model answered.
#[utoipa::path(post, path = "/center/products/import/{key}/ai-write", params(("key" = String, Path, description = "the product id")), request_body = WriteInput, responses((status = 200, body = Suggestion)))]
async fn ai_write_product(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(key): ApiPath<String>,
    ApiJson(i): ApiJson<WriteInput>,
) -> ApiResult<Suggestion> {
    reply(write::write(&state.pool, &state.sealer, &state.settings.inspect, scope.workplace.id, product_id(&key)?, i).await?)
}

/// Writes and saves the title, description and tags of up to 100 products, one job each; the
/// progress items (kind `ai_write`) say per product what was written or why not. Refused at once
/// when AI writing is not set up, a product is not the workspace's, or the quota is used up.
#[utoipa::path(post, path = "/center/products/ai-write", request_body = BulkWriteInput, responses((status = 200, body = BulkStarted)))]
async fn ai_write_bulk(State(state): State<AppState>, scope: Scope, ApiJson(i): ApiJson<BulkWriteInput>) -> ApiResult<BulkStarted> {
    reply(bulk::start(&state.pool, scope.workplace.id, i).await?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct StreamQuery {
    style: Option<ContentStyle>,
    tone: Option<Tone>,
    language: Option<String>,
    /// Comma-separated parts; all when absent.
    fields: Option<String>,
}

/// The same, streamed: `delta` events `{field, text}` as the model writes, then one `done`
/// event with the suggestion (as the POST answers it) or one `error` event `{message}`.
/// Refusals before writing starts (not set up, no product, no quota, bad input) are envelopes.
#[utoipa::path(get, path = "/center/products/import/{key}/ai-write/stream", params(("key" = String, Path, description = "the product id"), StreamQuery), responses((status = 200, content_type = "text/event-stream", body = String)))]
async fn ai_write_stream(
    State(state): State<AppState>,
    scope: Scope,
    ApiPath(key): ApiPath<String>,
    ApiQuery(q): ApiQuery<StreamQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let workplace_id = scope.workplace.id;
    let (client, defaults) = ai_writing::client(&state.pool, &state.sealer, &state.settings.inspect, workplace_id).await?;
    let fields = q.fields.map(|f| f.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect());
    let ask = write::ask(&WriteInput { style: q.style, tone: q.tone, language: q.language, fields }, &defaults)?;
    let p = write::product(&state.pool, workplace_id, product_id(&key)?).await?;
    let feature = write::check_quota(&state.pool, workplace_id).await?;
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Event>();
    let pool = state.pool.clone();
    tokio::spawn(async move {
        let deltas = tx.clone();
        let on_delta = move |part: ai_writing::prompt::Part, text: &str| {
            let _ = deltas.send(Event::default().event("delta").data(json!({ "field": part.key(), "text": text }).to_string()));
        };
        let written = match write::run(&client, &p, &ask, on_delta, true).await {
            Ok(mut s) => write::count(&pool, workplace_id, feature).await.map(|q| {
                s.quota = Some(q);
                s
            }),
            Err(e) => Err(e),
        };
        let last = match written {
            Ok(s) => Event::default().event("done").data(serde_json::to_string(&s).unwrap_or_default()),
            Err(e) => Event::default().event("error").data(json!({ "message": e.to_string() }).to_string()),
        };
        let _ = tx.send(last);
    });
    let events = futures::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|e| (Ok(e), rx)) });
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}
