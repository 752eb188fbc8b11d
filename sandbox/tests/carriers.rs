use crate::common;
use serde_json::{Value, json};

async fn call(sb: &common::Sandbox, path: &str, body: Value) -> Value {
    sb.http.post(sb.url(path)).header("17token", "sandbox-17track-token").json(&body).send().await.unwrap().json().await.unwrap()
}

fn status(info: &Value, i: usize) -> String {
    info["data"]["accepted"][i]["track_info"]["latest_status"]["status"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn register_and_walk_statuses_on_the_virtual_clock() {
    let sb = common::start().await;
    let r = sb.http.post(sb.url("/track/v2.2/register")).json(&json!([{"number": "YT1234567890"}])).send().await.unwrap();
    assert_eq!(r.status(), 401);
    let nums =
        json!([{"number": "YT1234567890"}, {"number": "EXP000111222"}, {"number": "FAIL00011122"}, {"number": "EXC000111222"}, {"number": "PICK00011122"}]);
    let reg = call(&sb, "/track/v2.2/register", nums.clone()).await;
    assert_eq!(reg["code"], 0);
    assert_eq!(reg["data"]["accepted"].as_array().unwrap().len(), 5);
    let again = call(&sb, "/track/v2.2/register", json!([{"number": "YT1234567890"}])).await;
    assert_eq!(again["data"]["rejected"][0]["error"]["code"], -18019901);
    let unknown = call(&sb, "/track/v2.2/gettrackinfo", json!([{"number": "ZZ999999999"}])).await;
    assert_eq!(unknown["data"]["rejected"][0]["error"]["code"], -18019902);

    let info = call(&sb, "/track/v2.2/gettrackinfo", nums.clone()).await;
    assert_eq!(status(&info, 0), "NotFound");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 8 * 3600})).await;
    assert_eq!(status(&call(&sb, "/track/v2.2/gettrackinfo", nums.clone()).await, 0), "InfoReceived");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 2 * 86400})).await;
    let info = call(&sb, "/track/v2.2/gettrackinfo", nums.clone()).await;
    assert_eq!(status(&info, 0), "InTransit");
    let events = &info["data"]["accepted"][0]["track_info"]["tracking"]["providers"][0]["events"];
    assert!(events.as_array().unwrap().len() >= 2);
    assert!(events[0]["time_iso"].as_str() >= events[1]["time_iso"].as_str(), "newest first");
    sb.post_json("/_sandbox/clock/advance", json!({"seconds": 40 * 86400})).await;
    let info = call(&sb, "/track/v2.2/gettrackinfo", nums).await;
    assert_eq!(status(&info, 0), "Delivered");
    assert_eq!(status(&info, 1), "Expired");
    assert_eq!(status(&info, 2), "DeliveryFailure");
    assert_eq!(status(&info, 3), "Exception");
    assert_eq!(status(&info, 4), "Delivered");
    // Milestones are 17TRACK's nine key stages, reached or not, not its main statuses.
    let reached = |i: usize| -> Vec<String> {
        let m = info["data"]["accepted"][i]["track_info"]["milestone"].as_array().unwrap().clone();
        assert_eq!(m.len(), 9, "every key stage is listed");
        m.iter().filter(|s| !s["time_iso"].is_null()).map(|s| s["key_stage"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(reached(0), ["InfoReceived", "PickedUp", "Departure", "Arrival", "OutForDelivery", "Delivered"]);
    assert!(reached(4).contains(&"AvailableForPickup".to_string()));
    assert_eq!(reached(3), ["InfoReceived", "PickedUp", "Departure", "Returning"], "an exception on its way back");
    let many: Vec<Value> = (0..41).map(|i| json!({"number": format!("LP{i:014}CN")})).collect();
    for path in ["/track/v2.2/register", "/track/v2.2/gettrackinfo", "/track/v2.2/deletetrack"] {
        let r = call(&sb, path, json!(many)).await;
        assert_eq!(r["data"]["errors"][0]["code"], -18010014, "{path} takes at most 40 numbers");
    }
}
