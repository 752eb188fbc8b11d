//! Email delivery: SMTP through lettre when `email.smtp_url` is set; otherwise the message stays
//! in the `email_outbox` table and is written to the log, where a developer can read it.
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;
use tracing::info;

use crate::config::EmailSettings;

#[derive(Clone)]
pub struct Mailer {
    from: String,
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
    /// Bodies carry sign-in links: they reach the log only where the dev outbox is on.
    log_bodies: bool,
}

impl Mailer {
    pub fn new(settings: &EmailSettings) -> anyhow::Result<Self> {
        let url = settings.smtp_url.expose_secret();
        let smtp = if url.is_empty() { None } else { Some(AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build()) };
        Ok(Self { from: settings.from.clone(), smtp, log_bodies: settings.dev_outbox_api })
    }

    pub async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), String> {
        let Some(smtp) = &self.smtp else {
            if self.log_bodies {
                info!(to, subject, body, "email kept in the outbox (no SMTP configured)");
            } else {
                info!(to, subject, "email kept in the outbox (no SMTP configured)");
            }
            return Ok(());
        };
        let message = Message::builder()
            .from(self.from.parse().map_err(|e| format!("bad sender address: {e}"))?)
            .to(to.parse().map_err(|e| format!("bad recipient address: {e}"))?)
            .subject(subject)
            .body(body.to_string())
            .map_err(|e| e.to_string())?;
        smtp.send(message).await.map(|_| ()).map_err(|e| e.to_string())
    }
}
