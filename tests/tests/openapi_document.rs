//! The OpenAPI document at /api/openapi.json is what a generated client needs: each parameter
//! declared where the route reads it, every answer in the envelope, the error answers and the
//! sign-in an operation needs (issue 18, item 11). Held against the running API, not the code.
use dropline_tests::{TestApp, no_redirect};
use serde_json::{Value, json};

/// One documented operation: method, path template (under `servers[0]`) and its description.
struct Op {
    method: String,
    path: String,
    doc: Value,
}

impl Op {
    fn name(&self) -> String {
        format!("{} {}", self.method.to_uppercase(), self.path)
    }

    fn params(&self, place: &str) -> Vec<&Value> {
        self.doc["parameters"].as_array().into_iter().flatten().filter(|p| p["in"] == place).collect()
    }

    fn public(&self) -> bool {
        self.doc["security"].as_array().is_none_or(|s| s.is_empty())
    }

    /// The path with every placeholder filled with a value of its declared type.
    fn filled_path(&self) -> String {
        self.params("path").iter().fold(self.path.clone(), |p, param| p.replace(&format!("{{{}}}", param["name"].as_str().unwrap()), &sample(param)))
    }
}

/// A value of the parameter's type that parses (a well-formed id, a number, a word).
fn sample(param: &Value) -> String {
    let schema = &param["schema"];
    let kind = schema["type"].as_str().or_else(|| schema["type"][0].as_str()).unwrap_or("string");
    match (kind, schema["format"].as_str()) {
        ("integer", _) => "1".into(),
        ("boolean", _) => "true".into(),
        (_, Some("uuid")) => "5a1a2c5e-0000-4000-8000-000000000001".into(),
        _ => "word".into(),
    }
}

fn placeholders(template: &str) -> Vec<String> {
    template.split('{').skip(1).filter_map(|s| s.split_once('}')).map(|(name, _)| name.to_string()).collect()
}

async fn document(app: &TestApp) -> Value {
    let doc: Value = app.http.get(format!("{}/api/openapi.json", app.base)).send().await.unwrap().json().await.unwrap();
    assert_eq!(doc["servers"][0]["url"], "/api", "a client prefixes every path with /api");
    doc
}

fn operations(doc: &Value) -> Vec<Op> {
    let mut ops = vec![];
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            ops.push(Op { method: method.clone(), path: path.clone(), doc: op.clone() });
        }
    }
    assert!(ops.len() > 100, "the whole API is documented");
    // The web's types are keyed by operation id: two handlers of one name would merge there.
    let mut ids: Vec<&str> = ops.iter().filter_map(|o| o.doc["operationId"].as_str()).collect();
    ids.sort();
    let twice: Vec<&str> = ids.windows(2).filter(|w| w[0] == w[1]).map(|w| w[0]).collect();
    assert!(twice.is_empty(), "operation ids used twice: {twice:?}");
    ops
}

/// An answer as a client without redirects sees it: HTTP status and the JSON body.
async fn send(app: &TestApp, op: &Op, path_and_query: &str, token: Option<&str>) -> (u16, Value) {
    let method = reqwest::Method::from_bytes(op.method.to_uppercase().as_bytes()).unwrap();
    let mut req = no_redirect().request(method.clone(), format!("{}/api{path_and_query}", app.base));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if method != reqwest::Method::GET && method != reqwest::Method::DELETE {
        req = req.json(&json!({}));
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let text = res.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or_else(|_| json!({ "not_json": text })))
}

fn is_envelope(body: &Value) -> bool {
    body["status"].is_u64() && body["success"].is_boolean() && body["message"].is_string() && body.get("data").is_some()
}

#[tokio::test]
async fn path_parameters_are_the_template_and_every_query_parameter_is_read_by_its_route() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _sandbox) = TestApp::on_sandbox(db.pool.clone()).await;
    let token = app.signed_up("params@example.com").await;
    let doc = document(&app).await;
    let mut wrong = vec![];
    let mut read = 0;
    for op in operations(&doc) {
        let declared: Vec<String> = op.params("path").iter().map(|p| p["name"].as_str().unwrap().to_string()).collect();
        let in_template = placeholders(&op.path);
        let (mut a, mut b) = (declared.clone(), in_template.clone());
        a.sort();
        b.sort();
        if a != b {
            wrong.push(format!("{}: path parameters {declared:?}, template placeholders {in_template:?}", op.name()));
            continue;
        }
        // A route reads the parameters its query type has: serde refuses one of them given
        // twice, naming it, and ignores a name the route does not read.
        for param in op.params("query") {
            let name = param["name"].as_str().unwrap();
            let value = sample(param);
            let url = format!("{}?{name}={value}&{name}={value}", op.filled_path());
            let (status, body) = send(&app, &op, &url, Some(&token)).await;
            if status != 422 || !body["errors"][name].is_array() {
                wrong.push(format!("{}: query parameter {name} given twice answered {status} {body}", op.name()));
            }
            read += 1;
        }
    }
    assert!(wrong.is_empty(), "{} operations document parameters where the route does not read them:\n{}", wrong.len(), wrong.join("\n"));
    assert!(read > 50, "only {read} query parameters were tried");
}

#[tokio::test]
async fn every_answer_is_documented_in_the_envelope_with_its_refusals_and_sign_in() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _sandbox) = TestApp::on_sandbox(db.pool.clone()).await;
    let doc = document(&app).await;
    let resolve = |r: &Value| -> Value {
        match r["$ref"].as_str() {
            Some(at) => doc.pointer(at.trim_start_matches('#')).cloned().unwrap_or(Value::Null),
            None => r.clone(),
        }
    };
    let mut wrong = vec![];
    for op in operations(&doc) {
        let responses = &op.doc["responses"];
        let body = |status: &str| resolve(&resolve(&responses[status])["content"]["application/json"]["schema"]);
        let ok = body("200");
        let required: Vec<&str> = ok["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        if required != ["status", "success", "message", "data"] || ok["properties"]["success"]["enum"] != json!([true]) {
            wrong.push(format!("{}: the 200 answer is not the envelope: {ok}", op.name()));
        }
        for status in ["400", "404", "422", "default"] {
            if !body(status)["required"].as_array().is_some_and(|r| r.contains(&json!("message"))) {
                wrong.push(format!("{}: no {status} answer in the envelope", op.name()));
            }
        }
        if !body("422")["required"].as_array().is_some_and(|r| r.contains(&json!("errors"))) {
            wrong.push(format!("{}: its 422 does not promise the field errors", op.name()));
        }
        // Called without a token: an operation that needs one says so, and one documented
        // as public does not ask for it (a webhook's 401 is its own, documented by the route).
        let (status, answer) = send(&app, &op, &op.filled_path(), None).await;
        if !is_envelope(&answer) {
            wrong.push(format!("{}: answered outside the envelope: {status} {answer}", op.name()));
        }
        let needs_token = !op.public();
        if needs_token && (status != 401 || answer["status"] != 101 || responses["401"].is_null()) {
            wrong.push(format!("{}: documented as needing sign-in, answered {status} {answer} without it", op.name()));
        }
        let own_401 = responses["401"].is_object() && responses["401"]["$ref"].is_null();
        if !needs_token && status == 401 && !own_401 {
            wrong.push(format!("{}: documented as public, answered {answer} without a token", op.name()));
        }
    }
    assert!(wrong.is_empty(), "{} problems:\n{}", wrong.len(), wrong.join("\n"));
}
