//! A search page serialized once, when it enters the cache, so that a cached answer costs a
//! copy of bytes instead of cloning and serializing twenty cards on every request (that was a
//! fifth of the API's CPU under the search bench). Only the imported flags, which belong to
//! the workplace, are written per request. The JSON is `SearchPage`'s, except that each card's
//! `imported` and `product_package_id` come last (key order carries no meaning in JSON).
use serde_json::Value;
use std::io::Write;
use uuid::Uuid;

use super::search::SearchPage;

pub struct PreparedPage {
    /// `{"items":[` is written after this: `{"page":..,"page_size":..,"total":..,`.
    head: String,
    cards: Vec<PreparedCard>,
}

struct PreparedCard {
    source: String,
    source_product_id: String,
    /// The card's JSON without its flags and its closing brace.
    open: String,
}

impl PreparedPage {
    pub fn new(page: &SearchPage) -> Self {
        let cards = page
            .items
            .iter()
            .map(|c| {
                let mut v = serde_json::to_value(c).expect("a card serializes");
                if let Value::Object(m) = &mut v {
                    m.remove("imported");
                    m.remove("product_package_id");
                }
                let mut open = v.to_string();
                open.pop();
                PreparedCard { source: c.source.clone(), source_product_id: c.source_product_id.clone(), open }
            })
            .collect();
        let head = format!(r#"{{"page":{},"page_size":{},"total":{},"#, page.page, page.page_size, page.total);
        PreparedPage { head, cards }
    }

    /// (source, source product id) of each card, in order: what `imported_ids` looks up.
    pub fn keys(&self) -> Vec<(&str, &str)> {
        self.cards.iter().map(|c| (c.source.as_str(), c.source_product_id.as_str())).collect()
    }

    /// Bytes the page takes, for sizing the answer's buffer once.
    pub fn len_hint(&self) -> usize {
        self.head.len() + 16 + self.cards.iter().map(|c| c.open.len() + 80).sum::<usize>()
    }

    /// Writes the page as JSON with the workplace's product id of each card (from `keys`).
    pub fn write(&self, imported: &[Option<Uuid>], out: &mut Vec<u8>) {
        out.extend_from_slice(self.head.as_bytes());
        out.extend_from_slice(br#""items":["#);
        for (i, card) in self.cards.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(card.open.as_bytes());
            match imported.get(i).copied().flatten() {
                Some(id) => write!(out, r#","imported":true,"product_package_id":"{id}"}}"#).expect("writing to a Vec"),
                None => out.extend_from_slice(br#","imported":false,"product_package_id":null}"#),
            }
        }
        out.extend_from_slice(b"]}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::search::{CardDetails, ProductCard};

    fn card(id: &str, name: &str) -> ProductCard {
        ProductCard {
            source_product_id: id.into(),
            source: "cj".into(),
            name: name.into(),
            images: vec!["https://img/1.jpg".into()],
            video_url: None,
            price: 12.5,
            imported: false,
            product_package_id: None,
            total_variants: Some(3),
            ship_to: "US".into(),
            mapped: false,
            lastest_volume: 1200,
            details: CardDetails {
                price_range: [12.5, 19.99],
                lastest_volume: 1200,
                rating: Some(4.5),
                reviews_count: None,
                shipping_cost: Some(0.1),
                shipping_time_min: Some(3),
                shipping_time_max: None,
                ship_countries: vec!["US".into(), "DE".into()],
            },
        }
    }

    #[test]
    fn the_prepared_json_is_the_pages_own_with_the_flags_of_the_request() {
        let mut page = SearchPage { total: 2000, page: 3, page_size: 2, items: vec![card("1", "Lamp \"Nova\" \\ ü"), card("2", "Mug")] };
        let prepared = PreparedPage::new(&page);
        let id = Uuid::new_v4();
        let mut out = vec![];
        prepared.write(&[None, Some(id)], &mut out);
        page.items[1].imported = true;
        page.items[1].product_package_id = Some(id);
        let written: Value = serde_json::from_slice(&out).expect("valid JSON");
        assert_eq!(written, serde_json::to_value(&page).unwrap());
        assert_eq!(prepared.keys(), [("cj", "1"), ("cj", "2")]);
        assert!(out.len() <= prepared.len_hint(), "{} > {}", out.len(), prepared.len_hint());
        let empty = PreparedPage::new(&SearchPage { total: 0, page: 1, page_size: 20, items: vec![] });
        let mut out = vec![];
        empty.write(&[], &mut out);
        assert_eq!(serde_json::from_slice::<Value>(&out).unwrap(), serde_json::json!({"total": 0, "page": 1, "page_size": 20, "items": []}));
    }
}
