//! Adding an image from an address the owner typed (spec: upload "with a file or a link"). The
//! address is fetched through the one guarded client (`connectors::guarded_http`: private,
//! loopback and link-local addresses refused at every hop, the body capped at the library's 2 MB
//! while it streams), then the bytes go through exactly the checks of an uploaded file. The name
//! kept is the address's last segment, with the extension of what the bytes really are: a server
//! that says `image/jpeg` or names a file `.png` is not believed, the bytes are.
use sqlx::PgPool;
use uuid::Uuid;

use super::picture::{self, Format};
use super::{Files, Image, MAX_BYTES, over_size, upload};
use crate::config::InspectSettings;
use crate::connectors::guarded_http::{FetchError, GuardedHttp, parse_user_url};
use crate::{Error, Result};

fn refuse(message: impl Into<String>) -> Error {
    Error::field("link", message)
}

/// The name for the fetched bytes: the address's last path segment (else `image`), its
/// extension made the sniffed format's.
fn name_for(url: &url::Url, format: Format) -> String {
    let segment = url.path_segments().and_then(|mut s| s.next_back()).unwrap_or_default();
    let segment = percent_decoded(segment);
    let stem = segment.rsplit_once('.').map_or(segment.as_str(), |(stem, _)| stem).trim();
    let stem = if stem.is_empty() { "image" } else { stem };
    format!("{}.{}", stem.chars().take(200).collect::<String>(), format.extension())
}

/// `%20` and the like back to what they stand for (a segment is always percent-encoded in a `Url`).
fn percent_decoded(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Fetches `link` and adds it to the workplace's library like an uploaded file.
pub async fn upload_link(pool: &PgPool, files: &Files, inspect: &InspectSettings, workplace: Uuid, link: &str) -> Result<Image> {
    let link = link.trim();
    if link.is_empty() {
        return Err(refuse("Enter the image's address"));
    }
    let url = parse_user_url(link).map_err(|e| refuse(e.to_string()))?;
    // The inspector's allow-list, redirects and deadline; the library's own size cap.
    let http = GuardedHttp::new(&InspectSettings { max_bytes: MAX_BYTES, ..inspect.clone() });
    let fetched = match http.get(&url).await {
        Ok(f) => f,
        Err(FetchError::TooBig(_)) => return Err(over_size("link")),
        Err(e) => return Err(refuse(e.to_string())),
    };
    if picture::is_heic(&fetched.body) {
        // The same coded refusal as a raw HEIC file (`picture::check` says it).
        return upload(pool, files, workplace, "image.heic", None, fetched.body).await;
    }
    let Some(format) = Format::sniff(&fetched.body) else {
        return Err(refuse("The address did not answer with a JPG, PNG, SVG or WebP image"));
    };
    let name = name_for(&fetched.url, format);
    upload(pool, files, workplace, &name, None, fetched.body).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_takes_the_extension_of_what_the_bytes_are() {
        let u = |s: &str| url::Url::parse(s).unwrap();
        assert_eq!(name_for(&u("https://cdn.example/a/Red%20Lamp.png?w=100"), Format::Jpeg), "Red Lamp.jpg");
        assert_eq!(name_for(&u("https://cdn.example/photo"), Format::WebP), "photo.webp");
        assert_eq!(name_for(&u("https://cdn.example/"), Format::Png), "image.png");
    }
}
