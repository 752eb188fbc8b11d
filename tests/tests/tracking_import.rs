//! CSV import of tracking numbers: good rows become parcels, bad rows are named with their line
//! and reason, a file that is not CSV (or lacks the header) is a 422 naming `file`, and another
//! workplace's order names are unknown.
use serde_json::Value;

use crate::order_support as support;

use support::{Shop, customer_buys, shop_with_product, tab};

/// Posts `bytes` as the CSV file of the form field `name`.
async fn upload(sh: &Shop, token: &str, name: &str, bytes: &[u8]) -> (u16, Value) {
    let a = sh.s.app.post_file("/api/orders/v2/trackings/import", token, name, "trackings.csv", "text/csv", bytes).await;
    (a.http.as_u16(), a.body)
}

#[tokio::test]
async fn good_rows_are_imported_and_each_bad_row_is_named() {
    let db = domain::db::TestDatabase::new().await;
    let pool = db.pool.clone();
    let sh = shop_with_product(pool, "importer@example.com", "import-shop").await;
    customer_buys(&sh, 1, None).await;
    let order = tab(&sh, "placement", "ready").await.remove(0);
    let (id, name, platform_id) =
        (order["id"].as_i64().unwrap(), order["name"].as_str().unwrap().to_string(), order["platform_order_id"].as_str().unwrap().to_string());
    let csv = format!(
        "order,tracking_number,carrier\n{name},LP00000001CN,Cainiao\n{platform_id},LP 0000 0002 CN,\n#99999,LP00000003CN,\n{name},x!,\n{name},lp00000001cn,\n{name}\n"
    );
    let (http, a) = upload(&sh, &sh.s.token, "file", csv.as_bytes()).await;
    assert_eq!(http, 200, "{a}");
    let data = &a["data"];
    assert_eq!(data["imported"], 2, "{a}");
    let rows = data["rows"].as_array().unwrap();
    let row = |n: i64| rows.iter().find(|r| r["row"] == n).unwrap_or_else(|| panic!("row {n} in {a}"));
    assert_eq!(row(2)["status"], "imported");
    assert_eq!(row(3)["status"], "imported", "by platform order id, spaces dropped");
    assert_eq!(row(4)["status"], "error");
    assert!(row(4)["error"].as_str().unwrap().contains("unknown order"), "{a}");
    assert_eq!(row(5)["status"], "error");
    assert!(row(5)["error"].as_str().unwrap().contains("not a tracking number"), "{a}");
    assert_eq!(row(6)["status"], "duplicate", "the same number again in the file");
    assert_eq!(row(7)["status"], "error");
    assert!(row(7)["error"].as_str().unwrap().contains("missing tracking_number"), "{a}");

    let list = sh.s.app.get(&format!("/api/orders/v2/trackings?order_id={id}"), Some(&sh.s.token)).await;
    let items = list.data()["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert!(items.iter().all(|p| p["origin"] == "csv"));
    assert!(items.iter().any(|p| p["tracking_number"] == "LP00000001CN" && p["carrier"] == "Cainiao"));

    // The same file again: what is already on the order is a duplicate, nothing is added.
    let (_, again) = upload(&sh, &sh.s.token, "file", csv.as_bytes()).await;
    assert_eq!(again["data"]["imported"], 0);
    assert_eq!(again["data"]["rows"][0]["status"], "duplicate", "{again}");

    // Not CSV, no header, no file, over 5 MB: 422 naming `file`.
    let big = vec![b'a'; 6 * 1024 * 1024];
    for (field, bytes) in
        [("file", &b"\x89PNG\r\n\x1a\n\xff\xfe\x00"[..]), ("file", &b"name,number\n#1001,LP00000009CN\n"[..]), ("document", csv.as_bytes()), ("file", &big[..])]
    {
        let (http, bad) = upload(&sh, &sh.s.token, field, bytes).await;
        assert_eq!(http, 422, "{bad}");
        assert!(bad["errors"]["file"].is_array(), "{bad}");
    }

    // Another workplace does not know this order's name or id.
    let other = sh.s.app.signed_up("stranger@example.com").await;
    let (http, theirs) = upload(&sh, &other, "file", csv.as_bytes()).await;
    assert_eq!(http, 200, "{theirs}");
    assert_eq!(theirs["data"]["imported"], 0);
    assert!(theirs["data"]["rows"][0]["error"].as_str().unwrap().contains("unknown order"), "{theirs}");
    let list = sh.s.app.get(&format!("/api/orders/v2/trackings?order_id={id}"), Some(&sh.s.token)).await;
    assert_eq!(list.data()["total"], 2);
}
