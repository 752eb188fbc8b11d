//! Find product's in-memory index answers exactly as the SQL search: for a catalogue with
//! repeated words, quotes and hyphens, every source, countries, NULL shipping, freight abroad,
//! ties on every sort and duplicate images, each query's page (cards, order, total) is the
//! SQL search's page. It follows a changed catalogue once it is read again.
use domain::catalogue::index::{SearchIndex, parse_tsvector, rank, version};
use domain::catalogue::query::{FindParams, Search};
use domain::catalogue::search::{SearchPage, search};
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;

const WORDS: [&str; 14] = ["lamp", "desk", "travel", "women", "gift", "wi-fi", "LED", "kids", "smart", "mini", "Café", "o'neil", "back\\slash", "1.5"];
const SOURCES: [&str; 7] = ["aliexpress", "cj", "temu", "dropline", "ebay", "alibaba", "amazon"];

/// A small deterministic generator: the same catalogue on every run.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

async fn fill(pool: &PgPool, products: usize) {
    let mut r = Lcg(7);
    for i in 0..products {
        let title: Vec<&str> = (0..2 + r.next(6)).map(|_| WORDS[r.next(WORDS.len() as u64) as usize]).collect();
        let ships_to: Option<Vec<&str>> = [None, Some(vec![]), Some(vec!["US"]), Some(vec!["US", "DE"]), Some(vec!["DE"])][r.next(5) as usize].clone();
        let images: Vec<String> = (0..r.next(8)).map(|k| format!("https://img.example/{}.jpg", k % 4)).collect();
        let source = SOURCES[r.next(7) as usize];
        let id = format!("p{:03}", products - i);
        sqlx::query(
            "INSERT INTO supplier_products (source, source_product_id, title, category_id, price_cents, price_max_cents, compare_at_cents,
                 orders, rating, collections, images, ship_from, ships_to, us_shipping_cents, video_url, reviews_count, total_variants)
             VALUES ($1, $2, $3, $4, $5, $5 + $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
        )
        .bind(source)
        .bind(&id)
        .bind(title.join(" "))
        .bind([None, Some(1), Some(2), Some(11)][r.next(4) as usize])
        .bind(100 * (1 + r.next(60)) as i64)
        .bind(100 * r.next(20) as i64)
        .bind([None, Some(9_000i64)][r.next(2) as usize])
        .bind([0i32, 50, 100, 500, 2_000, 12_000][r.next(6) as usize])
        .bind([None, Some(3.5f32), Some(4.0), Some(4.7)][r.next(4) as usize])
        .bind([vec![], vec!["trending"], vec!["trending", "made_in_us"]][r.next(3) as usize].clone())
        .bind(images)
        .bind([None, Some("CN"), Some("cn"), Some("US")][r.next(4) as usize])
        .bind(ships_to)
        .bind([None, Some(0i64), Some(300), Some(700)][r.next(4) as usize])
        .bind([None, Some("https://video.example/v.mp4")][r.next(2) as usize])
        .bind([None, Some(12)][r.next(2) as usize])
        .bind([None, Some(3)][r.next(2) as usize])
        .execute(pool)
        .await
        .unwrap();
        let days = [None, Some(3), Some(9)][r.next(3) as usize];
        sqlx::query("UPDATE supplier_products SET us_min_days = $3, us_max_days = $3 + 4 WHERE source = $1 AND source_product_id = $2")
            .bind(source)
            .bind(&id)
            .bind(days)
            .execute(pool)
            .await
            .unwrap();
        if r.next(3) > 0 {
            sqlx::query(
                "INSERT INTO supplier_freight (source, source_product_id, country, cost_cents, min_days, max_days) VALUES ($1, $2, 'DE', $3, $4, $4 + 5)",
            )
            .bind(source)
            .bind(&id)
            .bind([None, Some(400i64), Some(900)][r.next(3) as usize])
            .bind([None, Some(5), Some(12)][r.next(3) as usize])
            .execute(pool)
            .await
            .unwrap();
        }
    }
}

fn params(pairs: &[(&str, &str)]) -> FindParams {
    let v: serde_json::Map<String, serde_json::Value> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string().into())).collect();
    serde_json::from_value(v.into()).unwrap()
}

