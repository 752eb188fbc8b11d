//! The chat-completions emulation refuses what OpenAI refuses, with OpenAI's error objects.
use crate::common;
use serde_json::{Value, json};

const KEY: &str = "sandbox-openai-key";

async fn call(sb: &common::Sandbox, key: Option<&str>, body: Value) -> (u16, reqwest::header::HeaderMap, String) {
    let mut req = sb.http.post(sb.url("/openai/v1/chat/completions")).json(&body);
    if let Some(k) = key {
        req = req.bearer_auth(k);
    }
    let res = req.send().await.unwrap();
    (res.status().as_u16(), res.headers().clone(), res.text().await.unwrap())
}

fn code(body: &str) -> Value {
    serde_json::from_str::<Value>(body).unwrap()["error"]["code"].clone()
}

fn ask(text: &str) -> Value {
    json!({ "model": "gpt-4o-mini", "messages": [{ "role": "system", "content": "Be brief." }, { "role": "user", "content": text }] })
}

#[tokio::test]
async fn answers_from_the_prompt_whole_and_streamed() {
    let sb = common::start().await;
    let (status, _, body) = call(&sb, Some(KEY), ask("Title for Cozy Hoodie in ar")).await;
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["object"], "chat.completion");
    assert_eq!(v["choices"][0]["message"]["content"], "Sandbox text: Title for Cozy Hoodie in ar");
    assert_eq!(v["choices"][0]["finish_reason"], "stop");

    let mut streamed = ask("Title for Cozy Hoodie in ar");
    streamed["stream"] = json!(true);
    let (status, headers, body) = call(&sb, Some(KEY), streamed).await;
    assert_eq!(status, 200);
    assert!(headers["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let events: Vec<&str> = body.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
    assert_eq!(events.last(), Some(&"[DONE]"));
    let chunks: Vec<Value> = events[..events.len() - 1].iter().map(|e| serde_json::from_str(e).unwrap()).collect();
    assert!(chunks.len() >= 4, "several chunks: {body}");
    assert!(chunks.iter().all(|c| c["object"] == "chat.completion.chunk"));
    let text: String = chunks.iter().filter_map(|c| c["choices"][0]["delta"]["content"].as_str()).collect();
    assert_eq!(text, "Sandbox text: Title for Cozy Hoodie in ar");
    assert_eq!(chunks.last().unwrap()["choices"][0]["finish_reason"], "stop");
}

#[tokio::test]
async fn refuses_bad_keys_models_and_messages() {
    let sb = common::start().await;
    let (status, _, body) = call(&sb, None, ask("x")).await;
    assert_eq!((status, code(&body)), (401, Value::Null), "no key at all: {body}");
    let (status, _, body) = call(&sb, Some("sk-wrong"), ask("x")).await;
    assert_eq!((status, code(&body)), (401, json!("invalid_api_key")));

    let (status, _, body) = call(&sb, Some(KEY), json!({ "model": "gpt-9", "messages": [{ "role": "user", "content": "x" }] })).await;
    assert_eq!((status, code(&body)), (404, json!("model_not_found")));
    let (status, _, _) = call(&sb, Some(KEY), json!({ "messages": [{ "role": "user", "content": "x" }] })).await;
    assert_eq!(status, 400, "a model is required");
    let (status, _, body) = call(&sb, Some(KEY), json!({ "model": "gpt-4o-mini", "messages": [] })).await;
    assert_eq!((status, code(&body)), (400, json!("empty_array")));
    let (status, _, body) = call(&sb, Some(KEY), json!({ "model": "gpt-4o-mini", "messages": [{ "role": "robot", "content": "x" }] })).await;
    assert_eq!((status, code(&body)), (400, json!("invalid_value")));
    let (status, _, body) = call(&sb, Some(KEY), json!({ "model": "gpt-4o-mini", "messages": [{ "role": "user", "content": 5 }] })).await;
    assert_eq!((status, code(&body)), (400, json!("invalid_type")));
    let (status, _, body) = call(&sb, Some(KEY), json!({ "model": "gpt-4o-mini", "messages": [{ "role": "user", "content": "x" }], "temprature": 1 })).await;
    assert_eq!(status, 400, "an unknown argument is refused: {body}");
    let (status, _, body) = call(&sb, Some(KEY), json!({ "model": "gpt-4o-mini", "messages": [{ "role": "user", "content": "x" }], "stream": "yes" })).await;
    assert_eq!((status, code(&body)), (400, json!("invalid_type")));
}

#[tokio::test]
async fn long_prompts_overflow_the_context_and_failures_can_be_armed() {
    let sb = common::start().await;
    let long = json!({ "model": "sandbox-tiny", "messages": [{ "role": "user", "content": "word ".repeat(400) }] });
    let (status, _, body) = call(&sb, Some(KEY), long).await;
    assert_eq!((status, code(&body)), (400, json!("context_length_exceeded")));

    sb.post_json("/_sandbox/openai/fail", json!({ "status": 429, "times": 2, "retry_after": 1 })).await;
    for _ in 0..2 {
        let (status, headers, body) = call(&sb, Some(KEY), ask("x")).await;
        assert_eq!((status, code(&body)), (429, json!("rate_limit_exceeded")));
        assert_eq!(headers["retry-after"], "1");
    }
    let (status, _, _) = call(&sb, Some(KEY), ask("x")).await;
    assert_eq!(status, 200, "the armed failures are used up");
    assert_eq!(sb.get_json("/_sandbox/openai/requests").await["count"], 4, "every call with a good key is counted");
}
