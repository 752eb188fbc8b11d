//! The order center's list and counts. Filters are parsed once into `Filter` (every bad
//! parameter named), then both queries share one WHERE clause on the orders' own columns.
//! Counts are exact and read from the database's tallies (`tally`), pages from an index walk
//! that starts after the previous page's last order (`after`) rather than skipping orders.
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgPool, Postgres, QueryBuilder};
use std::collections::BTreeMap;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::display::{self, Display};
use super::memo::{self, Fresh, OrderMemo, Reads, columns};
use super::status::{TABS, statuses_of};
use super::tally::{self, Keys};
use super::view::{self, OrderView};
use crate::error::{Fields, Result};

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    pub tab: Option<String>,
    pub status: Option<String>,
    pub from_date: Option<String>,
    pub to_date: Option<String>,
    pub channel: Option<String>,
    pub source: Option<String>,
    pub mark_order: Option<String>,
    pub keyword: Option<String>,
    pub page: Option<i64>,
    pub page_size: Option<i64>,
    /// The previous page's `next_after`: this page starts after that order (and `page` only
    /// numbers it), so a deep page costs what the first does.
    pub after: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Filter {
    statuses: Option<Vec<&'static str>>,
    refund_tab: bool,
    /// Whether `from`..`to` applies (the tab counts count every date).
    dated: bool,
    from: NaiveDate,
    to: NaiveDate,
    store: Option<Uuid>,
    source: Option<String>,
    marked: Option<bool>,
    keyword: Option<String>,
    after: Option<(DateTime<Utc>, i64)>,
    pub page: i64,
    pub page_size: i64,
}

/// An order's place in the list (newest first): `ordered_at` in microseconds and its id.
fn cursor_of(o: &OrderView) -> String {
    format!("{}.{}", o.ordered_at.timestamp_micros(), o.id)
}

fn parse_cursor(s: &str) -> Option<(DateTime<Utc>, i64)> {
    let (micros, id) = s.split_once('.')?;
    Some((DateTime::from_timestamp_micros(micros.parse().ok()?)?, id.parse().ok()?))
}

fn date(field: &str, v: Option<&str>, default: NaiveDate, f: &mut Fields) -> NaiveDate {
    match v.filter(|s| !s.is_empty()) {
        None => default,
        Some(s) => f.take(field, NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| format!("{field} must be a date YYYY-MM-DD"))).unwrap_or(default),
    }
}

impl Filter {
    pub fn parse(q: &ListQuery, with_tab: bool) -> Result<Filter> {
        let mut f = Fields::default();
        let today = Utc::now().date_naive();
        let from = date("from_date", q.from_date.as_deref(), today - Duration::days(7), &mut f);
        let to = date("to_date", q.to_date.as_deref(), today, &mut f);
        let tab = q.tab.as_deref().filter(|_| with_tab).unwrap_or("placement");
        let statuses = if with_tab {
            f.take(
                "status",
                statuses_of(tab, q.status.as_deref()).ok_or_else(|| format!("unknown tab or status {tab}/{}", q.status.as_deref().unwrap_or("all"))),
            )
        } else {
            None
        };
        let store = match q.channel.as_deref().filter(|c| !c.is_empty() && *c != "all") {
            None => None,
            Some(c) => f.take("channel", Uuid::parse_str(c).map_err(|_| "channel must be a store id or all".to_string())),
        };
        let source = q.source.clone().filter(|s| !s.is_empty() && s != "all");
        if let Some(s) = &source
            && !super::ORDER_SOURCES.contains(&s.as_str())
        {
            f.take::<()>("source", Err(format!("unknown source {s}")));
        }
        let marked = match q.mark_order.as_deref() {
            None | Some("" | "all") => None,
            Some("1") => Some(true),
            Some("0") => Some(false),
            Some(_) => f.take("mark_order", Err("mark_order must be all, 1 or 0".to_string())),
        };
        let page = q.page.unwrap_or(1);
        let page_size = q.page_size.unwrap_or(20);
        if !(1..=crate::values::paging::MAX_PAGE).contains(&page) {
            f.take::<()>("page", Err(format!("page must be a number from 1 to {}", crate::values::paging::MAX_PAGE)));
        }
        if !(1..=100).contains(&page_size) {
            f.take::<()>("page_size", Err("page_size must be 1 to 100".into()));
        }
        let after = match q.after.as_deref().filter(|a| !a.is_empty()) {
            None => None,
            Some(a) => f.take("after", parse_cursor(a).ok_or_else(|| "after must be a page's next_after".to_string())),
        };
        f.finish()?;
        Ok(Filter {
            statuses,
            refund_tab: with_tab && tab == "refund",
            dated: true,
            from,
            to,
            store,
            source,
            marked,
            keyword: q.keyword.clone().map(|k| k.trim().to_string()).filter(|k| !k.is_empty()),
            after,
            page,
            page_size,
        })
    }

