//! OpenAI's chat-completions protocol (`POST {base}/v1/chat/completions`, `Authorization:
//! Bearer`), which OpenAI and local servers (Ollama, vLLM, llama.cpp) all speak, so an owner
//! picks the service by its address. Both the whole answer and the streamed one (Server-Sent
//! Events, `data: {chunk}` lines ending with `data: [DONE]`). The address is typed by a user:
//! every call goes through the guarded client, which refuses private addresses unless the
//! operator allowed them.
//!
//! Failures keep OpenAI's error object (`{error: {message, type, code}}`) as a sentence: a bad
//! key, an unknown model and a prompt over the model's context are told apart; 429 and 5xx
//! answers are retried a bounded number of times, waiting as `retry-after` says.
use std::time::Duration;

use serde::Serialize;
use serde_json::{Value, json};
use url::Url;

use super::guarded_http;
use crate::config::InspectSettings;

/// Tries of one call when the service says "too many requests" or fails on its side.
const MAX_ATTEMPTS: u32 = 3;
/// Longest `retry-after` waited for inside one request; a longer one is reported instead.
const MAX_WAIT_SECS: u64 = 10;

#[derive(Debug, Clone, Serialize)]
pub struct Message {
    pub role: &'static str,
    pub content: String,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Self {
        Message { role: "system", content: content.into() }
    }
    pub fn user(content: impl Into<String>) -> Self {
        Message { role: "user", content: content.into() }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    #[error("{0}")]
    Address(String),
    #[error("The AI service refused the API key: {0}")]
    Unauthorized(String),
    #[error("The AI service is receiving too many requests: {message}")]
    RateLimited { message: String, retry_after_secs: u64 },
    #[error("The product's text is longer than the model can read: {0}")]
    ContextTooLong(String),
    #[error("The AI service does not know the model: {0}")]
    ModelNotFound(String),
    #[error("The AI service refused the request: {0}")]
    Rejected(String),
    #[error("The AI service could not be reached or answered badly: {0}")]
    Unavailable(String),
}

/// One workspace's service.
#[derive(Clone)]
pub struct ChatClient {
    endpoint: String,
    key: Option<String>,
    model: String,
    http: reqwest::Client,
    refused: Option<String>,
}

/// `{base}/v1/chat/completions`, also when the owner typed the base with its `/v1` already.
pub fn endpoint(base: &str) -> String {
    let base = base.trim().trim_end_matches('/');
    if base.ends_with("/v1") { format!("{base}/chat/completions") } else { format!("{base}/v1/chat/completions") }
}

impl ChatClient {
    pub fn new(base: &str, key: Option<String>, model: &str, inspect: &InspectSettings) -> Self {
        // An IP literal never reaches the guarded resolver, so it is checked here.
        let refused = match Url::parse(base) {
            Ok(url) => guarded_http::check_literal(inspect, &url).err().map(|e| e.to_string()),
            Err(_) => Some(format!("{base} is not a valid web address.")),
        };
        let http = guarded_http::guarded_client(inspect, Duration::from_secs(120));
        ChatClient { endpoint: endpoint(base), key: key.filter(|k| !k.is_empty()), model: model.to_string(), http, refused }
    }

    /// The whole answer at once.
    pub async fn complete(&self, messages: &[Message]) -> Result<String, AiError> {
        let res = self.send(messages, false).await?;
        let body: Value = res.json().await.map_err(|e| AiError::Unavailable(format!("the answer was not JSON ({e})")))?;
        body["choices"][0]["message"]["content"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| AiError::Unavailable("the answer had no choices[0].message.content".into()))
    }

