//! Each of the nine shipment statuses, as the carrier moves parcels along on the sandbox's clock:
//! parcels with the sandbox carrier's fixed fates are read every four hours and the statuses the
//! order center showed, in order, are compared with the journey each fate takes.
use serde_json::json;
use std::collections::BTreeMap;

use crate::order_support as support;

use support::{customer_buys, shop_with_product, tab};

#[tokio::test]
async fn every_status_is_reached_in_the_order_the_carrier_reports_it() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "statuses@example.com", "statuses-shop").await;
    // One order per parcel, so each order's status is its parcel's.
    let fates = ["PICK0000001", "FAIL0000001", "NF000000001", "EXC00000001", "EXP00000001"];
    let mut orders = BTreeMap::new();
    for number in fates {
        customer_buys(&sh, 1, None).await;
        let id = tab(&sh, "placement", "ready").await.iter().map(|o| o["id"].as_i64().unwrap()).find(|id| !orders.values().any(|o| o == id)).unwrap();
        let a = sh.s.app.call("PUT", &format!("/api/orders/v2/trackings/{number}"), Some(&sh.s.token), None, Some(json!({ "order_id": id }))).await;
        assert_eq!(a.code(), 200, "{}", a.body);
        orders.insert(number, id);
    }
    let mut seen: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for _ in 0..(32 * 6) {
        sh.s.app.post("/api/orders/v2/trackings/track-now", Some(&sh.s.token), json!({})).await;
        sh.s.app.drain().await;
        for (number, id) in &orders {
            let d = sh.s.app.get(&format!("/api/orders/v5/detail/{id}"), Some(&sh.s.token)).await;
            let status = d.data()["status"].as_str().unwrap().to_string();
            let list = seen.entry(number).or_default();
            if list.last() != Some(&status) {
                list.push(status);
            }
        }
        let res = sh.s.app.http.post(format!("{}/_sandbox/clock/advance", sh.s.sandbox)).json(&json!({ "seconds": 4 * 3600 })).send().await.unwrap();
        assert!(res.status().is_success());
    }
    assert_eq!(seen["PICK0000001"], ["not_found", "info_received", "in_transit", "available_for_pickup", "delivered"]);
    assert_eq!(seen["FAIL0000001"], ["not_found", "info_received", "in_transit", "out_for_delivery", "delivery_failure"]);
    assert_eq!(seen["NF000000001"], ["not_found"]);
    assert_eq!(seen["EXC00000001"], ["not_found", "info_received", "in_transit", "exception"]);
    assert_eq!(seen["EXP00000001"], ["not_found", "info_received", "in_transit", "expired"]);
    let counts = sh.s.app.get("/api/orders/v5/count-order-status", Some(&sh.s.token)).await;
    let shipment = &counts.data()["shipment"];
    for (status, n) in [("delivered", 1), ("delivery_failure", 1), ("not_found", 1), ("exception", 1), ("expired", 1), ("all", 5)] {
        assert_eq!(shipment[status], n, "{status}: {}", counts.body);
    }
}
