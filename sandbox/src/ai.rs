//! OpenAI's chat-completions API (platform.openai.com/docs/api-reference/chat), as OpenAI
//! documents it: `POST /openai/v1/chat/completions` with `Authorization: Bearer`, a known
//! `model`, a non-empty `messages` list of `{role, content}`, and `stream` answering Server-Sent
//! Events (`data: {chat.completion.chunk}` lines, `data: [DONE]` last). Errors are OpenAI's
//! `{error: {message, type, param, code}}`: 401 `invalid_api_key`, 404 `model_not_found`,
//! 400 `context_length_exceeded` (tokens counted as one per 4 characters), 400 for an unknown
//! argument or a malformed message.
//!
//! The text is deterministic: the last user message, tidied, after "Sandbox text:", so tests
//! can find the product's name and the language asked in it. `POST /_sandbox/openai/fail
//! {status, times, retry_after}` makes the next `times` calls answer 429 / 401 / 500 / 503;
//! `GET /_sandbox/openai/requests` counts the calls received.
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::{AppState, creds};

/// Models served and their context windows in tokens; `sandbox-tiny` is small enough for any
/// product's prompt to overflow it.
const MODELS: &[(&str, usize)] = &[("gpt-4o-mini", 128_000), ("gpt-4o", 128_000), ("llama3.1", 8_192), ("sandbox-tiny", 64)];
const ARGUMENTS: &[&str] = &[
    "model",
    "messages",
    "stream",
    "stream_options",
    "temperature",
    "top_p",
    "n",
    "stop",
    "max_tokens",
    "max_completion_tokens",
    "presence_penalty",
    "frequency_penalty",
    "logit_bias",
    "user",
    "seed",
    "response_format",
    "tools",
    "tool_choice",
    "logprobs",
    "top_logprobs",
    "parallel_tool_calls",
    "store",
    "metadata",
    "reasoning_effort",
    "service_tier",
    "modalities",
    "prediction",
];
const ROLES: &[&str] = &["system", "developer", "user", "assistant", "tool"];

#[derive(Default)]
pub struct AiState {
    fail: Option<Fail>,
    requests: u64,
}

#[derive(Deserialize, Clone, Debug)]
struct Fail {
    status: u16,
    #[serde(default = "one")]
    times: u32,
    #[serde(default)]
    retry_after: Option<u64>,
}

fn one() -> u32 {
    1
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/openai/v1/chat/completions", post(completions))
        .route("/_sandbox/openai/fail", post(set_fail))
        .route("/_sandbox/openai/requests", get(requests))
}

async fn set_fail(State(app): State<AppState>, Json(f): Json<Fail>) -> Json<Value> {
    app.world().ai.write().unwrap().fail = Some(f.clone());
    Json(json!({ "status": f.status, "times": f.times }))
}

async fn requests(State(app): State<AppState>) -> Json<Value> {
    Json(json!({ "count": app.world().ai.read().unwrap().requests }))
}

fn error(status: StatusCode, message: String, param: Option<&str>, code: Option<&str>) -> Response {
    let kind = match status.as_u16() {
        429 => "requests",
        500.. => "server_error",
        _ => "invalid_request_error",
    };
    (status, Json(json!({ "error": { "message": message, "type": kind, "param": param, "code": code } }))).into_response()
}

fn bad(message: impl Into<String>, param: Option<&str>, code: Option<&str>) -> Response {
    error(StatusCode::BAD_REQUEST, message.into(), param, code)
}

