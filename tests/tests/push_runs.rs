//! The push jobs' leases and ends, taken and written many pairs per statement
//! (`store::push_leases`): each ask gets the answer a run alone would get, a pair asked twice in
//! one batch is held once, another workplace's ask finds nothing, and a batch of ends writes
//! each pair's own outcome.
use domain::store::push_leases::{self, Finish, Lease, LeaseAsk};
use dropline_tests::{in_stock_ids, push_products, store_owner};
use serde_json::json;
use uuid::Uuid;

struct Pair {
    product: Uuid,
    destination: String,
    job: i64,
}

fn ask(workplace: Uuid, p: &Pair) -> LeaseAsk {
    LeaseAsk { workplace_id: workplace, product_id: p.product, destination: p.destination.clone(), progress_id: p.job }
}

fn held(l: &Lease) -> bool {
    matches!(l, Lease::Held(_))
}

#[tokio::test]
async fn a_batch_of_asks_and_ends_gives_each_pair_its_own_answer() {
    let db = domain::db::TestDatabase::new().await;
    let s = store_owner(db.pool.clone(), "runs@example.com", "runs-shop", "runs-woo").await;
    let id = in_stock_ids(&s.sandbox, "aliexpress", 1, 2).await.remove(0);
    let a = s.app.post("/api/center/products/import/aliexpress", Some(&s.token), json!({ "source_product_id": id })).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    let first: Uuid = a.data()["id"].as_str().unwrap().parse().unwrap();
    let workplace = s.workplace().await;
    let copies = domain::products::copies::duplicate(&s.app.pool, workplace, &[first, first]).await.unwrap();
    let products = [first, copies[0], copies[1]];
    let a = push_products(&s.app, &s.token, &products, &[&s.shopify, &s.woo]).await;
    assert_eq!(a.code(), 200, "{}", a.body);
    // The jobs are queued, not run: this test plays their runs.
    let pairs: Vec<Pair> =
        sqlx::query_as::<_, (Uuid, String, i64)>("SELECT product_id, destination, progress_id FROM push_targets ORDER BY product_id, destination")
            .fetch_all(&s.app.pool)
            .await
            .unwrap()
            .into_iter()
            .map(|(product, destination, job)| Pair { product, destination, job })
            .collect();
    assert_eq!(pairs.len(), 6);
    let (a, b, c, d) = (&pairs[0], &pairs[1], &pairs[2], &pairs[3]);
    let bulk: i64 = sqlx::query_scalar("INSERT INTO shopify_bulk_pushes (workplace_id, store_id, destination) VALUES ($1, $2::uuid, $2) RETURNING id")
        .bind(workplace)
        .bind(&s.shopify)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE push_targets SET bulk_id = $3 WHERE product_id = $1 AND destination = $2")
        .bind(d.product)
        .bind(&d.destination)
        .bind(bulk)
        .execute(&s.app.pool)
        .await
        .unwrap();
    let stranger = Uuid::new_v4();
    let stale = LeaseAsk { progress_id: b.job + 1_000, ..ask(workplace, b) };
    let asks = [ask(workplace, a), ask(workplace, a), stale, ask(workplace, c), ask(stranger, c), ask(workplace, d)];
    let got = push_leases::lease_many(&s.app.pool, &asks, 300.0).await.unwrap();
    assert!(held(&got[0]), "the first ask of a pair holds it: {got:?}");
    assert!(matches!(got[1], Lease::Busy), "the same pair asked again in the batch is busy: {:?}", got[1]);
    assert!(matches!(got[2], Lease::Superseded), "an ask by an older job is superseded: {:?}", got[2]);
    assert!(held(&got[3]), "{:?}", got[3]);
    assert!(matches!(got[4], Lease::Superseded), "another workplace's ask finds no pair: {:?}", got[4]);
    assert!(matches!(got[5], Lease::InBulk(id) if id == bulk), "a pair in a bulk push is left to it: {:?}", got[5]);
    if let Lease::Held(t) = &got[0] {
        assert_eq!((t.product_id, t.destination.as_str(), t.progress_id, t.status.as_str()), (a.product, a.destination.as_str(), Some(a.job), "processing"));
    }
    let again = push_leases::lease_many(&s.app.pool, &[ask(workplace, a), ask(workplace, b)], 300.0).await.unwrap();
    assert!(matches!(again[0], Lease::Busy), "a held pair is busy for the next batch: {:?}", again[0]);
    assert!(held(&again[1]), "{:?}", again[1]);
    let bulk_lease: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("SELECT lease_until FROM push_targets WHERE product_id = $1 AND destination = $2")
            .bind(d.product)
            .bind(&d.destination)
            .fetch_one(&s.app.pool)
            .await
            .unwrap();
    assert_eq!(bulk_lease, None, "a pair not taken is not written");

    let end = |p: &Pair, error: Option<&str>, ids: &[&str]| Finish {
        workplace_id: workplace,
        product_id: p.product,
        destination: p.destination.clone(),
        error: error.map(str::to_string),
        remote_ids: ids.iter().map(|s| s.to_string()).collect(),
    };
    push_leases::finish_many(&s.app.pool, &[end(a, None, &["gid://shopify/Product/1", "gid://shopify/Product/2"]), end(c, Some("The store said no"), &[])])
        .await
        .unwrap();
    let rows: Vec<(String, Option<String>, Vec<String>, bool, bool)> = sqlx::query_as(
        "SELECT status, error, remote_ids, lease_until IS NULL, pushed_at IS NOT NULL FROM push_targets
         WHERE (product_id, destination) IN (($1, $2), ($3, $4)) ORDER BY product_id, destination",
    )
    .bind(a.product)
    .bind(&a.destination)
    .bind(c.product)
    .bind(&c.destination)
    .fetch_all(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(rows[0], ("success".into(), None, vec!["gid://shopify/Product/1".into(), "gid://shopify/Product/2".into()], true, true));
    assert_eq!(rows[1], ("error".into(), Some("The store said no".into()), vec![], true, false));
    let stages: Vec<(Uuid, String)> =
        sqlx::query_as("SELECT id, stage FROM products WHERE id = ANY($1)").bind([a.product, c.product]).fetch_all(&s.app.pool).await.unwrap();
    let stage = |id: Uuid| stages.iter().find(|r| r.0 == id).map(|r| r.1.clone()).unwrap();
    assert_eq!(stage(a.product), "product_center", "a pushed product moves to the product center");
    assert_ne!(stage(c.product), "product_center", "a failed push leaves its product where it was");
    let ended = push_leases::lease_many(&s.app.pool, &[ask(workplace, a), ask(workplace, c)], 300.0).await.unwrap();
    assert!(matches!(&ended[0], Lease::Ended(s) if s == "success"), "{:?}", ended[0]);
    assert!(matches!(&ended[1], Lease::Ended(s) if s == "error"), "{:?}", ended[1]);
}
