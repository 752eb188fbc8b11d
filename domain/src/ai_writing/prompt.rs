//! What the model is asked: one short request per field, each carrying the style, tone and
//! language up front and the supplier's data after (so a model that cuts a long prompt keeps the
//! instructions).
use crate::automation::smart_push::{ContentStyle, Tone};
use crate::connectors::ai_writing::Message;
use crate::store::products::ProductRow;

/// The parts of a listing AI writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Title,
    Description,
    Tags,
    SeoTitle,
    SeoDescription,
}

impl Part {
    pub const ALL: [Part; 5] = [Part::Title, Part::Description, Part::Tags, Part::SeoTitle, Part::SeoDescription];

    pub fn key(self) -> &'static str {
        match self {
            Part::Title => "title",
            Part::Description => "description_html",
            Part::Tags => "tags",
            Part::SeoTitle => "seo_title",
            Part::SeoDescription => "seo_description",
        }
    }

    pub fn parse(key: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.key() == key.trim())
    }

    fn ask(self) -> &'static str {
        match self {
            Part::Title => "Write the product title, at most 80 characters, without quotes.",
            Part::Description => {
                "Write the product description as simple HTML (paragraphs <p>, lists <ul><li>, <strong>), no headings above <h3>, no scripts, no images."
            }
            Part::Tags => "Write 5 to 10 short search tags, separated by commas, nothing else.",
            Part::SeoTitle => "Write the search-engine page title, at most 60 characters.",
            Part::SeoDescription => "Write the search-engine meta description, at most 160 characters.",
        }
    }
}

fn style_rule(s: ContentStyle) -> &'static str {
    match s {
        ContentStyle::Highlight => "lead with the key selling points as short highlights",
        ContentStyle::Simple => "plain, clear sentences anyone understands",
        ContentStyle::Minimalism => "as few words as possible, only what matters",
        ContentStyle::Storytelling => "a short story of the product in the buyer's life",
    }
}

fn tone_rule(t: Tone) -> &'static str {
    match t {
        Tone::Persuasive => "persuasive, giving reasons to buy",
        Tone::Expert => "expert and precise, with facts",
        Tone::Daring => "bold and daring",
        Tone::Playful => "playful and light",
        Tone::Sophisticated => "refined and sophisticated",
        Tone::Supportive => "warm and supportive",
    }
}

/// The language's name in English, which every model reads.
pub fn language_name(code: &str) -> &'static str {
    match code {
        "ar" => "Arabic",
        "de" => "German",
        "es" => "Spanish",
        "fr" => "French",
        "it" => "Italian",
        "nl" => "Dutch",
        "pt-BR" => "Brazilian Portuguese",
        "zh-CN" => "Simplified Chinese",
        _ => "English",
    }
}

/// The supplier's text without markup, cut to `max` characters.
fn plain(html: &str, max: usize) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = out.split_whitespace().collect();
    let joined = words.join(" ");
    joined.chars().take(max).collect()
}

fn facts(p: &ProductRow) -> String {
    let mut lines = vec![format!("Product: {}", p.title)];
    if !p.product_type.is_empty() {
        lines.push(format!("Type: {}", p.product_type));
    }
    if let Some(options) = p.options.as_array() {
        for o in options.iter().take(5) {
            let values: Vec<&str> = o["values"].as_array().into_iter().flatten().filter_map(|v| v.as_str().or_else(|| v["value"].as_str())).take(12).collect();
            if let Some(name) = o["name"].as_str() {
                lines.push(format!("{name}: {}", values.join(", ")));
            }
        }
    }
    if !p.tags.is_empty() {
        lines.push(format!("Supplier tags: {}", p.tags.join(", ")));
    }
    let text = plain(&p.description_html, 4000);
    if !text.is_empty() {
        lines.push(format!("Supplier description: {text}"));
    }
    lines.join("\n")
}

/// The conversation for one part of one product.
pub fn messages(p: &ProductRow, part: Part, style: ContentStyle, tone: Tone, language: &str) -> Vec<Message> {
    let lang = language_name(language);
    let system = format!(
        "You write product listings for an online store. Write only in {lang}. Style: {}. Tone: {}. \
         Answer with the requested text only: no preamble, no notes, no markdown fences.",
        style_rule(style),
        tone_rule(tone)
    );
    let user = format!("[{language} {} {}] {} \"{}\"\n{}\n\n{}", super::word(&style), super::word(&tone), part.key(), p.title, part.ask(), facts(p));
    vec![Message::system(system), Message::user(user)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_drops_markup_and_cuts() {
        assert_eq!(plain("<p>Soft <b>cotton</b></p><script>x</script>", 100), "Soft cotton x");
        assert_eq!(plain("abcdef", 3), "abc");
    }
}
