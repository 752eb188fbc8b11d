//! `/img/{id}.png`: small deterministic PNGs, so product pages, option images
//! and avatars all resolve without any network beyond loopback.
use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::AppState;
use crate::util::hash_str;

const SIZE: usize = 64;

pub fn routes() -> Router<AppState> {
    Router::new().route("/img/{file}", get(image))
}

async fn image(Path(file): Path<String>) -> Response {
    let Some(id) = file.strip_suffix(".png") else {
        return (StatusCode::NOT_FOUND, "only .png").into_response();
    };
    let png = render(id);
    ([(header::CONTENT_TYPE, "image/png"), (header::CACHE_CONTROL, "public, max-age=86400")], png).into_response()
}

/// Two colours and a stripe/check pattern, all derived from the id.
pub fn render(id: &str) -> Vec<u8> {
    let h = hash_str(7, id);
    let c1 = [(h >> 8) as u8, (h >> 16) as u8, (h >> 24) as u8];
    let c2 = [255 - c1[0] / 2, 255 - c1[1] / 2, 255 - c1[2] / 2];
    let pattern = (h >> 32) % 3;
    let mut raw = Vec::with_capacity(SIZE * (SIZE * 3 + 1));
    for y in 0..SIZE {
        raw.push(0); // filter: none
        for x in 0..SIZE {
            let on = match pattern {
                0 => (x / 8 + y / 8) % 2 == 0,
                1 => (x + y) / 6 % 2 == 0,
                _ => ((x as i32 - 32).pow(2) + (y as i32 - 32).pow(2)) < 400,
            };
            raw.extend_from_slice(if on { &c1 } else { &c2 });
        }
    }
    encode_png(SIZE as u32, SIZE as u32, &raw)
}

fn encode_png(w: u32, h: u32, raw: &[u8]) -> Vec<u8> {
    let mut out = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &zlib_stored(raw));
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// zlib stream of uncompressed deflate blocks: tiny images, no codec needed.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = data.chunks(65_535).collect();
    for (i, b) in blocks.iter().enumerate() {
        out.push(u8::from(i + 1 == blocks.len()));
        let len = b.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(b);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + x as u32) % 65_521;
        b = (b + a) % 65_521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in data {
        crc ^= byte as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}