    /// Whether one plan serves every value of this filter's parameters. A keyword or a source
    /// match a share of orders that ranges from none to most, and PostgreSQL's generic plan of a
    /// prepared statement cannot know which: at 200,000 orders it sorted every order of a source
    /// (49 ms), and a keyword took 327 ms instead of 4. Those statements are planned for their
    /// values each time (about 0.7 ms of planning). The marked flag is written into the
    /// statement instead (`push_where`): each of its two statements keeps a plan of its own, the
    /// marked one walking the marked orders' index.
    fn plans_alike(&self) -> bool {
        self.keyword.is_none() && self.source.is_none()
    }

    /// The order columns that decide which orders this filter takes and how they are counted:
    /// a change to any other column of an order it does not show leaves its answers exact
    /// (`memo`). `listed`: a page, whose orders are placed by date.
    fn columns(&self, listed: bool) -> i32 {
        let mut c = columns::STATUS | columns::ARCHIVED;
        let narrowed = [
            (listed, columns::ORDERED_AT),
            (self.store.is_some(), columns::STORE),
            (self.marked.is_some(), columns::MARKED),
            (self.source.is_some(), columns::SOURCES),
            (self.keyword.is_some(), columns::WORDS),
        ];
        for (on, column) in narrowed {
            if on {
                c |= column;
            }
        }
        c
    }

    /// The same filter over every date.
    fn undated(&self) -> Filter {
        Filter { dated: false, from: NaiveDate::MIN, to: NaiveDate::MIN, ..self.clone() }
    }

