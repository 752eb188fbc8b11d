//! Image fingerprints for "search by image": a 64-bit difference hash (dHash: the brightness
//! gradient of a 9×8 grayscale thumbnail, robust to resizing, re-encoding and small colour
//! shifts) plus the mean colour, which tells apart products that share a pattern.
use image::imageops::FilterType;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    pub dhash: i64,
    pub color: [u8; 3],
}

/// The largest picture decoded, in pixels a side and in decoded bytes: a small file may declare
/// 20,000 × 20,000 pixels (1.6 GB decoded), so the header is read and checked first.
const MAX_SIDE: u32 = 5_000;
const MAX_DECODED_BYTES: u64 = 128 * 1024 * 1024;

fn unreadable(e: impl std::fmt::Display) -> String {
    format!("the image could not be read (PNG or JPEG): {e}")
}

/// `fingerprint` off the async runtime, at most one per core at once.
pub async fn fingerprint_off_runtime(bytes: Vec<u8>) -> Result<Fingerprint, String> {
    crate::cpu::run(move || fingerprint(&bytes)).await
}

/// Reads a PNG or JPEG and fingerprints it; a clear message for anything else, and for a
/// picture larger than `MAX_SIDE` before any of it is decoded.
pub fn fingerprint(bytes: &[u8]) -> Result<Fingerprint, String> {
    let reader = || image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format().map_err(unreadable);
    let (width, height) = reader()?.into_dimensions().map_err(unreadable)?;
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!("the image is {width} × {height} pixels; pictures of at most {MAX_SIDE} × {MAX_SIDE} can be searched"));
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    let mut decoder = reader()?;
    decoder.limits(limits);
    let img = decoder.decode().map_err(unreadable)?;
    let small = img.resize_exact(9, 8, FilterType::Triangle).to_luma8();
    let mut bits: u64 = 0;
    for y in 0..8 {
        for x in 0..8 {
            bits <<= 1;
            if small.get_pixel(x, y)[0] > small.get_pixel(x + 1, y)[0] {
                bits |= 1;
            }
        }
    }
    let rgb = img.resize_exact(16, 16, FilterType::Triangle).to_rgb8();
    let mut sum = [0u32; 3];
    for p in rgb.pixels() {
        for c in 0..3 {
            sum[c] += p[c] as u32;
        }
    }
    let n = (rgb.width() * rgb.height()).max(1);
    Ok(Fingerprint { dhash: bits as i64, color: [(sum[0] / n) as u8, (sum[1] / n) as u8, (sum[2] / n) as u8] })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, ImageFormat, Rgb};

    fn png(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 3]) -> Vec<u8> {
        let img = ImageBuffer::from_fn(w, h, |x, y| Rgb(f(x, y)));
        let mut out = std::io::Cursor::new(vec![]);
        img.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    fn stripes(scale: u32, color: [u8; 3]) -> impl Fn(u32, u32) -> [u8; 3] {
        move |x, y| if ((x + y) / (6 * scale)).is_multiple_of(2) { color } else { [250, 250, 250] }
    }

    #[test]
    fn a_resized_copy_keeps_its_fingerprint_and_another_pattern_does_not() {
        let a = fingerprint(&png(64, 64, stripes(1, [200, 30, 30]))).unwrap();
        let bigger = fingerprint(&png(128, 128, stripes(2, [200, 30, 30]))).unwrap();
        let disc =
            fingerprint(&png(64, 64, |x, y| if (x as i32 - 32).pow(2) + (y as i32 - 32).pow(2) < 400 { [200, 30, 30] } else { [250, 250, 250] })).unwrap();
        assert!((a.dhash ^ bigger.dhash).count_ones() <= 6, "resized: {}", (a.dhash ^ bigger.dhash).count_ones());
        assert!((a.dhash ^ disc.dhash).count_ones() > 12, "other pattern: {}", (a.dhash ^ disc.dhash).count_ones());
        assert!(fingerprint(b"not an image").is_err());
    }
}
