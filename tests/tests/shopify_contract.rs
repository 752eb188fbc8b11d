//! Dropline and its sandbox held against Shopify's own published Admin GraphQL schema (npm
//! `@shopify/dev-mcp` ships one per API version; `scripts/test` fetches it into
//! `sandbox/contracts/.schemas`): every document the product sends validates, without deprecated
//! fields, against the version Dropline targets, and the sandbox defines nothing Shopify does
//! not, except the known differences listed in `sandbox/contracts/shopify-differences.txt`,
//! a list that may only shrink.
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn contracts() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sandbox/contracts")
}

fn check(version: &str) -> Value {
    let dir = std::env::temp_dir().join(format!("dropline-contract-{}-{}", std::process::id(), uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let (sdl, docs) = (dir.join("sandbox.graphql"), dir.join("documents.json"));
    std::fs::write(&sdl, sandbox::shopify::graphql::sdl()).unwrap();
    std::fs::write(&docs, serde_json::to_string(&domain::contracts::shopify_documents()).unwrap()).unwrap();
    let schema = contracts().join(format!(".schemas/admin_{version}.json.gz"));
    assert!(schema.exists(), "{} is missing: scripts/test fetches Shopify's schemas (ensure_contract_deps)", schema.display());
    let out = Command::new("node").arg(contracts().join("shopify.mjs")).arg(version).arg(&sdl).arg(&docs).output().expect("node runs");
    std::fs::remove_dir_all(&dir).ok();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn target_version() -> String {
    domain::config::Settings::load_env("test").expect("config loads").shopify.api_version
}

#[test]
fn every_document_the_product_sends_is_valid_in_the_targeted_version() {
    let version = target_version();
    let result = check(&version);
    assert_eq!(result["invalid"], serde_json::json!([]), "Shopify {version} refuses these documents");
}

#[test]
fn the_sandbox_defines_nothing_shopify_does_not_beyond_the_listed_differences() {
    let result = check(&target_version());
    let now: BTreeSet<String> = result["differences"].as_array().unwrap().iter().map(|d| d.as_str().unwrap().to_string()).collect();
    let listed: BTreeSet<String> = std::fs::read_to_string(contracts().join("shopify-differences.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let new: Vec<&String> = now.difference(&listed).collect();
    let gone: Vec<&String> = listed.difference(&now).collect();
    assert!(new.is_empty(), "the sandbox now differs from Shopify in: {new:#?}");
    assert!(gone.is_empty(), "fixed, so remove from shopify-differences.txt: {gone:#?}");
}
