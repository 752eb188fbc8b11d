//! A shop's products, with the indexes its lookups need: by handle, by variant id and by SKU,
//! and the count of variants the large-store rule reads. A store of 10,000 products answered
//! every lookup by handle with a scan of all of them, so a push bench measured the sandbox
//! more than Dropline. Every write goes through `insert`, `remove` or `update`, which keep
//! the indexes in step; the answers are the ones the scans gave (the lowest id first).
use std::collections::{BTreeMap, BTreeSet, HashMap, btree_map};

use serde::{Serialize, Serializer};

use super::model::{Product, Variant};

/// A key to the ids holding it, in id order (what a scan in id order met first comes first).
type Index<K> = HashMap<K, BTreeSet<u64>>;

fn add<K: std::hash::Hash + Eq>(index: &mut Index<K>, key: K, id: u64) {
    index.entry(key).or_default().insert(id);
}

fn drop_id<K: std::hash::Hash + Eq>(index: &mut Index<K>, key: &K, id: u64) {
    if let Some(ids) = index.get_mut(key) {
        ids.remove(&id);
        if ids.is_empty() {
            index.remove(key);
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Catalog {
    products: BTreeMap<u64, Product>,
    /// handle → product ids.
    by_handle: Index<String>,
    /// variant id → product ids.
    by_variant: Index<u64>,
    /// lowercased SKU → product ids (Shopify's search compares SKUs case-blind).
    by_sku: Index<String>,
    variants: usize,
}

impl Serialize for Catalog {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.products.serialize(s)
    }
}

impl FromIterator<Product> for Catalog {
    fn from_iter<I: IntoIterator<Item = Product>>(products: I) -> Self {
        let mut c = Catalog::default();
        products.into_iter().for_each(|p| {
            c.insert(p.id, p);
        });
        c
    }
}

impl std::ops::Index<&u64> for Catalog {
    type Output = Product;
    fn index(&self, id: &u64) -> &Product {
        &self.products[id]
    }
}

impl Catalog {
    pub fn get(&self, id: &u64) -> Option<&Product> {
        self.products.get(id)
    }
    pub fn contains_key(&self, id: &u64) -> bool {
        self.products.contains_key(id)
    }
    pub fn values(&self) -> btree_map::Values<'_, u64, Product> {
        self.products.values()
    }
    pub fn len(&self) -> usize {
        self.products.len()
    }
    pub fn is_empty(&self) -> bool {
        self.products.is_empty()
    }

    /// Stores `p` under `id`, replacing (and unindexing) what was there.
    pub fn insert(&mut self, id: u64, p: Product) -> Option<Product> {
        let old = self.remove(&id);
        add(&mut self.by_handle, p.handle.clone(), id);
        for v in &p.variants {
            add(&mut self.by_variant, v.id, id);
            add(&mut self.by_sku, v.sku.to_lowercase(), id);
        }
        self.variants += p.variants.len();
        self.products.insert(id, p);
        old
    }

    pub fn remove(&mut self, id: &u64) -> Option<Product> {
        let p = self.products.remove(id)?;
        drop_id(&mut self.by_handle, &p.handle, *id);
        for v in &p.variants {
            drop_id(&mut self.by_variant, &v.id, *id);
            drop_id(&mut self.by_sku, &v.sku.to_lowercase(), *id);
        }
        self.variants -= p.variants.len();
        Some(p)
    }

    /// Changes product `id` in place (its handle, variants and SKUs may change) and indexes it
    /// again; None when there is no such product.
    pub fn update<R>(&mut self, id: u64, f: impl FnOnce(&mut Product) -> R) -> Option<R> {
        let mut p = self.remove(&id)?;
        let r = f(&mut p);
        self.insert(id, p);
        Some(r)
    }

    /// The product holding `handle` (the lowest id, as a scan in id order found).
    pub fn by_handle(&self, handle: &str) -> Option<&Product> {
        self.by_handle.get(handle)?.first().map(|id| &self.products[id])
    }

    /// Whether a product other than `except` holds `handle`.
    pub fn handle_taken(&self, handle: &str, except: Option<u64>) -> bool {
        self.by_handle.get(handle).is_some_and(|ids| ids.iter().any(|id| Some(*id) != except))
    }

    /// The variant of id `variant_id` and its product (the lowest product id holding it).
    pub fn variant(&self, variant_id: u64) -> Option<(&Product, &Variant)> {
        let ids = self.by_variant.get(&variant_id)?;
        ids.iter().find_map(|id| {
            let p = &self.products[id];
            p.variants.iter().find(|v| v.id == variant_id).map(|v| (p, v))
        })
    }

    /// Ids of the products holding a variant whose SKU is `sku`, ignoring case, in id order.
    pub fn products_with_sku<'a>(&'a self, sku: &str) -> impl Iterator<Item = &'a Product> + use<'a> {
        self.by_sku.get(&sku.to_lowercase()).into_iter().flatten().map(|id| &self.products[id])
    }

    /// Variants over all products: what the large-store rule counts.
    pub fn variant_count(&self) -> usize {
        self.variants
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(id: u64, handle: &str, skus: &[(u64, &str)]) -> Product {
        Product {
            id,
            title: handle.into(),
            handle: handle.into(),
            description_html: String::new(),
            vendor: String::new(),
            product_type: String::new(),
            status: "ACTIVE".into(),
            tags: vec![],
            options: vec![],
            variants: skus
                .iter()
                .map(|(vid, sku)| Variant {
                    id: *vid,
                    sku: sku.to_string(),
                    price_cents: 0,
                    compare_at_cents: None,
                    inventory_quantity: 0,
                    option_values: vec![],
                    barcode: None,
                    stocked_at: None,
                })
                .collect(),
            images: vec![],
            videos: vec![],
            created_ms: 0,
            updated_ms: 0,
        }
    }

    #[test]
    fn the_indexes_follow_every_write() {
        let mut c: Catalog = [product(1, "lamp", &[(11, "L-1")]), product(2, "desk", &[(21, "D-1"), (22, "D-2")])].into_iter().collect();
        assert_eq!(c.by_handle("lamp").map(|p| p.id), Some(1));
        assert!(c.handle_taken("lamp", None) && !c.handle_taken("lamp", Some(1)));
        assert_eq!(c.variant(22).map(|(p, v)| (p.id, v.sku.as_str())), Some((2, "D-2")));
        let with = |c: &Catalog, sku: &str| c.products_with_sku(sku).map(|p| p.id).collect::<Vec<_>>();
        assert_eq!(with(&c, "d-1"), [2]);
        assert_eq!(c.variant_count(), 3);
        c.update(2, |p| {
            p.handle = "table".into();
            p.variants.truncate(1);
            p.variants[0].sku = "T-1".into();
        });
        assert!(c.by_handle("desk").is_none());
        assert_eq!(c.by_handle("table").map(|p| p.id), Some(2));
        assert!(with(&c, "D-1").is_empty() && c.variant(22).is_none());
        assert_eq!(with(&c, "T-1"), [2]);
        assert_eq!(c.variant_count(), 2);
        c.remove(&1);
        assert!(c.by_handle("lamp").is_none() && c.variant(11).is_none() && with(&c, "L-1").is_empty());
        assert_eq!((c.len(), c.variant_count()), (1, 1));
    }
}
