-- Issue 5, mapping: the products already in a store, and which supplier variants fulfil each
-- store variant (several, by priority, optionally limited to ship-to countries).
CREATE TABLE store_products (
    id           UUID PRIMARY KEY,
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    store_id     UUID NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    remote_id    TEXT NOT NULL,
    title        TEXT NOT NULL,
    handle       TEXT,
    image        TEXT,
    synced_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (store_id, remote_id)
);
CREATE INDEX store_products_workplace ON store_products (workplace_id, store_id, title);

CREATE TABLE store_variants (
    id               UUID PRIMARY KEY,
    store_product_id UUID NOT NULL REFERENCES store_products(id) ON DELETE CASCADE,
    remote_id        TEXT NOT NULL,
    title            TEXT NOT NULL,
    sku              TEXT,
    price_cents      BIGINT,
    options          JSONB NOT NULL DEFAULT '{}',
    position         INT NOT NULL DEFAULT 0,
    UNIQUE (store_product_id, remote_id)
);

CREATE TABLE variant_suppliers (
    store_variant_id  UUID NOT NULL REFERENCES store_variants(id) ON DELETE CASCADE,
    priority          INT NOT NULL CHECK (priority >= 1),
    source            TEXT NOT NULL,
    source_product_id TEXT NOT NULL,
    sku_id            TEXT NOT NULL,
    -- Empty: ships anywhere the supplier ships.
    ship_to_countries TEXT[] NOT NULL DEFAULT '{}',
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (store_variant_id, priority)
);
CREATE INDEX variant_suppliers_product ON variant_suppliers (source, source_product_id);
