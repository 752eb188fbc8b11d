//! SVG uploads are kept only as rewritten here: an SVG is a document that can run script, load
//! other addresses and embed HTML, and the library serves it to browsers. The rewrite keeps an
//! allowlist of drawing elements and presentation attributes and drops everything else (script,
//! foreignObject, style sheets, `on*` handlers, a DOCTYPE with its entities, comments), and keeps
//! an `href` or a `url(…)` only when it points inside the document (`#fragment`). An element
//! outside the list goes with its whole subtree, so nothing hidden inside it survives.
use quick_xml::Reader;
use quick_xml::escape::escape;
use quick_xml::events::{BytesStart, Event};

/// A sanitised SVG and the size it declares (its `width`/`height`, else its `viewBox`).
#[derive(Debug)]
pub struct Clean {
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

const ELEMENTS: &str = "svg g defs symbol use title desc path rect circle ellipse line polyline polygon text tspan textPath linearGradient radialGradient stop \
    clipPath mask pattern marker filter feGaussianBlur feOffset feBlend feColorMatrix feFlood feComposite feMerge feMergeNode feDropShadow";

/// Containers dropped while their children stay (a link around a drawing keeps the drawing).
const UNWRAPPED: &str = "a switch";

const ATTRIBUTES: &str = "id class x y x1 y1 x2 y2 cx cy r rx ry fx fy width height d points viewBox preserveAspectRatio transform fill fill-opacity fill-rule stroke \
    stroke-width stroke-opacity stroke-linecap stroke-linejoin stroke-dasharray stroke-dashoffset stroke-miterlimit opacity offset stop-color \
    stop-opacity gradientUnits gradientTransform spreadMethod clip-path clip-rule clipPathUnits mask maskUnits maskContentUnits patternUnits \
    patternContentUnits patternTransform markerWidth markerHeight refX refY orient markerUnits marker-start marker-mid marker-end font-family \
    font-size font-weight font-style text-anchor dominant-baseline letter-spacing word-spacing dx dy rotate textLength lengthAdjust startOffset \
    visibility display color style href xlink:href xmlns xmlns:xlink version filter filterUnits primitiveUnits stdDeviation in in2 result mode \
    type values operator k1 k2 k3 k4 flood-color flood-opacity xml:space vector-effect overflow shape-rendering paint-order";

/// Whether `name` is one of the space-separated names of `list` (the lists are kept as text so
/// they read as the allowlists they are).
fn listed(list: &str, name: &str) -> bool {
    list.split_ascii_whitespace().any(|n| n == name)
}

/// Deeper nesting than this is no drawing anyone made by hand or tool; it is refused.
const MAX_DEPTH: usize = 256;

/// Whether the bytes are an SVG document (an XML start with an `<svg` root near the top).
pub fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).to_ascii_lowercase();
    let head = head.trim_start_matches('\u{feff}').trim_start();
    head.starts_with('<') && head.contains("<svg")
}

/// `url(…)` only towards `#fragment`, and nothing that scripts or imports.
fn safe_value(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    if ["javascript:", "expression(", "@import", "\\"].iter().any(|bad| lower.contains(bad)) {
        return false;
    }
    lower.match_indices("url(").all(|(i, _)| lower[i + 4..].trim_start().trim_start_matches(['"', '\'']).starts_with('#'))
}

fn keep_attribute(name: &str, value: &str) -> bool {
    if !listed(ATTRIBUTES, name) || !safe_value(value) {
        return false;
    }
    match name {
        "href" | "xlink:href" => value.trim().starts_with('#'),
        "xmlns" => value == "http://www.w3.org/2000/svg",
        "xmlns:xlink" => value == "http://www.w3.org/1999/xlink",
        _ => true,
    }
}

/// The leading number of a length in user units or px; `None` for %, em and the like.
fn length(value: &str) -> Option<f64> {
    let v = value.trim();
    let number = v.strip_suffix("px").unwrap_or(v).trim();
    number.parse::<f64>().ok().filter(|n| n.is_finite() && *n > 0.0)
}

fn open_tag(e: &BytesStart, size: &mut Option<(f64, f64)>, root: bool) -> Result<String, String> {
    let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
    let mut out = format!("<{name}");
    let (mut w, mut h, mut view_box) = (None, None, None);
    for attr in e.attributes() {
        let attr = attr.map_err(|e| format!("The SVG could not be read: {e}"))?;
        let key = String::from_utf8_lossy(attr.key.as_ref()).into_owned();
        let value = attr.unescape_value().map_err(|e| format!("The SVG could not be read: {e}"))?.into_owned();
        if root {
            match key.as_str() {
                "width" => w = length(&value),
                "height" => h = length(&value),
                "viewBox" => view_box = Some(value.clone()),
                _ => {}
            }
        }
        if keep_attribute(&key, &value) {
            out.push_str(&format!(" {key}=\"{}\"", escape(&value)));
        }
    }
    if root {
        let from_box = view_box.and_then(|b| {
            let n: Vec<f64> = b.split([' ', ',']).filter(|s| !s.is_empty()).filter_map(|s| s.parse().ok()).collect();
            (n.len() == 4 && n[2] > 0.0 && n[3] > 0.0).then(|| (n[2], n[3]))
        });
        *size = match (w, h, from_box) {
            (Some(w), Some(h), _) => Some((w, h)),
            (_, _, Some(b)) => Some(b),
            _ => None,
        };
    }
    Ok(out)
}

