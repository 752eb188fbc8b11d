-- Duplicates and split parts of an imported product are copies: "already imported" applies to
-- the original only.
ALTER TABLE products ADD COLUMN copy_of UUID REFERENCES products(id) ON DELETE SET NULL;
ALTER TABLE products DROP CONSTRAINT products_workplace_id_source_source_product_id_key;
CREATE UNIQUE INDEX products_one_import ON products (workplace_id, source, source_product_id) WHERE copy_of IS NULL;