/// An injected failure, if one is armed.
fn injected(app: &AppState) -> Option<Response> {
    let world = app.world();
    let mut ai = world.ai.write().unwrap();
    ai.requests += 1;
    let f = ai.fail.as_mut()?;
    let status = StatusCode::from_u16(f.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let retry_after = f.retry_after;
    f.times = f.times.saturating_sub(1);
    if f.times == 0 {
        ai.fail = None;
    }
    let mut res = match status.as_u16() {
        401 => error(
            status,
            "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.".into(),
            None,
            Some("invalid_api_key"),
        ),
        429 => error(status, "Rate limit reached for requests. Please try again later.".into(), None, Some("rate_limit_exceeded")),
        _ => error(status, "The server had an error while processing your request. Sorry about that!".into(), None, None),
    };
    if let Some(secs) = retry_after {
        res.headers_mut().insert(header::RETRY_AFTER, secs.into());
    }
    Some(res)
}

fn text_of(content: &Value) -> Option<String> {
    match content {
        Value::String(s) => Some(s.clone()),
        Value::Array(parts) => parts
            .iter()
            .map(|p| if p["type"] == "text" { p["text"].as_str().map(str::to_string) } else { None })
            .collect::<Option<Vec<_>>>()
            .map(|t| t.join(" ")),
        _ => None,
    }
}

/// The messages' texts, or OpenAI's refusal naming the first bad one.
fn read_messages(body: &Value) -> Result<Vec<(String, String)>, Response> {
    let Some(list) = body.get("messages") else {
        return Err(bad("Missing required parameter: 'messages'.", Some("messages"), Some("missing_required_parameter")));
    };
    let Some(list) = list.as_array() else {
        return Err(bad("Invalid type for 'messages': expected an array of objects.", Some("messages"), Some("invalid_type")));
    };
    if list.is_empty() {
        return Err(bad(
            "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
            Some("messages"),
            Some("empty_array"),
        ));
    }
    let mut out = vec![];
    for (i, m) in list.iter().enumerate() {
        let role = m["role"].as_str().unwrap_or_default();
        if !ROLES.contains(&role) {
            let p = format!("messages[{i}].role");
            return Err(bad(
                format!("Invalid value: '{role}'. Supported values are: 'system', 'assistant', 'user', 'tool', 'function' and 'developer'."),
                Some(&p),
                Some("invalid_value"),
            ));
        }
        let Some(text) = m.get("content").and_then(text_of) else {
            let p = format!("messages[{i}].content");
            return Err(bad(format!("Invalid type for '{p}': expected one of a string or array of objects."), Some(&p), Some("invalid_type")));
        };
        out.push((role.to_string(), text));
    }
    Ok(out)
}

async fn completions(State(app): State<AppState>, headers: HeaderMap, body: axum::body::Bytes) -> Response {
    let auth = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let Some(key) = auth.strip_prefix("Bearer ") else {
        return error(StatusCode::UNAUTHORIZED, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).".into(), None, None);
    };
    if key.trim() != creds::OPENAI_API_KEY {
        return error(
            StatusCode::UNAUTHORIZED,
            "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.".into(),
            None,
            Some("invalid_api_key"),
        );
    }
    if let Some(res) = injected(&app) {
        return res;
    }
    let Ok(body) = serde_json::from_slice::<Value>(&body) else {
        return bad(
            "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload.)",
            None,
            None,
        );
    };
    let Some(obj) = body.as_object() else { return bad("The request body must be a JSON object.", None, None) };
    if let Some(unknown) = obj.keys().find(|k| !ARGUMENTS.contains(&k.as_str())) {
        return bad(format!("Unrecognized request argument supplied: {unknown}"), None, None);
    }
    let Some(model) = body["model"].as_str() else {
        return bad("you must provide a model parameter", None, None);
    };
    let Some((_, context)) = MODELS.iter().find(|(m, _)| *m == model) else {
        return error(StatusCode::NOT_FOUND, format!("The model `{model}` does not exist or you do not have access to it."), None, Some("model_not_found"));
    };
    let stream = match body.get("stream") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return bad("Invalid type for 'stream': expected a boolean.", Some("stream"), Some("invalid_type")),
    };
    let messages = match read_messages(&body) {
        Ok(m) => m,
        Err(res) => return res,
    };
    let tokens: usize = messages.iter().map(|(_, t)| t.chars().count().div_ceil(4) + 4).sum();
    if tokens > *context {
        return bad(
            format!(
                "This model's maximum context length is {context} tokens. However, your messages resulted in {tokens} tokens. Please reduce the length of the messages."
            ),
            Some("messages"),
            Some("context_length_exceeded"),
        );
    }
    let text = reply_text(&messages);
    let w = app.world();
    let (id, created) = (format!("chatcmpl-sandbox{}", w.next_id()), w.clock.now_secs());
    if stream {
        return sse(&id, created, model, &text);
    }
    let completion = text.chars().count().div_ceil(4);
    Json(json!({
        "id": id, "object": "chat.completion", "created": created, "model": model,
        "choices": [{ "index": 0, "message": { "role": "assistant", "content": text, "refusal": null }, "logprobs": null, "finish_reason": "stop" }],
        "usage": { "prompt_tokens": tokens, "completion_tokens": completion, "total_tokens": tokens + completion },
    }))
    .into_response()
}

/// "Sandbox text:" and the last user message on one line, at most 400 characters.
pub fn reply_text(messages: &[(String, String)]) -> String {
    let last = messages.iter().rev().find(|(r, _)| r == "user").map(|(_, t)| t.as_str()).unwrap_or_default();
    let flat: String = last.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(400).collect();
    format!("Sandbox text: {flat}")
}

/// The answer in chunks of three words: a first chunk with the role, the pieces, a last chunk
/// with `finish_reason`, then `[DONE]`.
fn sse(id: &str, created: i64, model: &str, text: &str) -> Response {
    let chunk = |delta: Value, finish: Value| {
        let c = json!({ "id": id, "object": "chat.completion.chunk", "created": created, "model": model,
            "choices": [{ "index": 0, "delta": delta, "logprobs": null, "finish_reason": finish }] });
        format!("data: {c}\n\n")
    };
    let mut out = chunk(json!({ "role": "assistant", "content": "" }), Value::Null);
    let words: Vec<&str> = text.split_inclusive(' ').collect();
    for piece in words.chunks(3) {
        out.push_str(&chunk(json!({ "content": piece.concat() }), Value::Null));
    }
    out.push_str(&chunk(json!({}), json!("stop")));
    out.push_str("data: [DONE]\n\n");
    ([(header::CONTENT_TYPE, "text/event-stream; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], out).into_response()
}
