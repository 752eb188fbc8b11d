//! What an upload is, read from its bytes, before and after decoding.
use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat, ImageReader, Limits, Rgb, RgbImage};

use super::svg;
use super::{MAX_PIXELS, MAX_SIDE, THUMB_QUALITY, THUMB_SIDE};
use crate::{Error, Result};

/// The formats the library keeps (spec: jpg, jpeg, png, svg, webp). HEIC is converted to JPEG
/// by the browser before it is sent (the server has no HEIC decoder), so a raw one is refused
/// with the code `heicNotAccepted`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Jpeg,
    WebP,
    Svg,
}

impl Format {
    pub fn content_type(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
            Format::WebP => "image/webp",
            Format::Svg => "image/svg+xml",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Jpeg => "jpg",
            Format::WebP => "webp",
            Format::Svg => "svg",
        }
    }

    /// The raster decoder's format; `None` for SVG, which is never decoded.
    pub(super) fn image_format(self) -> Option<ImageFormat> {
        match self {
            Format::Png => Some(ImageFormat::Png),
            Format::Jpeg => Some(ImageFormat::Jpeg),
            Format::WebP => Some(ImageFormat::WebP),
            Format::Svg => None,
        }
    }

    /// The format a file name's extension says, or the refusal.
    fn from_name(name: &str) -> Result<Format> {
        let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        match ext.as_str() {
            "png" => Ok(Format::Png),
            "jpg" | "jpeg" => Ok(Format::Jpeg),
            "webp" => Ok(Format::WebP),
            "svg" => Ok(Format::Svg),
            "heic" | "heif" => Err(heic()),
            _ => Err(refuse("Only JPG, JPEG, PNG, SVG, WebP and HEIC images are accepted")),
        }
    }

    /// The format the bytes really are (their magic numbers, or an XML start with `<svg`).
    pub fn sniff(bytes: &[u8]) -> Option<Format> {
        match image::guess_format(bytes).ok() {
            Some(ImageFormat::Png) => Some(Format::Png),
            Some(ImageFormat::Jpeg) => Some(Format::Jpeg),
            Some(ImageFormat::WebP) => Some(Format::WebP),
            _ if svg::looks_like_svg(bytes) => Some(Format::Svg),
            _ => None,
        }
    }
}

/// An ISO-BMFF file whose brand is HEIC/HEIF (what an iPhone photo is).
pub fn is_heic(bytes: &[u8]) -> bool {
    bytes.len() >= 12 && &bytes[4..8] == b"ftyp" && matches!(&bytes[8..12], b"heic" | b"heix" | b"hevc" | b"hevx" | b"heim" | b"heis" | b"mif1" | b"msf1")
}

/// The browser converts HEIC to JPEG before uploading; one that arrives raw is refused by code.
fn heic() -> Error {
    Error::Coded {
        field: "file",
        message: "HEIC images are converted to JPEG before they are uploaded; this one arrived unconverted, so upload it as JPG or PNG".into(),
        data: serde_json::json!({"code": "heicNotAccepted"}),
    }
}

/// An upload that passed every check before decoding (an SVG's size is read when it is
/// sanitised, by `prepare`).
#[derive(Debug, Clone, Copy)]
pub struct Checked {
    pub format: Format,
    pub width: u32,
    pub height: u32,
}

fn refuse(message: impl Into<String>) -> Error {
    Error::field("file", message)
}

/// The name kept for the image: its last path segment, trimmed, at most 255 characters.
pub fn clean_name(name: &str) -> Result<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or("").trim();
    if base.is_empty() {
        return Err(refuse("The file has no name"));
    }
    Ok(base.chars().filter(|c| !c.is_control()).take(255).collect())
}

/// The name's type, the declared type (when it names an image) and the bytes' real type must
/// agree, and the header's dimensions must be within the limits; nothing is decoded here.
pub fn check(name: &str, declared_type: Option<&str>, bytes: &[u8]) -> Result<Checked> {
    let named = Format::from_name(name)?;
    if is_heic(bytes) {
        return Err(heic());
    }
    let Some(real) = Format::sniff(bytes) else {
        return Err(refuse(format!("The file is not a {} image", named.extension().to_uppercase())));
    };
    if real != named {
        return Err(refuse(format!("The file is a {} image but its name says {}", real.extension().to_uppercase(), named.extension().to_uppercase())));
    }
    let declared = declared_type.map(|t| t.split(';').next().unwrap_or("").trim().to_ascii_lowercase());
    if let Some(t) = declared.filter(|t| t.starts_with("image/")) {
        let same = t == real.content_type() || (real == Format::Jpeg && t == "image/jpg");
        if !same {
            return Err(refuse(format!("The file is a {} image but was sent as {t}", real.extension().to_uppercase())));
        }
    }
    let Some(format) = real.image_format() else { return Ok(Checked { format: real, width: 0, height: 0 }) };
    let (width, height) =
        ImageReader::with_format(Cursor::new(bytes), format).into_dimensions().map_err(|e| refuse(format!("The image could not be read: {e}")))?;
    if width == 0 || height == 0 {
        return Err(refuse("The image has no pixels"));
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(refuse(format!(
            "The image is {width} × {height} pixels; images of at most {MAX_SIDE} × {MAX_SIDE} and {} megapixels are accepted",
            MAX_PIXELS / 1_000_000
        )));
    }
    Ok(Checked { format: real, width, height })
}

