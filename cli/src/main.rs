//! `dropline`: operator commands against the configured database.
use clap::{Parser, Subcommand};
use domain::config::Settings;
use domain::store::{progress, users, workplaces};

mod follow;
mod import;
mod inspect;
mod orders;
mod plan;
mod push;
mod sync;
mod tracking;

#[derive(Parser)]
#[command(name = "dropline", about = "Dropline operator commands")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Accounts.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Prints a user's workplaces with their jobs by kind and status.
    Status {
        #[arg(long)]
        email: String,
    },
    /// Creates the demo account if it does not exist and prints its login.
    SeedDemo,
    /// Inspects a store's public page (theme, apps, products) in this process, with the same
    /// address guard as the API's scans.
    Inspect {
        /// The store's address; https:// is added when no scheme is given.
        url: String,
        /// Print the result as JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Imports supplier products into a user's import list as an import-all job (the worker
    /// runs it) and follows it with a progress bar.
    Import {
        #[arg(long)]
        email: String,
        #[arg(long)]
        source: String,
        /// A file of product ids, one per line.
        #[arg(long, conflicts_with = "query")]
        ids: Option<std::path::PathBuf>,
        /// Products matching this keyword in the catalogue cache, most ordered first.
        #[arg(long)]
        query: Option<String>,
        #[arg(long, default_value_t = 20)]
        limit: usize,
        #[arg(long, default_value = "US")]
        ship_to: String,
    },
    /// Pushes products to stores and channels (the worker runs the pushes) and follows them
    /// with a progress bar.
    Push {
        #[arg(long)]
        email: String,
        /// Every product of the import list.
        #[arg(long, conflicts_with = "ids")]
        all: bool,
        /// A file of product ids, one per line.
        #[arg(long)]
        ids: Option<std::path::PathBuf>,
        /// Comma-separated: shopify and woocommerce (every connected store of the platform),
        /// tiktok, facebook, google, or a store id.
        #[arg(long)]
        channels: String,
        /// Publish (the default).
        #[arg(long, conflicts_with = "unpublish")]
        publish: bool,
        /// Push as drafts, hidden from buyers.
        #[arg(long)]
        unpublish: bool,
    },
    /// Supplier sync (auto update): `--now` runs one and prints what changed; without it, the settings.
    Sync {
        #[arg(long)]
        email: String,
        #[arg(long)]
        now: bool,
    },
    /// Store orders.
    Orders {
        #[command(subcommand)]
        command: OrdersCommand,
    },
    /// Parcels: `tracking sync [--now] [--email]`.
    Tracking {
        #[command(subcommand)]
        command: tracking::TrackingCommand,
    },
    /// Connected stores.
    Stores {
        #[command(subcommand)]
        command: StoresCommand,
    },
    /// Plans: `plan list`, `plan set --email ... --plan ...` (a Dropline that charges nobody
    /// assigns plans this way).
    Plan {
        #[command(subcommand)]
        command: plan::PlanCommand,
    },
}

#[derive(Subcommand)]
enum StoresCommand {
    /// Lists a user's stores by workplace, default first.
    List {
        #[arg(long)]
        email: String,
    },
}

#[derive(Subcommand)]
enum OrdersCommand {
    /// Places the ready orders (the worker places them) and follows them with a progress bar.
    Place {
        #[arg(long)]
        email: String,
        /// Every order in the placement tab (the only selection so far).
        #[arg(long, required = true)]
        ready: bool,
        /// Only the lines of this source (aliexpress, temu, cj, dropline, ebay).
        #[arg(long)]
        source: Option<String>,
        /// Pay after placing: wallet, card or auto (the saved method); without it the supplier
        /// orders wait for payment.
        #[arg(long, value_parser = orders::parse_pay)]
        pay: Option<domain::orders::place::PayWith>,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Creates a verified account with its first workplace.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long, env = "DROPLINE_NEW_PASSWORD")]
        password: String,
        #[arg(long, default_value = "")]
        first_name: String,
        #[arg(long, default_value = "")]
        last_name: String,
    },
    /// Sets how the account pays plans: `sandbox` (the vendor's test cards) or `live`.
    PaymentMode {
        #[arg(long)]
        email: String,
        #[arg(value_parser = ["sandbox", "live"])]
        mode: String,
    },
}

