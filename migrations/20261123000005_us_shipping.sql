-- Shipping to the default ship-to (US) kept on the product row, so sorting by shipping cost or
-- time walks an index instead of joining every product's freight.
ALTER TABLE supplier_products ADD COLUMN us_min_days INT, ADD COLUMN us_max_days INT;
UPDATE supplier_products sp SET us_min_days = f.min_days, us_max_days = f.max_days
FROM supplier_freight f WHERE f.source = sp.source AND f.source_product_id = sp.source_product_id AND f.country = 'US';
CREATE INDEX supplier_products_us_shipping ON supplier_products (us_shipping_cents);
CREATE INDEX supplier_products_us_days ON supplier_products (us_min_days);
