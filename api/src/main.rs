use api::Application;
use domain::config::Settings;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    domain::telemetry::init("info,sqlx=warn,tower_http=info");
    let settings = Settings::load()?;
    let app = Application::build(settings).await?;
    tracing::info!(port = app.port(), "api listening");
    app.run_until_stopped().await?;
    Ok(())
}