pub const DEMO_EMAIL: &str = "demo@dropline.local";
pub const DEMO_PASSWORD: &str = "dropline-demo";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    domain::telemetry::init("warn");
    let cli = Cli::parse();
    let settings = Settings::load()?;
    domain::plans::load(&settings.plans.file).map_err(anyhow::Error::msg)?;
    if let Command::Inspect { url, json } = &cli.command {
        return inspect::run(&settings, url, *json).await;
    }
    domain::db::create_database_if_missing(&settings.database).await?;
    let pool = domain::db::pool(&settings.database)?;
    domain::db::migrate(&pool).await?;
    match cli.command {
        Command::User { command: UserCommand::Create { email, password, first_name, last_name } } => {
            match domain::accounts::create_verified(&pool, &email, &password, &first_name, &last_name).await {
                Ok(Some(id)) => println!("created {email} ({id})"),
                Ok(None) => anyhow::bail!("{email} is already registered"),
                Err(domain::Error::Validation { fields, .. }) => anyhow::bail!("invalid input: {fields:?}"),
                Err(e) => return Err(e.into()),
            }
        }
        Command::User { command: UserCommand::PaymentMode { email, mode } } => {
            anyhow::ensure!(domain::store::users::set_payment_mode(&pool, &email, &mode).await?, "no account {email}");
            println!("{email} pays plans in {mode} mode");
        }
        Command::Status { email } => {
            let user = users::by_email(&pool, &email).await?.ok_or_else(|| anyhow::anyhow!("no account {email}"))?;
            println!("{} ({}), verified: {}", user.email, user.id, user.email_verified_at.is_some());
            for w in workplaces::of_user(&pool, user.id).await? {
                println!("workplace {} \"{}\" {} plan {}", w.id, w.name, w.currency, w.plan_key);
                let counts = progress::counts(&pool, w.id).await?;
                if counts.is_empty() {
                    println!("  no jobs yet");
                }
                for (kind, status, n) in counts {
                    println!("  {kind:<20} {status:<11} {n}");
                }
            }
        }
        Command::Stores { command: StoresCommand::List { email } } => {
            let user = users::by_email(&pool, &email).await?.ok_or_else(|| anyhow::anyhow!("no account {email}"))?;
            for w in workplaces::of_user(&pool, user.id).await? {
                println!("workplace {} \"{}\"", w.id, w.name);
                let list = domain::store::stores::list(&pool, w.id).await?;
                if list.is_empty() {
                    println!("  no stores");
                }
                for s in list {
                    let default = if s.is_default { "default" } else { "" };
                    println!("  {} {:<11} {:<32} {:<12} setup {:<7} {default}", s.id, s.platform, s.platform_domain, s.status, s.setup);
                }
            }
        }
        Command::Inspect { .. } => unreachable!("handled before the database is opened"),
        Command::Import { email, source, ids, query, limit, ship_to } => {
            let args = import::Args { email, source, ids, query, limit, ship_to };
            import::run(&pool, args).await?;
        }
        Command::Push { email, all, ids, channels, publish: _, unpublish } => {
            push::run(&pool, push::Args { email, all, ids, channels, publish: !unpublish }, settings.shopify.bulk_threshold).await?;
        }
        Command::Sync { email, now } => sync::run(&pool, &email, now).await?,
        Command::Orders { command: OrdersCommand::Place { email, ready: _, source, pay } } => {
            orders::place_ready(&pool, orders::Args { email, source, pay }).await?;
        }
        Command::Tracking { command } => tracking::run(&pool, command).await?,
        Command::Plan { command } => plan::run(&pool, command).await?,
        Command::SeedDemo => {
            match domain::accounts::create_verified(&pool, DEMO_EMAIL, DEMO_PASSWORD, "Demo", "Store").await? {
                Some(_) => println!("demo account created"),
                None => println!("demo account already exists"),
            }
            println!("demo login: {DEMO_EMAIL} / {DEMO_PASSWORD}");
        }
    }
    Ok(())
}
