-- The most variants one product may have in the store, as the store reports it (Shopify's
-- shop.resourceLimits.maxProductVariants), read with the stock location. NULL: not read yet.
ALTER TABLE stores ADD COLUMN max_product_variants INT;