/// The sanitised document, or why it is not an SVG that can be kept.
pub fn sanitize(bytes: &[u8]) -> Result<Clean, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "The SVG is not UTF-8 text".to_string())?;
    let mut reader = Reader::from_str(text.trim_start_matches('\u{feff}'));
    let mut out = String::with_capacity(text.len());
    // Open kept elements (to close them), and how deep inside a dropped element we are.
    let mut open: Vec<bool> = Vec::new();
    let mut dropped = 0usize;
    let mut size = None;
    let mut seen_root = false;
    loop {
        let event = reader.read_event().map_err(|e| format!("The SVG could not be read: {e}"))?;
        match event {
            Event::Eof => break,
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                let local = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                if !seen_root {
                    if local != "svg" {
                        return Err("The file is not an SVG image".into());
                    }
                    seen_root = true;
                }
                if dropped > 0 || !(listed(ELEMENTS, &local) || listed(UNWRAPPED, &local)) {
                    dropped += usize::from(!empty);
                    continue;
                }
                if open.len() >= MAX_DEPTH {
                    return Err("The SVG is nested too deeply".into());
                }
                let keep = listed(ELEMENTS, &local);
                if keep {
                    out.push_str(&open_tag(e, &mut size, open.is_empty())?);
                    out.push_str(if empty { "/>" } else { ">" });
                }
                if !empty {
                    open.push(keep);
                }
            }
            Event::End(ref e) => {
                if dropped > 0 {
                    dropped -= 1;
                } else if open.pop() == Some(true) {
                    out.push_str(&format!("</{}>", String::from_utf8_lossy(e.name().as_ref())));
                }
            }
            Event::Text(ref t) if dropped == 0 && !open.is_empty() => {
                out.push_str(&escape(t.decode().map_err(|e| format!("The SVG could not be read: {e}"))?.as_ref()));
            }
            Event::CData(ref c) if dropped == 0 && !open.is_empty() => {
                out.push_str(&escape(c.decode().map_err(|e| format!("The SVG could not be read: {e}"))?.as_ref()));
            }
            // Only the five predefined entities and character references: the DOCTYPE that could
            // define others is dropped.
            Event::GeneralRef(ref r) if dropped == 0 && !open.is_empty() => {
                let name = r.decode().map_err(|e| format!("The SVG could not be read: {e}"))?;
                if matches!(name.as_ref(), "lt" | "gt" | "amp" | "apos" | "quot") || name.starts_with('#') {
                    out.push_str(&format!("&{name};"));
                }
            }
            _ => {}
        }
    }
    if !seen_root {
        return Err("The file is not an SVG image".into());
    }
    // A browser draws an SVG without a size at 300 × 150.
    let (w, h) = size.unwrap_or((300.0, 150.0));
    let side = |n: f64| (n.round() as u32).clamp(1, super::MAX_SIDE);
    Ok(Clean { bytes: out.into_bytes(), width: side(w), height: side(h) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(svg: &str) -> String {
        String::from_utf8(sanitize(svg.as_bytes()).unwrap().bytes).unwrap()
    }

    #[test]
    fn script_handlers_and_foreign_content_are_dropped_with_their_contents() {
        let out = clean(
            r#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]><svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)">
            <script>alert(2)</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><rect/></div></foreignObject>
            <style>@import url(https://evil.example/x.css);</style><!-- hi --><rect width="4" height="4" onclick="x()" fill="red"/>
            <a href="javascript:alert(3)"><circle r="2"/></a><text>a &lt; b &amp; c</text></svg>"#,
        );
        for gone in ["script", "alert", "foreignObject", "div", "onload", "onclick", "style", "evil", "ENTITY", "hi", "javascript", "<a"] {
            assert!(!out.contains(gone), "{gone} survived: {out}");
        }
        assert!(out.contains(r#"<rect width="4" height="4" fill="red"/>"#), "{out}");
        assert!(out.contains(r#"<circle r="2"/>"#), "a link's drawing stays: {out}");
        assert!(out.contains("a &lt; b &amp; c"), "{out}");
    }

    #[test]
    fn only_references_inside_the_document_are_kept() {
        let out = clean(
            r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><linearGradient id="g"/></defs>
            <use href="#g"/><use xlink:href="https://evil.example/s.svg#a"/><rect fill="url(#g)"/><rect fill="url( 'https://evil.example/t')"/>
            <rect style="fill: url(https://evil.example/u)"/><image href="https://evil.example/p.png"/></svg>"##,
        );
        assert!(out.contains(r##"<use href="#g"/>"##) && out.contains(r##"fill="url(#g)""##), "{out}");
        assert!(!out.contains("evil"), "{out}");
    }

    #[test]
    fn the_size_comes_from_width_and_height_else_the_view_box() {
        let s = |svg: &str| sanitize(svg.as_bytes()).map(|c| (c.width, c.height));
        assert_eq!(s(r#"<svg width="120px" height="80"/>"#), Ok((120, 80)));
        assert_eq!(s(r#"<svg width="100%" viewBox="0 0 64 32"/>"#), Ok((64, 32)));
        assert_eq!(s("<svg/>"), Ok((300, 150)));
        assert!(s("<html><svg/></html>").is_err());
        assert!(looks_like_svg(b"\xef\xbb\xbf <?xml version='1.0'?><svg/>"));
        assert!(!looks_like_svg(b"\x89PNG"));
    }
}
