// `sqlx::migrate!` embeds `migrations/` at compile time; without this, a new migration file
// leaves the binaries and tests on the old set until something else rebuilds the crate.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