    /// The answer as it is written: `on_delta` gets each piece of `choices[0].delta.content`;
    /// the whole text is returned once `data: [DONE]` arrives.
    pub async fn stream(&self, messages: &[Message], mut on_delta: impl FnMut(&str)) -> Result<String, AiError> {
        let mut res = self.send(messages, true).await?;
        let (mut pending, mut text) = (Vec::<u8>::new(), String::new());
        loop {
            let chunk = res.chunk().await.map_err(|e| AiError::Unavailable(e.to_string()))?;
            let Some(chunk) = chunk else {
                return Err(AiError::Unavailable("the stream ended before data: [DONE]".into()));
            };
            pending.extend_from_slice(&chunk);
            while let Some(end) = pending.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = pending.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line);
                let Some(data) = line.trim_end_matches(['\r', '\n']).strip_prefix("data:") else { continue };
                let data = data.trim_start();
                if data == "[DONE]" {
                    return Ok(text);
                }
                let event: Value = serde_json::from_str(data).map_err(|e| AiError::Unavailable(format!("a stream event was not JSON ({e})")))?;
                if event.get("error").is_some() {
                    return Err(AiError::Unavailable(error_message(&event)));
                }
                if let Some(piece) = event["choices"][0]["delta"]["content"].as_str().filter(|p| !p.is_empty()) {
                    text.push_str(piece);
                    on_delta(piece);
                }
            }
        }
    }

    /// One request, retried on 429 and 5xx; any other failure is mapped at once.
    async fn send(&self, messages: &[Message], stream: bool) -> Result<reqwest::Response, AiError> {
        if let Some(why) = &self.refused {
            return Err(AiError::Address(why.clone()));
        }
        let body = json!({ "model": self.model, "messages": messages, "stream": stream });
        let mut attempt = 1;
        loop {
            let mut req = self.http.post(&self.endpoint).json(&body);
            if let Some(key) = &self.key {
                req = req.bearer_auth(key);
            }
            let res = req.send().await.map_err(explain)?;
            let status = res.status().as_u16();
            if res.status().is_success() {
                return Ok(res);
            }
            let wait = retry_after(&res);
            let error: Value = res.json().await.unwrap_or(Value::Null);
            let failure = classify(status, &error, wait);
            let retryable = matches!(failure, AiError::RateLimited { retry_after_secs, .. } if retry_after_secs <= MAX_WAIT_SECS)
                || matches!(failure, AiError::Unavailable(_));
            if !retryable || attempt >= MAX_ATTEMPTS {
                return Err(failure);
            }
            tokio::time::sleep(Duration::from_secs(wait.unwrap_or(attempt as u64).min(MAX_WAIT_SECS))).await;
            attempt += 1;
        }
    }
}

fn explain(e: reqwest::Error) -> AiError {
    // The guarded resolver's refusal is the error's source: say it as it was said.
    let mut source: Option<&dyn std::error::Error> = Some(&e);
    while let Some(s) = source {
        if let Some(f) = s.downcast_ref::<guarded_http::FetchError>() {
            return AiError::Address(f.to_string());
        }
        source = s.source();
    }
    if e.is_timeout() { AiError::Unavailable("no answer within 120 seconds".into()) } else { AiError::Unavailable(e.to_string()) }
}

/// `retry-after` in seconds (the form OpenAI sends).
fn retry_after(res: &reqwest::Response) -> Option<u64> {
    res.headers().get(reqwest::header::RETRY_AFTER)?.to_str().ok()?.trim().parse::<f64>().ok().map(|s| s.max(0.0).ceil() as u64)
}

fn error_message(body: &Value) -> String {
    body["error"]["message"].as_str().or_else(|| body["error"].as_str()).unwrap_or("no message").to_string()
}

/// OpenAI's status and `error.code` as one of the failures above.
pub fn classify(status: u16, body: &Value, retry_after: Option<u64>) -> AiError {
    let message = error_message(body);
    let code = body["error"]["code"].as_str().unwrap_or_default();
    match (status, code) {
        (401 | 403, _) => AiError::Unauthorized(message),
        (404, _) | (_, "model_not_found") => AiError::ModelNotFound(message),
        (_, "context_length_exceeded") => AiError::ContextTooLong(message),
        // Out of credit: waiting does not help.
        (429, "insufficient_quota") => AiError::Rejected(message),
        (429, _) => AiError::RateLimited { message, retry_after_secs: retry_after.unwrap_or(1) },
        (500.., _) => AiError::Unavailable(format!("HTTP {status}: {message}")),
        _ => AiError::Rejected(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoint_adds_v1_once() {
        assert_eq!(endpoint("https://api.openai.com"), "https://api.openai.com/v1/chat/completions");
        assert_eq!(endpoint("http://ollama:11434/v1/"), "http://ollama:11434/v1/chat/completions");
    }

    #[test]
    fn errors_are_told_apart_by_status_and_code() {
        let e = |code: &str| json!({ "error": { "message": "m", "type": "invalid_request_error", "code": code } });
        assert!(matches!(classify(401, &e("invalid_api_key"), None), AiError::Unauthorized(_)));
        assert!(matches!(classify(400, &e("context_length_exceeded"), None), AiError::ContextTooLong(_)));
        assert!(matches!(classify(404, &e("model_not_found"), None), AiError::ModelNotFound(_)));
        assert_eq!(classify(429, &e("rate_limit_exceeded"), Some(3)), AiError::RateLimited { message: "m".into(), retry_after_secs: 3 });
        assert!(matches!(classify(429, &e("insufficient_quota"), None), AiError::Rejected(_)));
    }
}
