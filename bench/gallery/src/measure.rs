//! The bench's pieces that are not the API: the picture, the disk references, percentiles.
use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Latencies in milliseconds.
#[derive(Default)]
pub struct Samples(Vec<f64>);

impl Samples {
    pub fn push(&mut self, since: Instant) {
        self.0.push(since.elapsed().as_secs_f64() * 1000.0);
    }

    pub fn p(&self, q: f64) -> f64 {
        let mut v = self.0.clone();
        v.sort_by(f64::total_cmp);
        v.get(((v.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0.0)
    }
}

/// A square JPEG of noise (which compresses badly, as photos of products do) as close under
/// `limit` bytes as a side found by bisection gives; its bytes and its side.
pub fn jpeg_near(limit: usize) -> anyhow::Result<(Vec<u8>, u32)> {
    let encode = |side: u32| -> anyhow::Result<Vec<u8>> {
        let mut seed = 0x2545_f491_u32;
        let img = image::RgbImage::from_fn(side, side, |x, y| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            // Noise over a gradient: some structure, little to compress.
            let n = (seed & 0x3f) as u8;
            image::Rgb([(x % 256) as u8 / 2 + n, (y % 256) as u8 / 2 + n, n.wrapping_mul(3)])
        });
        let mut out = Cursor::new(Vec::new());
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90).encode_image(&img)?;
        Ok(out.into_inner())
    };
    let (mut lo, mut hi) = (64u32, 4000u32);
    let mut best = (encode(lo)?, lo);
    while hi - lo > 16 {
        let mid = (lo + hi) / 2;
        let bytes = encode(mid)?;
        if bytes.len() <= limit {
            best = (bytes, mid);
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(best)
}

/// Seconds to write `bytes` to `n` new files under `dir`, each synced (what storing an upload
/// asks of the disk at the least).
pub fn write_files(dir: &Path, bytes: &[u8], n: usize) -> anyhow::Result<f64> {
    std::fs::create_dir_all(dir)?;
    let started = Instant::now();
    for i in 0..n {
        let mut f = std::fs::File::create(dir.join(format!("{i}.jpg")))?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    Ok(started.elapsed().as_secs_f64())
}

/// `calls` reads of 50 of the library's thumbnails (its small files), a page at a time.
pub fn read_pages(library: &Path, calls: usize) -> anyhow::Result<Samples> {
    let mut thumbs: Vec<PathBuf> = vec![];
    for workplace in std::fs::read_dir(library)? {
        for f in std::fs::read_dir(workplace?.path())? {
            let f = f?;
            if f.metadata()?.len() < 200 * 1024 {
                thumbs.push(f.path());
            }
        }
    }
    anyhow::ensure!(!thumbs.is_empty(), "no thumbnail under {}", library.display());
    thumbs.sort();
    let pages: Vec<&[PathBuf]> = thumbs.chunks(50).collect();
    let mut s = Samples::default();
    for call in 0..calls {
        let t = Instant::now();
        for f in pages[call % pages.len()] {
            std::hint::black_box(std::fs::read(f)?);
        }
        s.push(t);
    }
    Ok(s)
}
