//! Every SQL statement written as a literal in the product (`sqlx::query*("...")` in `domain`
//! and `api`) is prepared against the migrated schema, so a renamed column or a typo fails here
//! before it can fail in production. Statements built at run time (`format!`) are counted and
//! named; they are exercised by the tests of the code that builds them.
use std::path::{Path, PathBuf};

/// A literal statement and where it is written.
struct Statement {
    at: String,
    sql: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The Rust string literal at the start of `s` ("..." or r#"..."#), unescaped.
fn literal(s: &str) -> Option<String> {
    if let Some(rest) = s.strip_prefix("r#\"") {
        return rest.find("\"#").map(|end| rest[..end].to_string());
    }
    if let Some(rest) = s.strip_prefix("r\"") {
        return rest.find('"').map(|end| rest[..end].to_string());
    }
    let rest = s.strip_prefix('"')?;
    let (mut out, mut chars) = (String::new(), rest.chars());
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                // A line continuation: the newline and the next line's indentation go.
                '\n' => {
                    let tail: String = chars.clone().collect();
                    let skipped = tail.len() - tail.trim_start().len();
                    for _ in 0..tail[..skipped].chars().count() {
                        chars.next();
                    }
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// The statements of one file, and how many calls pass a statement built at run time.
fn statements(path: &Path, root: &Path) -> (Vec<Statement>, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let (mut found, mut built) = (vec![], vec![]);
    for call in ["sqlx::query(", "sqlx::query_as(", "sqlx::query_scalar(", "sqlx::query_as::<"] {
        for (at, _) in text.match_indices(call) {
            let mut rest = &text[at + call.len()..];
            if call.ends_with('<') {
                rest = &rest[rest.find(">(").map(|i| i + 2).unwrap_or(0)..];
            }
            let rest = rest.trim_start();
            let line = text[..at].lines().count() + 1;
            let place = format!("{}:{line}", path.strip_prefix(root).unwrap().display());
            match literal(rest) {
                Some(sql) => found.push(Statement { at: place, sql }),
                None => built.push(place),
            }
        }
    }
    (found, built)
}

#[tokio::test]
async fn every_literal_statement_prepares_against_the_migrated_schema() {
    let db = domain::db::TestDatabase::new().await;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = vec![];
    for dir in ["domain/src", "api/src"] {
        rust_files(&root.join(dir), &mut files);
    }
    let (mut all, mut built) = (vec![], vec![]);
    for file in &files {
        let (found, runtime) = statements(file, &root);
        all.extend(found);
        built.extend(runtime);
    }
    assert!(all.len() > 300, "the scan found {} statements: has the way queries are written changed?", all.len());
    let mut refused = vec![];
    for s in &all {
        if let Err(e) = sqlx::Executor::prepare(&db.pool, s.sql.as_str()).await {
            refused.push(format!("{}: {e}\n    {}", s.at, s.sql.split_whitespace().collect::<Vec<_>>().join(" ")));
        }
    }
    assert!(refused.is_empty(), "{} of {} statements do not prepare:\n{}", refused.len(), all.len(), refused.join("\n"));
    println!("{} literal statements prepared; {} built at run time: {}", all.len(), built.len(), built.join(", "));
}
