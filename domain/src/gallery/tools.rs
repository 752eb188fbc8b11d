//! Image tools (spec: the image editor's crop, rotate, resize, compress and convert): a list of
//! edits applied in order to a library image makes a NEW library image; the original is kept.
//! Every parameter is checked against the picture's stored dimensions before anything is read
//! or decoded (a crop outside the picture, a resize over `MAX_SIDE` / `MAX_PIXELS`); decoding,
//! the edits and encoding run off the async runtime (`crate::cpu`). The result counts against
//! the 250 images and must be at most 2 MB, like an upload.
use std::fmt;

use image::DynamicImage;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use sqlx::PgPool;
use uuid::Uuid;

use super::keep::{New, keep};
use super::{Files, Format, Image, MAX_BYTES, MAX_IMAGES, MAX_PIXELS, MAX_SIDE, count, full, picture};
use crate::{Error, Result};

/// At most this many edits in one call (an editor sends one, or a handful it queued).
pub const MAX_EDITS: usize = 20;
/// JPEG quality when a conversion to JPEG names none (no `compress` before it).
const DEFAULT_QUALITY: u8 = 90;

/// One edit: exactly one of its keys, e.g. `{"rotate": 90}`.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Edit {
    /// Keeps this area (pixels of the picture as it is at this step).
    Crop(Area),
    /// Clockwise: 90, 180 or 270.
    Rotate(u16),
    /// To exactly this size (the editor keeps the aspect ratio when asked).
    Resize(Size),
    /// Re-encodes as JPEG at this quality (the only lossy encoder the library has).
    Compress(Quality),
    Convert(Target),
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Quality {
    /// 1 to 100.
    pub quality: u8,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub format: TargetFormat,
}

#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TargetFormat {
    Jpeg,
    Png,
    Webp,
}

/// The request body: one edit, or a list applied in order.
#[derive(Debug, Clone, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Edits {
    One(Edit),
    Many(Vec<Edit>),
}

impl Edits {
    pub fn into_vec(self) -> Vec<Edit> {
        match self {
            Edits::One(e) => vec![e],
            Edits::Many(list) => list,
        }
    }
}

// Read by hand (a map is one edit, a list is several) rather than as an untagged enum, so a bad
// value is refused naming its path (`crop.width`) instead of "did not match any variant".
impl<'de> Deserialize<'de> for Edits {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct OneOrMany;
        impl<'de> Visitor<'de> for OneOrMany {
            type Value = Edits;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("one edit ({\"rotate\": 90}) or a list of edits")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> std::result::Result<Edits, A::Error> {
                Edit::deserialize(de::value::MapAccessDeserializer::new(map)).map(Edits::One)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> std::result::Result<Edits, A::Error> {
                Vec::deserialize(de::value::SeqAccessDeserializer::new(seq)).map(Edits::Many)
            }
        }
        d.deserialize_any(OneOrMany)
    }
}

/// Where each step leaves the picture, worked out from the stored dimensions alone: every
/// refusal happens here, before the file is read.
fn plan(edits: &[Edit], mut width: u32, mut height: u32, mut format: Format) -> Result<(Format, u8)> {
    if edits.is_empty() {
        return Err(Error::field("edits", "Choose an edit to apply"));
    }
    if edits.len() > MAX_EDITS {
        return Err(Error::field("edits", format!("At most {MAX_EDITS} edits at once")));
    }
    let mut quality = DEFAULT_QUALITY;
    for (i, edit) in edits.iter().enumerate() {
        let step = if edits.len() > 1 { format!("Edit {}: ", i + 1) } else { String::new() };
        match edit {
            Edit::Crop(a) => {
                if a.width == 0 || a.height == 0 {
                    return Err(Error::field("crop", format!("{step}The crop area must be at least 1 × 1 pixel")));
                }
                if u64::from(a.x) + u64::from(a.width) > u64::from(width) || u64::from(a.y) + u64::from(a.height) > u64::from(height) {
                    return Err(Error::field(
                        "crop",
                        format!("{step}The crop area ({}, {}, {} × {}) goes outside the {width} × {height} picture", a.x, a.y, a.width, a.height),
                    ));
                }
                (width, height) = (a.width, a.height);
            }
            Edit::Rotate(90 | 270) => (width, height) = (height, width),
            Edit::Rotate(180) => {}
            Edit::Rotate(other) => return Err(Error::field("rotate", format!("{step}Rotate by 90, 180 or 270 degrees, not {other}"))),
            Edit::Resize(s) => {
                if s.width == 0 || s.height == 0 || s.width > MAX_SIDE || s.height > MAX_SIDE || u64::from(s.width) * u64::from(s.height) > MAX_PIXELS {
                    return Err(Error::field(
                        "resize",
                        format!("{step}The size must be from 1 × 1 to {MAX_SIDE} × {MAX_SIDE} pixels and {} megapixels at most", MAX_PIXELS / 1_000_000),
                    ));
                }
                (width, height) = (s.width, s.height);
            }
            Edit::Compress(q) => {
                if !(1..=100).contains(&q.quality) {
                    return Err(Error::field("compress", format!("{step}The quality must be from 1 to 100")));
                }
                (format, quality) = (Format::Jpeg, q.quality);
            }
            Edit::Convert(t) => {
                format = match t.format {
                    TargetFormat::Jpeg => Format::Jpeg,
                    TargetFormat::Png => Format::Png,
                    TargetFormat::Webp => Format::WebP,
                }
            }
        }
    }
    Ok((format, quality))
}

