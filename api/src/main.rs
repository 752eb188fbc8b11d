use api::Application;
use domain::config::Settings;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // `api openapi`: the OpenAPI document on stdout (scripts/gen-api-types), no settings needed.
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        println!("{}", api::startup::openapi_document().to_pretty_json()?);
        return Ok(());
    }
    domain::telemetry::init("info,sqlx=warn,tower_http=info");
    let settings = Settings::load()?;
    let app = Application::build(settings).await?;
    tracing::info!(port = app.port(), "api listening");
    app.run_until_stopped().await?;
    Ok(())
}
