//! Find product reads `supplier_search`, a narrow copy of the catalogue kept by triggers: a
//! refresh that changes a product's price, orders or title changes what a search finds and how
//! it sorts at once; a detail read that changes none of those leaves it be; a removed product
//! is no longer found.
use domain::catalogue::query::{FindParams, Search};
use domain::catalogue::search::search;
use sqlx::PgPool;

async fn add(pool: &PgPool, id: &str, title: &str, price: i64, orders: i32) {
    sqlx::query(
        "INSERT INTO supplier_products (source, source_product_id, title, price_cents, price_max_cents, orders, images, us_shipping_cents)
         VALUES ('cj', $1, $2, $3, $3 + 500, $4, ARRAY['https://img.example/' || $1 || '.jpg'], 300)",
    )
    .bind(id)
    .bind(title)
    .bind(price)
    .bind(orders)
    .execute(pool)
    .await
    .unwrap();
}

async fn find(pool: &PgPool, keyword: &str, sort_by: &str, sort: &str) -> Vec<(String, f64, String)> {
    let p = FindParams { keyword: Some(keyword.into()), sort_by: Some(sort_by.into()), sort: Some(sort.into()), ..Default::default() };
    let page = search(pool, &Search::parse(&p).unwrap(), &[]).await.unwrap();
    assert_eq!(page.total as usize, page.items.len(), "one page holds every match");
    page.items.into_iter().map(|c| (c.source_product_id, c.price, c.name)).collect()
}

#[tokio::test]
async fn searches_follow_every_change_of_the_catalogue() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    add(&pool, "a", "Magnetic desk lamp", 1_000, 50).await;
    add(&pool, "b", "Wireless desk lamp", 2_000, 10).await;
    add(&pool, "c", "Travel pillow", 500, 90).await;

    let lamps = find(&pool, "lamp", "price", "asc").await;
    assert_eq!(lamps, [("a".into(), 10.0, "Magnetic desk lamp".into()), ("b".into(), 20.0, "Wireless desk lamp".into())]);

    // A refresh makes "a" dearer and renames the pillow into a lamp.
    sqlx::query("UPDATE supplier_products SET price_cents = 3000, price_max_cents = 3500 WHERE source_product_id = 'a'").execute(&pool).await.unwrap();
    sqlx::query("UPDATE supplier_products SET title = 'Travel lamp' WHERE source_product_id = 'c'").execute(&pool).await.unwrap();
    let ids = |v: Vec<(String, f64, String)>| v.into_iter().map(|c| c.0).collect::<Vec<_>>();
    assert_eq!(ids(find(&pool, "lamp", "price", "asc").await), ["c", "b", "a"]);
    assert_eq!(ids(find(&pool, "lamp", "lastest_volume", "desc").await), ["c", "a", "b"]);
    assert!(find(&pool, "pillow", "price", "asc").await.is_empty(), "the old title is not found");

    // A detail read changes none of the searched columns: the copy's row is not rewritten.
    let before: String = sqlx::query_scalar("SELECT xmin::text FROM supplier_search WHERE source_product_id = 'b'").fetch_one(&pool).await.unwrap();
    sqlx::query("UPDATE supplier_products SET detail = '{\"variants\": []}', detail_fetched_at = now() WHERE source_product_id = 'b'")
        .execute(&pool)
        .await
        .unwrap();
    let after: String = sqlx::query_scalar("SELECT xmin::text FROM supplier_search WHERE source_product_id = 'b'").fetch_one(&pool).await.unwrap();
    assert_eq!(before, after, "a detail read leaves the search copy alone");

    sqlx::query("DELETE FROM supplier_products WHERE source_product_id = 'b'").execute(&pool).await.unwrap();
    assert_eq!(ids(find(&pool, "lamp", "price", "asc").await), ["c", "a"]);
    let copies: i64 = sqlx::query_scalar("SELECT count(*) FROM supplier_search").fetch_one(&pool).await.unwrap();
    assert_eq!(copies, 2, "a removed product leaves no copy");

    // A keyword's total is every match's count on any page, also past the last one.
    for i in 0..23 {
        add(&pool, &format!("l{i}"), &format!("Desk lamp no. {i}"), 100 + i, i as i32).await;
    }
    for sort_by in ["price", "most_relevant"] {
        for (page, shown) in [("1", 20), ("2", 5), ("4", 0)] {
            let p = FindParams { keyword: Some("lamp".into()), sort_by: Some(sort_by.into()), page: Some(page.into()), ..Default::default() };
            let found = search(&pool, &Search::parse(&p).unwrap(), &[]).await.unwrap();
            assert_eq!((found.total, found.items.len()), (25, shown), "{sort_by}, page {page}");
        }
    }
}

/// A keyword search answers its sources and destination from the keyword's own index (the copy
/// holds them as lexemes): the same products as the filters read from the columns.
#[tokio::test]
async fn a_keyword_search_keeps_its_sources_and_destination() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    for (id, source, ships_to) in [
        ("any", "cj", None),
        ("us", "cj", Some(vec!["US", "DE"])),
        ("de", "cj", Some(vec!["DE"])),
        ("nowhere", "cj", Some(vec![])),
        ("temu-us", "temu", Some(vec!["US"])),
        ("ali-any", "aliexpress", None),
    ] {
        sqlx::query(
            "INSERT INTO supplier_products (source, source_product_id, title, price_cents, price_max_cents, orders, images, ships_to)
             VALUES ($1, $2, 'Garden lamp ' || $2, 1000, 1500, 5, ARRAY['https://img.example/' || $2 || '.jpg'], $3)",
        )
        .bind(source)
        .bind(id)
        .bind(ships_to)
        .execute(&pool)
        .await
        .unwrap();
    }
    let found = |keyword: Option<&str>, sources: &str, ship_to: &str| {
        let p = FindParams {
            keyword: keyword.map(String::from),
            sources: Some(sources.into()),
            ship_to: Some(ship_to.into()),
            sort_by: Some("price".into()),
            ..Default::default()
        };
        let pool = pool.clone();
        async move {
            let page = search(&pool, &Search::parse(&p).unwrap(), &[]).await.unwrap();
            let mut ids: Vec<String> = page.items.into_iter().map(|c| c.source_product_id).collect();
            ids.sort();
            assert_eq!(page.total as usize, ids.len());
            ids
        }
    };
    let all = "aliexpress,cj,temu,dropline,ebay,alibaba,amazon";
    for keyword in [Some("lamp"), None] {
        assert_eq!(found(keyword, "cj", "US").await, ["any", "us"], "{keyword:?}: cj to the US");
        assert_eq!(found(keyword, "cj,temu", "DE").await, ["any", "de", "us"], "{keyword:?}: cj or temu to Germany");
        assert_eq!(found(keyword, all, "US").await, ["ali-any", "any", "temu-us", "us"], "{keyword:?}: every source to the US");
        assert_eq!(found(keyword, "temu", "FR").await, Vec::<String>::new(), "{keyword:?}: temu to France");
        assert_eq!(found(keyword, ",", "US").await, Vec::<String>::new(), "{keyword:?}: a list of no source");
    }
    assert_eq!(found(Some("garden lamp"), "aliexpress,temu", "US").await, ["ali-any", "temu-us"], "two words");
    assert_eq!(found(Some("src:cj"), all, "US").await, Vec::<String>::new(), "a typed facet is two words, neither in a title");
}
