use domain::config::Settings;
use worker::Worker;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    domain::telemetry::init("info,sqlx=warn,apalis=warn");
    let settings = Settings::load()?;
    let worker = Worker::build(settings).await?;
    tracing::info!("worker started");
    worker.run_until_stopped(None).await
}