    /// The tally keys of this filter; none with a keyword (it is not tallied).
    fn tally_keys(&self) -> Option<Keys<'_>> {
        if self.keyword.is_some() {
            return None;
        }
        Some(Keys { source: self.source.as_deref(), store: self.store, marked: self.marked, days: self.dated.then_some((self.from, self.to)) })
    }

    /// WHERE on orders `o` (without the tab's statuses unless `with_status`).
    fn push_where<'a>(&'a self, qb: &mut QueryBuilder<'a, Postgres>, workplace_id: Uuid, with_status: bool) {
        qb.push(" WHERE o.workplace_id = ").push_bind(workplace_id);
        if self.dated {
            qb.push(" AND o.ordered_at >= ").push_bind(self.from.and_hms_opt(0, 0, 0).map(|d| d.and_utc()));
            qb.push(" AND o.ordered_at < ").push_bind((self.to + Duration::days(1)).and_hms_opt(0, 0, 0).map(|d| d.and_utc()));
        }
        qb.push(" AND NOT o.archived");
        if let (true, Some(st)) = (with_status, &self.statuses) {
            let col = if self.refund_tab { "o.refund_status" } else { "o.status" };
            qb.push(format!(" AND {col} = ANY(")).push_bind(st.iter().map(|s| s.to_string()).collect::<Vec<_>>()).push(")");
        }
        if let Some(s) = self.store {
            qb.push(" AND o.store_id = ").push_bind(s);
        }
        match self.marked {
            Some(true) => qb.push(" AND o.marked"),
            Some(false) => qb.push(" AND NOT o.marked"),
            None => qb,
        };
        if let Some(src) = &self.source {
            qb.push(" AND o.sources @> ARRAY[").push_bind(src.as_str()).push("]");
        }
        if let Some(k) = &self.keyword {
            qb.push(" AND (o.name ILIKE ")
                .push_bind(format!("%{k}%"))
                .push(" OR o.platform_order_id = ")
                .push_bind(k.as_str())
                .push(" OR o.email ILIKE ")
                .push_bind(format!("%{k}%"))
                .push(")");
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct OrderPage {
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    pub items: Vec<OrderView>,
    /// Pass as `after` (with `page` + 1) for the next page; absent on the last page.
    pub next_after: Option<String>,
    /// The workspace's currency and the rates into it (`display`).
    pub display: Display,
}

/// One page of the tab, newest first, with the tab's exact total and the rates of its amounts,
/// and the snapshot it was read in: one statement (the page's orders nested as JSON, the total
/// from the tallies).
pub async fn list(pool: &PgPool, workplace_id: Uuid, display_currency: &str, f: &Filter) -> Result<(OrderPage, String)> {
    let mut q = QueryBuilder::new("WITH page AS (SELECT o.id, o.currency FROM orders o");
    f.push_where(&mut q, workplace_id, true);
    if let Some((at, id)) = f.after {
        q.push(" AND (o.ordered_at, o.id) < (").push_bind(at).push(", ").push_bind(id).push(")");
    }
    q.push(" ORDER BY o.ordered_at DESC, o.id DESC LIMIT ").push_bind(f.page_size);
    if f.after.is_none() {
        q.push(" OFFSET ").push_bind((f.page - 1) * f.page_size);
    }
    q.push(format!(
        ") SELECT (SELECT json_agg({} ORDER BY o.ordered_at DESC, o.id DESC) FROM page p JOIN orders o ON o.id = p.id JOIN stores s ON s.id = o.store_id)::text, ",
        view::ITEMS
    ));
    match f.tally_keys() {
        Some(keys) => {
            let column = if f.refund_tab { "refund_status" } else { "status" };
            let statuses = f.statuses.as_ref().map(|st| (column, st.iter().map(|s| s.to_string()).collect()));
            tally::push_total(&mut q, workplace_id, &keys, statuses);
        }
        None => {
            q.push("(SELECT count(*) FROM orders o");
            f.push_where(&mut q, workplace_id, true);
            q.push(")");
        }
    }
    q.push(", ");
    display::push_rates(&mut q, display_currency, "SELECT currency FROM page");
    q.push(format!(", {}", memo::SNAPSHOT));
    let (items, total, rates, snapshot): (Option<String>, i64, Option<String>, String) = q.build_query_as().persistent(f.plans_alike()).fetch_one(pool).await?;
    let items = view::from_items(items.as_deref())?;
    let next_after = items.last().filter(|_| items.len() as i64 == f.page_size).map(cursor_of);
    let display = display::from_rates(display_currency, rates.as_deref())?;
    Ok((OrderPage { total, page: f.page, page_size: f.page_size, items, next_after, display }, snapshot))
}

/// Orders per tab (`payment`, `refund`, ...), each per sub-status (`cancelled_` dropped), with
/// `all` in a tab of several sub-statuses (but `cancelled`).
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
pub struct OrderCounts(pub BTreeMap<String, BTreeMap<String, i64>>);

/// Counts per tab and sub-status under the same filters but over every date (one grouped
/// query): a date range narrows the list, never what a tab says is
/// waiting, so "New orders 0" cannot hide an order bought before the range.
pub async fn counts(pool: &PgPool, workplace_id: Uuid, f: &Filter) -> Result<OrderCounts> {
    let f = &f.undated();
    let rows: Vec<(String, Option<String>, i64)> = match f.tally_keys() {
        Some(keys) => {
            let (rows, many) = tally::by_status(pool, workplace_id, &keys).await?;
            if many {
                tally::fold(pool, workplace_id).await?;
            }
            rows
        }
        None => {
            let mut qb = QueryBuilder::new("SELECT o.status, o.refund_status, count(*) FROM orders o");
            f.push_where(&mut qb, workplace_id, false);
            qb.push(" GROUP BY 1, 2");
            qb.build_query_as().persistent(f.plans_alike()).fetch_all(pool).await?
        }
    };
    let mut out = OrderCounts::default();
    for (tab, subs) in TABS {
        let mut m = BTreeMap::new();
        let mut all = 0;
        for s in subs {
            let n: i64 = rows.iter().filter(|(st, rf, _)| if tab == "refund" { rf.as_deref() == Some(*s) } else { st == s }).map(|r| r.2).sum();
            all += n;
            m.insert(s.strip_prefix("cancelled_").unwrap_or(s).to_string(), n);
        }
        if subs.len() > 1 && tab != "cancelled" {
            m.insert("all".into(), all);
        }
        out.0.insert(tab.to_string(), m);
    }
    Ok(out)
}

/// `list` as JSON, kept by `memo` while it is exact (the filter's Debug form names every field,
/// its dates already resolved: equal keys ask the same question).
pub async fn list_json(pool: &PgPool, memo: &OrderMemo, workplace_id: Uuid, display_currency: &str, f: &Filter) -> Result<Arc<Vec<u8>>> {
    let key = format!("list {display_currency} {f:?}");
    memo.get_or_read(workplace_id, &key, || async {
        let (page, snapshot) = list(pool, workplace_id, display_currency, f).await?;
        let mut reads = Reads::new(f.columns(true), page.items.iter().map(|o| o.ordered_at));
        if let Some(statuses) = &f.statuses {
            reads = reads.among(statuses);
        }
        Ok(Fresh { json: to_json(&page)?, reads, snapshot })
    })
    .await
}

/// `counts` as JSON, kept by `memo` while it is exact.
pub async fn counts_json(pool: &PgPool, memo: &OrderMemo, workplace_id: Uuid, f: &Filter) -> Result<Arc<Vec<u8>>> {
    let key = format!("counts {f:?}");
    memo.get_or_read(workplace_id, &key, || async {
        // Taken before the counts: their statement may answer no row to carry it.
        let snapshot = memo::snapshot(pool).await?;
        Ok(Fresh { json: to_json(&counts(pool, workplace_id, f).await?)?, reads: Reads::new(f.columns(false), []), snapshot })
    })
    .await
}

fn to_json(v: &impl Serialize) -> Result<Vec<u8>> {
    Ok(serde_json::to_vec(v).map_err(anyhow::Error::from)?)
}

/// Every order of the workplace in the placement tab (bulk placement of all ready orders).
pub async fn ready_ids(pool: &PgPool, workplace_id: Uuid) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar("SELECT id FROM orders WHERE workplace_id = $1 AND status = 'ready' AND NOT archived ORDER BY ordered_at, id")
        .bind(workplace_id)
        .fetch_all(pool)
        .await?)
}
