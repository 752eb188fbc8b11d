//! An uploaded picture is checked before it is decoded: a small PNG that declares 20,000 ×
//! 20,000 pixels (1.6 GB once decoded) is refused by its header, with a message naming its size,
//! and several at once leave the API answering (decoding runs off the async runtime).
use dropline_tests::signed_up_on_sandbox;
use serde_json::Value;

/// CRC-32 (IEEE) as PNG chunks carry it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for b in bytes {
        crc ^= *b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut typed = kind.to_vec();
    typed.extend_from_slice(data);
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend_from_slice(&typed);
    out.extend_from_slice(&crc32(&typed).to_be_bytes());
    out
}

/// A few hundred bytes of valid PNG whose header declares `width` × `height` RGB pixels.
fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    // A stored (uncompressed) zlib block of zeros: the start of the first rows.
    let mut idat = vec![0x78, 0x01, 0x01, 0x00, 0x01, 0xff, 0xfe];
    idat.extend_from_slice(&[0u8; 256]);
    png.extend(chunk(b"IDAT", &idat));
    png.extend(chunk(b"IEND", &[]));
    png
}

#[tokio::test]
async fn a_picture_declaring_twenty_thousand_pixels_a_side_is_refused_by_its_header() {
    let db = domain::db::TestDatabase::new().await;
    let (app, _sandbox, token) = signed_up_on_sandbox(db.pool.clone(), "pixels@example.com").await;
    let huge = png_declaring(20_000, 20_000);
    assert!(huge.len() < 2 * 1024 * 1024, "under the upload cap");
    let upload = || async {
        let res = app.http.post(format!("{}/api/get-product-id-by-image", app.base)).bearer_auth(&token).header("content-type", "image/png").body(huge.clone());
        res.send().await.unwrap().json::<Value>().await.unwrap()
    };
    let health = || async { app.http.get(format!("{}/api/health", app.base)).send().await.unwrap().status() };
    let (a, b, c, ok) = tokio::join!(upload(), upload(), upload(), health());
    assert_eq!(ok, 200, "the API answers while the uploads are handled");
    for body in [a, b, c] {
        assert_eq!(body["status"], 204, "{body}");
        let message = body["errors"]["image"][0].as_str().unwrap_or_default();
        assert!(message.contains("20000 × 20000"), "the owner is told the picture's size: {body}");
    }
}