async fn both(pool: &PgPool, index: &Arc<SearchIndex>, s: &Search, categories: &[i32]) -> (SearchPage, SearchPage) {
    let sql = search(pool, s, categories).await.unwrap();
    let kept = index.answer(pool, s, categories).await.unwrap().expect("the index answers");
    (sql, kept)
}

#[tokio::test]
async fn every_page_is_the_sql_searchs_page() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    fill(&pool, 240).await;
    let index = SearchIndex::new(Duration::from_secs(600), 1_000);
    index.warm(&pool).await;
    let keywords = [
        "",
        "lamp",
        "desk lamp",
        "lamp LAMP",
        "wi-fi",
        "led desk mini",
        "café",
        "o'neil",
        "back\\slash",
        "1.5",
        "nothinghere",
        "!!!",
        "travel women gift kids",
    ];
    let sorts = ["profit", "price", "lastest_volume", "shipping_cost", "most_relevant", "shipping_time_min"];
    let filters: [&[(&str, &str)]; 10] = [
        &[],
        &[("sources", "cj,temu,ebay")],
        &[("sources", ",")],
        &[("ship_to", "DE")],
        &[("price", "10-30"), ("ship_to", "DE")],
        &[("rating", "4")],
        &[("order_count", "100-")],
        &[("collection", "trending")],
        &[("ship_from", "Cn")],
        &[("category", "1")],
    ];
    let mut asked = 0;
    for (k, keyword) in keywords.iter().enumerate() {
        for (o, sort_by) in sorts.iter().enumerate() {
            for (d, dir) in ["desc", "asc"].iter().enumerate() {
                for (f, filter) in filters.iter().enumerate() {
                    let page = (1 + (k + o + d + f) % 3).to_string();
                    let mut pairs = vec![("keyword", *keyword), ("sort_by", *sort_by), ("sort", *dir), ("page", page.as_str()), ("page_size", "7")];
                    pairs.extend_from_slice(filter);
                    let s = Search::parse(&params(&pairs)).unwrap();
                    let categories = if s.category.is_some() { vec![1, 11] } else { vec![] };
                    let (sql, kept) = both(&pool, &index, &s, &categories).await;
                    assert_eq!(serde_json::to_value(&kept).unwrap(), serde_json::to_value(&sql).unwrap(), "{pairs:?}");
                    asked += 1;
                }
            }
        }
    }
    assert_eq!(asked, 1_560);
    // The catalogue exceeds a smaller bound: the SQL search answers.
    let small = SearchIndex::new(Duration::from_secs(600), 100);
    small.warm(&pool).await;
    let s = Search::parse(&params(&[("keyword", "lamp")])).unwrap();
    assert!(small.answer(&pool, &s, &[]).await.unwrap().is_none(), "a catalogue above the bound is not held");
}

