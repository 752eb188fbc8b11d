//! The find-product query: what the dashboard sends, parsed into a search the cache can answer.
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::Fields;
use crate::values::{Country, Source};

/// The query string as sent (spec section 3, "Filter and sort sets").
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FindParams {
    pub keyword: Option<String>,
    /// Comma list of sources; all when absent.
    pub sources: Option<String>,
    pub ship_to: Option<String>,
    pub ship_from: Option<String>,
    pub category: Option<String>,
    pub collection: Option<String>,
    /// `0-500`, `500-1000`, `1000-5000`, `5000-10000`, `10000-`, `100-`
    pub order_count: Option<String>,
    /// `0-10`, `10-30`, `30-50`, `50-100`, `100-` (USD)
    pub price: Option<String>,
    /// `4`: four stars and up.
    pub rating: Option<String>,
    pub sort_by: Option<String>,
    pub sort: Option<String>,
    pub page: Option<String>,
    pub page_size: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortBy {
    MostRelevant,
    Price,
    Profit,
    ShippingTimeMin,
    ShippingCost,
    Orders,
}

#[derive(Debug, Clone)]
pub struct Search {
    pub keyword: Option<String>,
    pub sources: Vec<Source>,
    pub ship_to: Country,
    pub ship_from: Option<String>,
    pub category: Option<i32>,
    pub collection: Option<String>,
    pub orders: Option<(i64, Option<i64>)>,
    pub price_cents: Option<(i64, Option<i64>)>,
    pub min_rating: Option<f32>,
    pub sort_by: SortBy,
    pub descending: bool,
    pub page: i64,
    pub page_size: i64,
}

pub const COLLECTIONS: [(&str, &str); 4] = [
    ("trending", "Trending"),
    ("fastest_delivery_us", "Fastest delivery to the US"),
    ("free_ship_us", "Free shipping to the US"),
    ("made_in_us", "Made in the US"),
];

const ORDER_RANGES: [&str; 6] = ["0-500", "500-1000", "1000-5000", "5000-10000", "10000-", "100-"];
const PRICE_RANGES: [&str; 5] = ["0-10", "10-30", "30-50", "50-100", "100-"];

/// `a-b` or `a-` from the allowed set, as (min, max exclusive).
fn range(raw: &str, allowed: &[&str]) -> Result<(i64, Option<i64>), String> {
    let raw = raw.trim();
    if !allowed.contains(&raw) {
        return Err(format!("use one of {}", allowed.join(", ")));
    }
    let (lo, hi) = raw.split_once('-').unwrap_or((raw, ""));
    Ok((lo.parse().unwrap_or(0), hi.parse().ok()))
}

fn blank(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

impl Search {
    /// Every bad parameter is reported by name at once.
    pub fn parse(p: &FindParams) -> crate::Result<Search> {
        let mut f = Fields::default();
        let sources = match blank(&p.sources) {
            None => Some(Source::ALL.to_vec()),
            Some(list) => f.take("sources", list.split(',').filter(|s| !s.trim().is_empty()).map(Source::parse).collect()),
        };
        let ship_to = f.take("ship_to", blank(&p.ship_to).map_or(Ok(Country::us()), Country::parse));
        let category = f.take("category", blank(&p.category).map(|c| c.parse::<i32>().map_err(|_| "must be a category id".to_string())).transpose());
        let collection = f.take(
            "collection",
            blank(&p.collection)
                .map(|c| COLLECTIONS.iter().find(|(slug, _)| *slug == c).map(|(s, _)| s.to_string()).ok_or(format!("unknown collection {c:?}")))
                .transpose(),
        );
        let orders = f.take("order_count", blank(&p.order_count).map(|r| range(r, &ORDER_RANGES)).transpose());
        let price = f.take("price", blank(&p.price).map(|r| range(r, &PRICE_RANGES)).transpose());
        let min_rating = f.take(
            "rating",
            blank(&p.rating).map(|r| r.parse::<f32>().ok().filter(|r| (0.0..=5.0).contains(r)).ok_or("must be between 0 and 5".to_string())).transpose(),
        );
        let sort_by = f.take(
            "sort_by",
            match blank(&p.sort_by).unwrap_or("profit") {
                "most_relevant" => Ok(SortBy::MostRelevant),
                "price" => Ok(SortBy::Price),
                "profit" => Ok(SortBy::Profit),
                "shipping_time_min" => Ok(SortBy::ShippingTimeMin),
                "shipping_cost" => Ok(SortBy::ShippingCost),
                "lastest_volume" | "orders" => Ok(SortBy::Orders),
                other => Err(format!("unknown sort {other:?}")),
            },
        );
        let descending = f.take(
            "sort",
            match blank(&p.sort).unwrap_or("desc") {
                "desc" => Ok(true),
                "asc" => Ok(false),
                _ => Err("use asc or desc".to_string()),
            },
        );
        let number = |v: &Option<String>, default: i64, max: i64| match blank(v) {
            None => Ok(default),
            Some(s) => s.parse::<i64>().ok().filter(|n| (1..=max).contains(n)).ok_or(format!("must be a number from 1 to {max}")),
        };
        let page = f.take("page", number(&p.page, 1, 10_000));
        let page_size = f.take("page_size", number(&p.page_size, 20, 100));
        f.finish()?;
        Ok(Search {
            keyword: blank(&p.keyword).map(str::to_string),
            sources: sources.unwrap(),
            ship_to: ship_to.unwrap(),
            ship_from: blank(&p.ship_from).map(str::to_ascii_lowercase),
            category: category.unwrap(),
            collection: collection.unwrap(),
            orders: orders.unwrap(),
            price_cents: price.unwrap().map(|(lo, hi)| (lo * 100, hi.map(|h| h * 100))),
            min_rating: min_rating.unwrap(),
            sort_by: sort_by.unwrap(),
            descending: descending.unwrap(),
            page: page.unwrap(),
            page_size: page_size.unwrap(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> FindParams {
        let q: String = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        serde_urlencoded_from(&q)
    }

    fn serde_urlencoded_from(q: &str) -> FindParams {
        let v: serde_json::Map<String, serde_json::Value> =
            url::form_urlencoded::parse(q.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned().into())).collect();
        serde_json::from_value(v.into()).unwrap()
    }

    #[test]
    fn defaults_are_highest_profit_all_sources_us() {
        let s = Search::parse(&FindParams::default()).unwrap();
        assert_eq!((s.sort_by, s.descending, s.sources.len(), s.ship_to.0.as_str()), (SortBy::Profit, true, 7, "US"));
    }

    #[test]
    fn ranges_and_filters_parse() {
        let s = Search::parse(&params(&[("price", "10-30"), ("order_count", "10000-"), ("sources", "cj,ebay"), ("rating", "4")])).unwrap();
        assert_eq!(s.price_cents, Some((1000, Some(3000))));
        assert_eq!(s.orders, Some((10000, None)));
        assert_eq!(s.sources, vec![Source::Cj, Source::Ebay]);
        assert_eq!(s.min_rating, Some(4.0));
    }

    #[test]
    fn bad_parameters_are_named() {
        let Err(crate::Error::Validation { fields, .. }) = Search::parse(&params(&[("price", "7-9"), ("sources", "wish"), ("page_size", "500")])) else {
            panic!("expected a validation error")
        };
        assert_eq!(fields.keys().cloned().collect::<Vec<_>>(), ["page_size", "price", "sources"]);
    }
}
