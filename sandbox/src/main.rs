//! Thin binary: parse flags, start the sandbox, wait for Ctrl-C.
use clap::Parser;
use sandbox::Config;

#[derive(Parser, Debug)]
#[command(name = "sandbox", about = "Dropline's outside world on loopback")]
struct Args {
    /// Port to listen on (overrides the port of SANDBOX_ADDR).
    #[arg(long, env = "SANDBOX_PORT")]
    port: Option<u16>,
    /// Full listen address.
    #[arg(long, env = "SANDBOX_ADDR", default_value = "127.0.0.1:9090")]
    addr: std::net::SocketAddr,
    /// Seed for every generated thing (catalogue, ids, fault decisions).
    #[arg(long, env = "SANDBOX_SEED", default_value_t = 42)]
    seed: u64,
    /// Public base URL if the sandbox is reached through another address.
    #[arg(long, env = "SANDBOX_PUBLIC_URL")]
    public_url: Option<String>,
    /// Print the emulated Shopify Admin GraphQL schema (SDL) and exit: the contract test diffs
    /// it against Shopify's published schema.
    #[arg(long)]
    shopify_schema: bool,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "sandbox=info".into())).init();
    let args = Args::parse();
    if args.shopify_schema {
        print!("{}", sandbox::shopify::graphql::sdl());
        return Ok(());
    }
    let mut addr = args.addr;
    if let Some(p) = args.port {
        addr.set_port(p);
    }
    let config = Config { addr, seed: args.seed, public_url: args.public_url, ..Config::default() };
    let (bound, handle) = sandbox::spawn(config).await?;
    tracing::info!(%bound, seed = args.seed, "sandbox listening");
    // Plain, for scripts that start it on port 0 and read where it is.
    println!("sandbox listening on http://{bound}");
    tokio::select! {
        r = handle => { r??; }
        _ = tokio::signal::ctrl_c() => { tracing::info!("shutting down"); }
    }
    Ok(())
}