/// What is stored for a checked upload: the original (an SVG sanitised, with its declared size)
/// and its JPEG thumbnail. An SVG has none: the sanitised SVG is its own thumbnail, since a
/// vector drawing is small at any size and a browser scales it; rasterising would add a whole
/// renderer to the server for pictures a browser already draws. CPU-heavy: call it through
/// `crate::cpu::run`.
pub fn prepare(checked: Checked, bytes: Vec<u8>) -> Result<(Checked, Vec<u8>, Option<Vec<u8>>)> {
    if checked.format == Format::Svg {
        let clean = svg::sanitize(&bytes).map_err(refuse)?;
        return Ok((Checked { width: clean.width, height: clean.height, ..checked }, clean.bytes, None));
    }
    let thumb = thumbnail(checked.format, &bytes)?;
    Ok((checked, bytes, Some(thumb)))
}

/// Decodes within the limits again (the header was checked, the decoder must not trust it
/// either); an SVG is never decoded. CPU-heavy: call it through `crate::cpu::run`.
pub(super) fn decode(format: Format, bytes: &[u8]) -> Result<DynamicImage> {
    let Some(raster) = format.image_format() else { return Err(refuse("An SVG image is drawn by the browser, not decoded or edited")) };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), raster);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PIXELS * 4 + 64 * 1024 * 1024);
    reader.limits(limits);
    reader.decode().map_err(|e| refuse(format!("The image could not be read: {e}")))
}

/// Decodes and makes the JPEG thumbnail. CPU-heavy: call it through `crate::cpu::run`.
pub fn thumbnail(format: Format, bytes: &[u8]) -> Result<Vec<u8>> {
    thumbnail_of(&decode(format, bytes)?)
}

/// The thumbnail of a decoded picture: at most 300 × 300 keeping the aspect ratio, transparency
/// over white.
pub(super) fn thumbnail_of(img: &DynamicImage) -> Result<Vec<u8>> {
    let small = if img.width() > THUMB_SIDE || img.height() > THUMB_SIDE { img.thumbnail(THUMB_SIDE, THUMB_SIDE) } else { img.clone() };
    jpeg(&small, THUMB_QUALITY)
}

/// JPEG at `quality` (1-100), transparency over white (JPEG has none).
pub(super) fn jpeg(img: &DynamicImage, quality: u8) -> Result<Vec<u8>> {
    let rgb = over_white(img);
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, quality).encode_image(&rgb).map_err(|e| Error::Internal(anyhow::anyhow!("jpeg: {e}")))?;
    Ok(out)
}

fn over_white(img: &DynamicImage) -> RgbImage {
    let rgba = img.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let p = rgba.get_pixel(x, y).0;
        let a = u16::from(p[3]);
        let mix = |c: u8| ((u16::from(c) * a + 255 * (255 - a)) / 255) as u8;
        Rgb([mix(p[0]), mix(p[1]), mix(p[2])])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Rgba};

    fn encoded(w: u32, h: u32, format: ImageFormat) -> Vec<u8> {
        let img = DynamicImage::ImageRgba8(ImageBuffer::from_fn(w, h, |x, y| Rgba([x as u8, y as u8, 90, 200])));
        let img = if format == ImageFormat::Jpeg { DynamicImage::ImageRgb8(img.to_rgb8()) } else { img };
        let mut out = Cursor::new(vec![]);
        img.write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    #[test]
    fn the_name_and_the_bytes_must_agree() {
        let png = encoded(40, 20, ImageFormat::Png);
        assert_eq!(check("a.PNG", Some("image/png"), &png).unwrap().width, 40);
        assert!(check("a.jpg", None, &png).is_err());
        assert!(check("a.png", Some("image/jpeg"), &png).is_err());
        assert_eq!(check("a.svg", None, b"<svg xmlns='http://www.w3.org/2000/svg'/>").unwrap().format, Format::Svg);
        assert!(check("a.svg", None, &png).is_err());
        assert!(matches!(check("a.heic", None, &png), Err(Error::Coded { .. })));
        let heic = [&[0, 0, 0, 24][..], b"ftypheic", &[0; 12]].concat();
        assert!(matches!(check("a.jpg", None, &heic), Err(Error::Coded { .. })), "a HEIC named .jpg is still HEIC");
        assert!(check("a.png", None, b"not an image").is_err());
    }

    #[test]
    fn the_thumbnail_fits_three_hundred_keeping_the_ratio() {
        let png = encoded(900, 450, ImageFormat::Png);
        let thumb = thumbnail(Format::Png, &png).unwrap();
        let img = image::load_from_memory_with_format(&thumb, ImageFormat::Jpeg).unwrap();
        assert_eq!((img.width(), img.height()), (300, 150));
        let jpg = encoded(120, 80, ImageFormat::Jpeg);
        let img = image::load_from_memory(&thumbnail(Format::Jpeg, &jpg).unwrap()).unwrap();
        assert_eq!((img.width(), img.height()), (120, 80), "a small picture is not enlarged");
    }
}
