//! Product descriptions are HTML that the store shows on its own pages, so they are cleaned
//! wherever they enter: from a supplier on import and from the editor on save. A script, a
//! style, an event handler or a `javascript:` link would run on the owner's storefront.
use std::collections::HashSet;

/// The description kept as safe HTML: ammonia's allowlist (text formatting, headings, lists,
/// links, images, tables), with `<script>`/`<style>` dropped together with their content,
/// every `on*`/`style` attribute removed and links limited to web, mail and phone addresses.
pub fn clean_html(html: &str) -> String {
    ammonia::Builder::default().url_schemes(HashSet::from(["http", "https", "mailto", "tel"])).clean(html).to_string()
}

#[cfg(test)]
mod tests {
    use super::clean_html;

    #[test]
    fn formatting_stays_and_anything_that_runs_goes() {
        let html = r#"<h2>Warm</h2><p onclick="steal()" style="color:red"><strong>Soft</strong> <em>wool</em></p><script>alert(1)</script><style>p{}</style><ul><li>one</li></ul><a href="javascript:alert(1)">x</a><a href="https://shop.example/a">y</a><img src="https://img.example/1.jpg" onerror="steal()">"#;
        let clean = clean_html(html);
        assert!(clean.contains("<h2>Warm</h2>") && clean.contains("<strong>Soft</strong> <em>wool</em>") && clean.contains("<ul><li>one</li></ul>"), "{clean}");
        for bad in ["script", "alert", "style", "onclick", "onerror", "javascript"] {
            assert!(!clean.contains(bad), "{bad} left in {clean}");
        }
        assert!(clean.contains(r#"href="https://shop.example/a""#) && clean.contains(r#"src="https://img.example/1.jpg""#), "{clean}");
    }
}