/// The keyword matches that rank differently and tie: the index's order is PostgreSQL's.
#[tokio::test]
async fn relevance_and_its_ties_are_postgresqls() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    fill(&pool, 240).await;
    let ranked: Vec<(String, f32)> = sqlx::query_as(
        "SELECT source_product_id, ts_rank(search, plainto_tsquery('simple', 'lamp desk')) FROM supplier_search
         WHERE search @@ plainto_tsquery('simple', 'lamp desk') AND (ships_to IS NULL OR 'US' = ANY(ships_to)) ORDER BY 2 DESC, orders DESC, source, source_product_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let distinct: std::collections::BTreeSet<u32> = ranked.iter().map(|r| r.1.to_bits()).collect();
    assert!(distinct.len() >= 5 && ranked.len() > distinct.len(), "the catalogue has several ranks and ties: {ranked:?}");
    let index = SearchIndex::new(Duration::from_secs(600), 1_000);
    index.warm(&pool).await;
    let s = Search::parse(&params(&[("keyword", "lamp desk"), ("sort_by", "most_relevant"), ("page_size", "100")])).unwrap();
    let kept = index.answer(&pool, &s, &[]).await.unwrap().unwrap();
    let ids: Vec<&str> = kept.items.iter().map(|c| c.source_product_id.as_str()).collect();
    assert_eq!(ids, ranked.iter().map(|r| r.0.as_str()).collect::<Vec<_>>());

    // Each rank is the very float PostgreSQL computes, for one word and for several.
    for keyword in ["lamp", "desk lamp", "wi-fi", "travel women", "o'neil mini mini"] {
        let rows: Vec<(String, Vec<String>, f32)> = sqlx::query_as(
            "SELECT search::text, tsvector_to_array(to_tsvector('simple', $1)), ts_rank(search, plainto_tsquery('simple', $1))
             FROM supplier_search WHERE search @@ plainto_tsquery('simple', $1)",
        )
        .bind(keyword)
        .fetch_all(&pool)
        .await
        .unwrap();
        assert!(rows.len() >= 3, "{keyword}: {} matches", rows.len());
        for (search, mut words, expected) in rows {
            words.sort();
            let lexemes = parse_tsvector(&search);
            let found: Vec<&[u16]> = words.iter().map(|w| &*lexemes.iter().find(|l| &l.0 == w).unwrap().1).collect();
            assert_eq!(rank::ts_rank(&found).to_bits(), expected.to_bits(), "{keyword} in {search}: {} against {expected}", rank::ts_rank(&found));
        }
    }
}

/// The version the index is read again by moves with every change a card or a search shows,
/// and only then.
#[tokio::test]
async fn the_catalogue_version_moves_with_every_change() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    fill(&pool, 10).await;
    let mut seen = vec![version(&pool).await.unwrap()];
    sqlx::query("SELECT count(*) FROM supplier_products").execute(&pool).await.unwrap();
    assert_eq!(version(&pool).await.unwrap(), seen[0], "a read changes nothing");
    for change in [
        "UPDATE supplier_products SET images = ARRAY['https://img.example/new.jpg'] WHERE source_product_id = 'p001'",
        "UPDATE supplier_products SET orders = orders + 1 WHERE source_product_id = 'p002'",
        "UPDATE supplier_freight SET cost_cents = 1 WHERE source_product_id IN (SELECT source_product_id FROM supplier_freight LIMIT 1)",
        "INSERT INTO supplier_products (source, source_product_id, title, price_cents, price_max_cents) VALUES ('cj', 'new', 'New lamp', 100, 200)",
        "DELETE FROM supplier_products WHERE source_product_id = 'p003'",
    ] {
        sqlx::query(change).execute(&pool).await.unwrap();
        let now = version(&pool).await.unwrap();
        assert!(!seen.contains(&now), "{change}: the version did not move");
        seen.push(now);
    }
}

#[tokio::test]
async fn a_changed_catalogue_shows_once_the_index_is_read_again() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    fill(&pool, 30).await;
    let ttl = Duration::from_secs(3);
    let index = SearchIndex::new(ttl, 1_000);
    let s = Search::parse(&params(&[("keyword", "zebra")])).unwrap();
    // Before its first read the SQL search answers, and the read starts in the background.
    assert!(index.answer(&pool, &s, &[]).await.unwrap().is_none(), "no search waits for the first read");
    let started = std::time::Instant::now();
    let first = loop {
        if let Some(page) = index.answer(&pool, &s, &[]).await.unwrap() {
            break page;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the first read did not land");
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(first.total, 0);
    sqlx::query("UPDATE supplier_products SET title = 'Zebra lamp' WHERE source_product_id = 'p001'").execute(&pool).await.unwrap();
    // Fresh: the index read before the change answers.
    assert_eq!(index.answer(&pool, &s, &[]).await.unwrap().unwrap().total, 0);
    tokio::time::sleep(ttl + Duration::from_millis(100)).await;
    // Past its ttl it still answers at once, and one background read brings the change.
    let started = std::time::Instant::now();
    loop {
        let page = index.answer(&pool, &s, &[]).await.unwrap().expect("an index younger than twice its ttl answers");
        if page.total == 1 {
            assert_eq!(page.items[0].name, "Zebra lamp");
            break;
        }
        assert!(started.elapsed() < ttl / 2, "the index was not read again");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
