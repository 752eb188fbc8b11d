//! Page numbers as every list takes them: from 1 to `MAX_PAGE`, checked once, so that the
//! offset `(page - 1) * page_size` of any list can never overflow.
pub const MAX_PAGE: i64 = 1_000_000;

/// The page asked for (1 when absent or below 1); above `MAX_PAGE` is a clear error.
pub fn page(asked: Option<i64>) -> Result<i64, String> {
    match asked.unwrap_or(1) {
        p if p > MAX_PAGE => Err(format!("page must be a number from 1 to {MAX_PAGE}")),
        p => Ok(p.max(1)),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_page_is_between_one_and_the_most() {
        assert_eq!(super::page(None), Ok(1));
        assert_eq!(super::page(Some(-5)), Ok(1));
        assert_eq!(super::page(Some(super::MAX_PAGE)), Ok(super::MAX_PAGE));
        assert!(super::page(Some(i64::MAX)).is_err());
    }
}
