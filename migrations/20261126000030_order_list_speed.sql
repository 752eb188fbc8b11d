-- The order center's keyword filter (jobs/src/orders/list.rs) is `name ILIKE '%k%' OR
-- platform_order_id = k OR email ILIKE '%k%'`: with no index usable for a `%…%` pattern every
-- page and count read every order of the range (bench-orders, 200,000 orders: 95 ms a page,
-- parallel sequential scan). Trigram indexes answer the two ILIKEs and a (workplace,
-- platform_order_id) index the exact arm, so the three are one BitmapOr (3 ms). pg_trgm ships
-- with PostgreSQL (Debian's postgresql-15, the postgres images) and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX orders_name_trgm ON orders USING gin (name gin_trgm_ops);
CREATE INDEX orders_email_trgm ON orders USING gin (email gin_trgm_ops);
-- The unique (store_id, platform_order_id) index cannot serve a search without the store.
CREATE INDEX orders_workplace_platform_order_id ON orders (workplace_id, platform_order_id);
