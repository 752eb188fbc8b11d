//! `dropline inspect <url> [--json]`.
use domain::config::Settings;

/// `dropline inspect <url> [--json]`: fields, then apps, then products.
pub async fn run(settings: &Settings, url: &str, json: bool) -> anyhow::Result<()> {
    let r = domain::inspect::scan(&settings.inspect, url).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    if json {
        println!("{}", serde_json::to_string_pretty(&r)?);
        return Ok(());
    }
    let show = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
    let num = |v: Option<u64>| v.map(|n| n.to_string()).unwrap_or_else(|| "-".into());
    let rows = [
        ("shopUriOrigin", r.shop_uri_origin.clone()),
        ("shopUri", r.shop_uri.clone()),
        ("shopName", show(&r.shop_name)),
        ("storeId", show(&r.store_id)),
        ("platform", show(&r.platform)),
        ("title", show(&r.title)),
        ("description", show(&r.description)),
        ("themeName", show(&r.theme_name)),
        ("themeId", num(r.theme_id)),
        ("themeStoreId", num(r.theme_store_id)),
        ("themeUri", show(&r.theme_uri)),
        ("currencyActive", show(&r.currency_active)),
        ("country", show(&r.country)),
        ("bestSellingUrl", r.best_selling_url.clone()),
        ("facebookUrl", show(&r.facebook_url)),
        ("twitterUrl", show(&r.twitter_url)),
        ("instagramUrl", show(&r.instagram_url)),
        ("logos", if r.logos.is_empty() { "-".into() } else { r.logos.join(" ") }),
    ];
    for (field, value) in rows {
        println!("{field:<16} {value}");
    }
    println!("\napps ({})", r.app_used.len());
    for a in &r.app_used {
        let own = if a.own_brand { " (Dropline)" } else { "" };
        println!("  {:<40} {:<22} {}{own}", a.name, a.category, a.app_store_url);
    }
    println!("\nproducts ({})", r.products.len());
    for p in &r.products {
        let price = |v: Option<f64>| v.map(|n| format!("{n:.2}")).unwrap_or_else(|| "-".into());
        let currency = p.currency.as_deref().unwrap_or("");
        println!("  {:<14} {:<40} {} - {} {currency}", p.id, p.title, price(p.min_price), price(p.max_price));
    }
    Ok(())
}
