//! A page number at the edge of i64 is refused with a clear error naming `page` on every list
//! that takes one, instead of overflowing the offset and closing the connection.
use dropline_tests::signed_up_on_sandbox;

#[tokio::test]
async fn a_page_beyond_the_last_possible_one_is_a_clear_error_on_every_list() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "pages@example.com").await;
    let huge = i64::MAX;
    let lists = [
        "/api/orders/v5/list?tab=placement",
        "/api/center/products/import/listing?",
        "/api/center/products/pushed?",
        "/api/orders/v2/trackings?",
        "/api/orders/v6/payments/transaction-logs?",
        "/api/center/products/listings/mapped?",
    ];
    for list in lists {
        let sep = if list.ends_with('?') { "" } else { "&" };
        let a = app.get(&format!("{list}{sep}page={huge}"), Some(&token)).await;
        assert_eq!(a.code(), 204, "{list}: {}", a.body);
        assert!(a.body["errors"]["page"][0].as_str().unwrap_or_default().contains("from 1 to"), "{list}: {}", a.body);
        let first = app.get(&format!("{list}{sep}page=1"), Some(&token)).await;
        assert_eq!(first.code(), 200, "{list} still answers: {}", first.body);
    }
}
