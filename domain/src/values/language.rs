use serde::{Deserialize, Serialize};

/// The nine interface languages of the spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Language {
    #[serde(rename = "en")]
    En,
    #[serde(rename = "ar")]
    Ar,
    #[serde(rename = "de")]
    De,
    #[serde(rename = "es")]
    Es,
    #[serde(rename = "fr")]
    Fr,
    #[serde(rename = "it")]
    It,
    #[serde(rename = "nl")]
    Nl,
    #[serde(rename = "pt-BR")]
    PtBr,
    #[serde(rename = "zh-CN")]
    ZhCn,
}

impl Language {
    pub const ALL: [(&'static str, Language); 9] = [
        ("en", Language::En),
        ("ar", Language::Ar),
        ("de", Language::De),
        ("es", Language::Es),
        ("fr", Language::Fr),
        ("it", Language::It),
        ("nl", Language::Nl),
        ("pt-BR", Language::PtBr),
        ("zh-CN", Language::ZhCn),
    ];

    pub fn parse(raw: &str) -> Result<Self, String> {
        Self::ALL.iter().find(|(code, _)| code.eq_ignore_ascii_case(raw.trim())).map(|(_, l)| *l).ok_or_else(|| {
            let codes: Vec<_> = Self::ALL.iter().map(|(c, _)| *c).collect();
            format!("Language must be one of {}", codes.join(", "))
        })
    }

    pub fn code(self) -> &'static str {
        Self::ALL.iter().find(|(_, l)| *l == self).map(|(c, _)| *c).unwrap_or("en")
    }
}
