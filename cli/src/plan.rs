//! `dropline plan`: the operator's hand on plans, for a Dropline that charges nobody
//! (`plans.billing = false`) or to give one workspace another plan.
use clap::Subcommand;
use domain::plans::{self, PLANS};
use domain::store::{users, workplaces};
use sqlx::PgPool;
use uuid::Uuid;

#[derive(Subcommand)]
pub enum PlanCommand {
    /// Lists the catalogue's plans (`config/plans.toml`), unlisted ones marked.
    List,
    /// Puts a user's workspaces on a plan now: every workspace of the user, or `--workplace`.
    Set {
        #[arg(long)]
        email: String,
        /// A plan key of `plan list` (any case); `unlimited` and `free` name those plans.
        #[arg(long)]
        plan: String,
        /// Only this workspace of the user.
        #[arg(long)]
        workplace: Option<Uuid>,
    },
}

/// The catalogue key an operator means: the key itself in any case, or a short name.
pub fn plan_key(wanted: &str) -> Option<&'static str> {
    let wanted = match wanted.trim().to_ascii_lowercase().as_str() {
        "unlimited" => "UNLIMITED".to_string(),
        "free" => plans::FREE.to_string(),
        other => other.to_ascii_uppercase(),
    };
    PLANS.iter().find(|p| p.key == wanted).map(|p| p.key)
}

pub async fn run(pool: &PgPool, command: PlanCommand) -> anyhow::Result<()> {
    match command {
        PlanCommand::List => {
            for p in PLANS.iter() {
                let listed = if p.listed { "" } else { "  (unlisted)" };
                println!("{:<32} {:<20} ${:>8.2} every {} days{listed}", p.key, p.name, p.price, p.cycle);
            }
        }
        PlanCommand::Set { email, plan, workplace } => {
            let key = plan_key(&plan).ok_or_else(|| anyhow::anyhow!("no plan {plan}; `dropline plan list` shows the catalogue"))?;
            let user = users::by_email(pool, &email).await?.ok_or_else(|| anyhow::anyhow!("no account {email}"))?;
            let chosen: Vec<_> = workplaces::of_user(pool, user.id).await?.into_iter().filter(|w| workplace.is_none_or(|id| id == w.id)).collect();
            anyhow::ensure!(!chosen.is_empty(), "{email} has no workspace {}", workplace.map(|w| w.to_string()).unwrap_or_default());
            let mut conn = pool.acquire().await?;
            for w in chosen {
                let changed = plans::assign(&mut conn, w.id, key, None).await?;
                let what = if changed { "now on" } else { "already on" };
                println!("workplace {} \"{}\" {what} plan {key}", w.id, w.name);
            }
        }
    }
    Ok(())
}