/// Decodes, applies the edits and encodes; CPU-heavy, run through `crate::cpu::run` after `plan`
/// accepted the edits.
fn apply(source: Format, bytes: &[u8], edits: &[Edit], out: Format, quality: u8) -> Result<(DynamicImage, Vec<u8>)> {
    let mut img = picture::decode(source, bytes)?;
    for edit in edits {
        img = match edit {
            Edit::Crop(a) => img.crop_imm(a.x, a.y, a.width, a.height),
            Edit::Rotate(90) => img.rotate90(),
            Edit::Rotate(180) => img.rotate180(),
            Edit::Rotate(_) => img.rotate270(),
            Edit::Resize(s) => img.resize_exact(s.width, s.height, image::imageops::FilterType::Lanczos3),
            Edit::Compress(_) | Edit::Convert(_) => img,
        };
    }
    let encoded = match out {
        Format::Jpeg => picture::jpeg(&img, quality)?,
        // The WebP encoder takes 8-bit RGB(A) only (and is lossless).
        Format::WebP => encode(&DynamicImage::ImageRgba8(img.to_rgba8()), out)?,
        Format::Png | Format::Svg => encode(&img, out)?,
    };
    Ok((img, encoded))
}

fn encode(img: &DynamicImage, format: Format) -> Result<Vec<u8>> {
    let mut out = std::io::Cursor::new(Vec::new());
    // `out` comes from the edit's target (JPEG, PNG or WebP) or a raster source: never SVG.
    let raster = format.image_format().ok_or_else(|| Error::field("convert", "an edit is saved as JPEG, PNG or WebP"))?;
    img.write_to(&mut out, raster).map_err(|e| Error::Internal(anyhow::anyhow!("encoding {}: {e}", format.extension())))?;
    Ok(out.into_inner())
}

fn format_of(content_type: &str) -> Result<Format> {
    [Format::Jpeg, Format::Png, Format::WebP]
        .into_iter()
        .find(|f| f.content_type() == content_type)
        .ok_or_else(|| Error::field("edits", format!("Images of type {content_type} cannot be edited")))
}

/// The edited copy's name: the original's, marked edited, with the new format's extension.
fn edited_name(name: &str, format: Format) -> String {
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    let stem = stem.strip_suffix("-edited").unwrap_or(stem);
    let stem: String = stem.chars().take(240).collect();
    format!("{stem}-edited.{}", format.extension())
}

/// Applies `edits` to the workplace's image `id` and keeps the result as a new image;
/// NOT_FOUND for another workplace's image.
pub async fn edit(pool: &PgPool, files: &Files, workplace: Uuid, id: Uuid, edits: Vec<Edit>) -> Result<Image> {
    let row: Option<(String, String, i32, i32, String)> =
        sqlx::query_as("SELECT name, content_type, width, height, original_key FROM gallery_images WHERE workplace_id = $1 AND id = $2")
            .bind(workplace)
            .bind(id)
            .fetch_optional(pool)
            .await?;
    let Some((name, content_type, width, height, key)) = row else { return Err(Error::NotFound("Image")) };
    let source = format_of(&content_type)?;
    let (out, quality) = plan(&edits, width as u32, height as u32, source)?;
    if count(pool, workplace).await? >= MAX_IMAGES {
        return Err(full());
    }
    let bytes = files.get(&key).await?.ok_or_else(|| Error::Internal(anyhow::anyhow!("gallery file {key} is missing")))?;
    let (bytes, thumbnail, (width, height)) = crate::cpu::run(move || -> Result<_> {
        let (img, encoded) = apply(source, &bytes, &edits, out, quality)?;
        // The thumbnail only when the result will be kept.
        if encoded.len() > MAX_BYTES {
            return Ok((encoded, Vec::new(), (img.width(), img.height())));
        }
        Ok((encoded, picture::thumbnail_of(&img)?, (img.width(), img.height())))
    })
    .await?;
    if bytes.len() > MAX_BYTES {
        let mb = MAX_BYTES / (1024 * 1024);
        return Err(Error::Coded {
            field: "edits",
            message: format!("The edited image would be larger than {mb} MB; compress it or make it smaller"),
            data: serde_json::json!({"code": "imageOverSize", "size": mb}),
        });
    }
    let new = New { name: edited_name(&name, out), format: out, width, height, bytes, thumbnail: Some(thumbnail) };
    keep(pool, files, workplace, new).await
}

#[cfg(test)]
#[path = "tools_tests.rs"]
mod tests;
