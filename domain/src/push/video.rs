//! A product's video on its way to a destination that takes video (Shopify; WooCommerce's REST
//! products and the sales channels take images only, so their listings leave it out). The
//! bytes come from the supplier's address through the guarded client (`guarded_http`: every
//! hop checked, the size capped while it streams), go to the shop's storage
//! (`shopify_media::upload`), and `productSet` names them. What went is remembered per product
//! and destination (`push_targets.video_source` → `video_media_id`), so an update push of the
//! same video keeps that media instead of uploading it again.
use super::listing::{Listing, PushError};
use crate::config::InspectSettings;
use crate::connectors::guarded_http::{FetchError, GuardedHttp, parse_user_url};
use crate::connectors::stores::shopify::Admin;
use crate::connectors::stores::shopify_listings::VideoFile;
use crate::connectors::stores::shopify_media::{self, Upload};
use crate::context::TaskContext;
use crate::store::push_targets::{self, Target};

/// The video `productSet` should name for `first` (the listing's first part), uploading it
/// unless the destination already holds this very video; `None` when the product has none.
pub async fn for_shopify(ctx: &TaskContext, admin: &Admin, t: &Target, first: Option<&Listing>) -> Result<Option<VideoFile>, PushError> {
    let Some(source) = first.and_then(|l| l.video.as_deref()) else { return Ok(None) };
    if let (Some(pushed), Some(media)) = (&t.video_source, &t.video_media_id)
        && pushed == source
    {
        return Ok(Some(VideoFile::Existing(media.clone())));
    }
    let s = &ctx.settings.shopify;
    let (bytes, kind, name) = fetch(&ctx.settings.inspect, source, s.video_max_bytes, s.video_timeout_secs).await?;
    let filename = format!("{name}.{}", kind.extension());
    let upload = Upload { resource: "VIDEO", what: "the product's video", filename: &filename, mime_type: kind.mime(), bytes: &bytes };
    Ok(Some(VideoFile::Staged(shopify_media::upload(admin, &upload).await?)))
}

/// Records what the destination now holds (none: it holds no video of ours).
pub async fn remember(ctx: &TaskContext, t: &Target, source: Option<&str>, media_id: Option<&str>) -> Result<(), PushError> {
    if t.video_source.as_deref() == source && t.video_media_id.as_deref() == media_id {
        return Ok(());
    }
    push_targets::record_video(&ctx.pool, t, source, media_id).await.map_err(|e| PushError::Unavailable(e.to_string()))
}

/// The video formats Shopify hosts (MP4, MOV, WebM), told by their bytes, not by what the
/// supplier's server says they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoKind {
    Mp4,
    QuickTime,
    WebM,
}

impl VideoKind {
    pub fn sniff(b: &[u8]) -> Option<VideoKind> {
        if b.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
            return Some(VideoKind::WebM);
        }
        match b.get(4..12) {
            Some([b'f', b't', b'y', b'p', b'q', b't', b' ', b' ']) => Some(VideoKind::QuickTime),
            Some([b'f', b't', b'y', b'p', ..]) => Some(VideoKind::Mp4),
            _ => None,
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            VideoKind::Mp4 => "video/mp4",
            VideoKind::QuickTime => "video/quicktime",
            VideoKind::WebM => "video/webm",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            VideoKind::Mp4 => "mp4",
            VideoKind::QuickTime => "mov",
            VideoKind::WebM => "webm",
        }
    }
}

/// The video's bytes, kind and a file name (the address's last segment without extension).
/// A video too large, not a video, or refused by its server is `Rejected` (no retry changes it);
/// an outage is `Unavailable`.
async fn fetch(inspect: &InspectSettings, source: &str, max_bytes: usize, timeout_secs: u64) -> Result<(Vec<u8>, VideoKind, String), PushError> {
    let refused = |why: String| PushError::Rejected(format!("The product's video could not be sent: {why}"));
    let url = parse_user_url(source).map_err(|e| refused(e.to_string()))?;
    let http = GuardedHttp::new(&InspectSettings { max_bytes, timeout_secs, ..inspect.clone() });
    let fetched = match http.get(&url).await {
        Ok(f) => f,
        Err(FetchError::TooBig(_)) => {
            return Err(refused(format!(
                "it is larger than {}, the most Dropline uploads; remove the video in the editor to push the product without it",
                size_text(max_bytes)
            )));
        }
        Err(e @ (FetchError::Timeout(_) | FetchError::Unreachable(_))) => {
            return Err(PushError::Unavailable(format!("The product's video could not be read: {e}")));
        }
        Err(FetchError::Status(code)) if code >= 500 => return Err(PushError::Unavailable(format!("The product's video could not be read: HTTP {code}"))),
        Err(e) => return Err(refused(e.to_string())),
    };
    let kind = VideoKind::sniff(&fetched.body).ok_or_else(|| refused("the supplier's address did not answer with an MP4, MOV or WebM video".into()))?;
    let name = fetched
        .url
        .path_segments()
        .and_then(|mut s| s.next_back())
        .map(|s| s.rsplit_once('.').map_or(s, |(stem, _)| stem))
        .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')))
        .unwrap_or("video")
        .chars()
        .take(100)
        .collect();
    Ok((fetched.body, kind, name))
}

/// "50 MB", or "4 KB" under a megabyte.
fn size_text(bytes: usize) -> String {
    if bytes >= 1 << 20 { format!("{} MB", bytes.div_ceil(1 << 20)) } else { format!("{} KB", bytes.div_ceil(1 << 10)) }
}

#[cfg(test)]
mod tests {
    use super::{VideoKind, size_text};

    #[test]
    fn sizes_read_as_megabytes_or_kilobytes() {
        assert_eq!(size_text(52_428_800), "50 MB");
        assert_eq!(size_text(4_096), "4 KB");
    }

    #[test]
    fn the_bytes_tell_the_format() {
        assert_eq!(VideoKind::sniff(&[0x1A, 0x45, 0xDF, 0xA3, 1, 2]), Some(VideoKind::WebM));
        assert_eq!(VideoKind::sniff(b"\0\0\0\x18ftypisom\0\0\x02\0"), Some(VideoKind::Mp4));
        assert_eq!(VideoKind::sniff(b"\0\0\0\x14ftypqt  \0\0\x02\0"), Some(VideoKind::QuickTime));
        assert_eq!(VideoKind::sniff(b"<html>"), None);
    }
}
