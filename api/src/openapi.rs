//! What the OpenAPI document says once for every operation, beyond each route's annotation: the
//! `/api` base, the envelope around every answer, the error answers, and which operations take
//! the bearer token. A route documents only its `data`; this makes the document what a client
//! really receives (tests/tests/openapi_document.rs holds it against the running API).
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::response::Response;
use utoipa::openapi::schema::{ArrayBuilder, Object, ObjectBuilder, SchemaType, Type};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityRequirement, SecurityScheme};
use utoipa::openapi::server::Server;
use utoipa::openapi::{Components, Content, OpenApi, Ref, RefOr, Schema};

/// Operations a caller reaches without signing in, by operation id (the handler's name). Every
/// other one takes `Authorization: Bearer <token>` and is documented with it and its 401.
const PUBLIC: &[&str] = &[
    "register",
    "login",
    "auto_login",
    "embedded_config",
    "verify_email",
    "send_verification_email",
    "forgot_password",
    "reset_password",
    "health",
    "dev_outbox_list",
    "pricing",
    "start",
    "social_callback",
    "woo_key_callback",
    "public_tracking",
    "recommended_apps",
    "payments_webhook",
    "shopify",
    "woocommerce",
];

/// The refusals any operation may answer besides its own: (HTTP status, component, description).
const REFUSALS: &[(&str, &str, &str)] = &[
    ("400", "BadRequest", "BAD_REQUEST (201): malformed JSON, or a path value that does not parse."),
    ("404", "NotFound", "NOT_FOUND (202): no such record in the caller's workplace."),
    ("422", "ValidationFailed", "UNPROCESSABLE_ENTITY (204): `errors` names each bad field of the body or query."),
    (
        "default",
        "Refused",
        "Any other refusal, in the envelope: 402 QUOTA_EXPIRED (401, `data` is the quota), 403 FORBIDDEN (103) or \
         EMAIL_NOT_VERIFIED (110), 409, 413, 414, 431, 429 RATE_LIMIT (229, with Retry-After), 502 when a platform or \
         supplier fails.",
    ),
];

const UNAUTHORIZED: (&str, &str, &str) = ("401", "Unauthorized", "UNAUTHORIZED (101): no bearer token, or the session ended.");

/// Completes the document the routes produced; run once on it before it is served or printed.
pub fn finish(doc: &mut OpenApi) {
    doc.servers = Some(vec![Server::new("/api")]);
    let components = doc.components.get_or_insert_with(Components::new);
    let field_errors = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some("Field name (a JSON path such as `address.zip`, or a query parameter) to its messages."))
        .additional_properties(Some(ArrayBuilder::new().items(Object::with_type(Type::String))));
    components.schemas.insert("FieldErrors".into(), field_errors.into());
    components.schemas.insert("ErrorEnvelope".into(), error_envelope(false).into());
    components.schemas.insert("ValidationEnvelope".into(), error_envelope(true).into());
    components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    for &(_, name, description) in REFUSALS.iter().chain([&UNAUTHORIZED]) {
        let body = if name == "ValidationFailed" { "ValidationEnvelope" } else { "ErrorEnvelope" };
        components.responses.insert(name.into(), RefOr::T(json_response(description, Ref::from_schema_name(body).into())));
    }
    for item in doc.paths.paths.values_mut() {
        for op in operations(item) {
            finish_operation(op);
        }
    }
}

fn finish_operation(op: &mut Operation) {
    let public = op.operation_id.as_deref().is_some_and(|id| PUBLIC.contains(&id));
    let responses = &mut op.responses.responses;
    for (status, response) in responses.iter_mut() {
        if let RefOr::T(response) = response {
            envelop(status, response);
        }
    }
    let mut refusals = REFUSALS.to_vec();
    if !public {
        op.security = Some(vec![SecurityRequirement::new("bearer", Vec::<String>::new())]);
        refusals.push(UNAUTHORIZED);
    }
    for (status, name, _) in refusals {
        responses.entry(status.into()).or_insert_with(|| RefOr::Ref(Ref::from_response_name(name)));
    }
}

/// Puts a route's own answer in the envelope: its JSON body becomes `data` (null when it has
/// none); a failure it documents without a body is the error envelope.
fn envelop(status: &str, response: &mut Response) {
    let success = status.starts_with('2');
    let data = response.content.get("application/json").and_then(|c| c.schema.clone());
    let body: RefOr<Schema> = match data {
        Some(data) => envelope(success, data).into(),
        None if success => envelope(true, Object::with_type(Type::Null).into()).into(),
        None if status == "422" => Ref::from_schema_name("ValidationEnvelope").into(),
        None => Ref::from_schema_name("ErrorEnvelope").into(),
    };
    let description = if response.description.is_empty() && success { "OK: `data` holds the answer." } else { &response.description };
    *response = json_response(description, body);
}

fn envelope(success: bool, data: RefOr<Schema>) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property("status", ObjectBuilder::new().schema_type(Type::Integer).description(Some("The spec's response code (docs/API.md); 200 on success.")))
        .property("success", ObjectBuilder::new().schema_type(Type::Boolean).enum_values(Some([success])))
        .property("message", Object::with_type(Type::String))
        .property("data", data)
        .required("status")
        .required("success")
        .required("message")
        .required("data")
}

fn error_envelope(with_fields: bool) -> ObjectBuilder {
    let data = ObjectBuilder::new().schema_type(SchemaType::AnyValue).description(Some("null, or what the refusal carries (the quota for QUOTA_EXPIRED)"));
    let e = envelope(false, data.into()).property("errors", Ref::from_schema_name("FieldErrors"));
    if with_fields { e.required("errors") } else { e }
}

fn json_response(description: &str, body: RefOr<Schema>) -> Response {
    let mut response = Response::new(description);
    response.content.insert("application/json".into(), Content::new(Some(body)));
    response
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.options, &mut item.head, &mut item.patch, &mut item.trace].into_iter().flatten()
}
