-- Issue 5: the supplier catalogue cache, imported products, pricing rules, quota usage,
-- favourites and periodic schedules. Money is integer cents (USD for supplier amounts).

-- Supplier products as last read from the suppliers. Public supplier data, shared by every
-- workplace; search pages are answered from here, never by calling a supplier.
CREATE TABLE supplier_products (
    source            TEXT NOT NULL,
    source_product_id TEXT NOT NULL,
    title             TEXT NOT NULL,
    category_id       INT,
    price_cents       BIGINT NOT NULL,
    price_max_cents   BIGINT NOT NULL,
    -- The supplier's suggested retail price: what "profit" is measured against.
    compare_at_cents  BIGINT,
    orders            INT NOT NULL DEFAULT 0,
    rating            REAL,
    reviews_count     INT,
    collections       TEXT[] NOT NULL DEFAULT '{}',
    images            TEXT[] NOT NULL DEFAULT '{}',
    ship_from         TEXT,
    ships_to          TEXT[],
    total_variants    INT,
    us_shipping_cents BIGINT,
    detail            JSONB,
    detail_fetched_at TIMESTAMPTZ,
    fetched_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    profit_cents      BIGINT GENERATED ALWAYS AS
                        (COALESCE(compare_at_cents, price_max_cents) - price_cents - COALESCE(us_shipping_cents, 0)) STORED,
    search            TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', title)) STORED,
    PRIMARY KEY (source, source_product_id)
);
CREATE INDEX supplier_products_search ON supplier_products USING GIN (search);
CREATE INDEX supplier_products_profit ON supplier_products (profit_cents DESC);
CREATE INDEX supplier_products_orders ON supplier_products (orders DESC);
CREATE INDEX supplier_products_price ON supplier_products (price_cents);
CREATE INDEX supplier_products_collections ON supplier_products USING GIN (collections);
CREATE INDEX supplier_products_detail_due ON supplier_products (detail_fetched_at NULLS FIRST);

-- Shipping per product and ship-to country (cheapest option first in `options`).
CREATE TABLE supplier_freight (
    source            TEXT NOT NULL,
    source_product_id TEXT NOT NULL,
    country           TEXT NOT NULL,
    cost_cents        BIGINT,
    min_days          INT,
    max_days          INT,
    options           JSONB NOT NULL DEFAULT '[]',
    ships             BOOLEAN NOT NULL DEFAULT true,
    fetched_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, source_product_id, country),
    FOREIGN KEY (source, source_product_id) REFERENCES supplier_products ON DELETE CASCADE
);

-- Small catalogue documents (category trees) per source.
CREATE TABLE catalogue_documents (
    source     TEXT NOT NULL,
    name       TEXT NOT NULL,
    body       JSONB NOT NULL,
    fetched_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, name)
);

-- Imported products: the import list (stage import_list) and, once pushed, the product center.
CREATE TABLE products (
    id                 UUID PRIMARY KEY,
    workplace_id       UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    source             TEXT NOT NULL,
    source_product_id  TEXT NOT NULL,
    ship_to            TEXT NOT NULL DEFAULT 'US',
    stage              TEXT NOT NULL DEFAULT 'import_list' CHECK (stage IN ('import_list', 'product_center')),
    title              TEXT NOT NULL,
    description_html   TEXT NOT NULL DEFAULT '',
    tags               TEXT[] NOT NULL DEFAULT '{}',
    collections        TEXT[] NOT NULL DEFAULT '{}',
    product_type       TEXT NOT NULL DEFAULT '',
    vendor             TEXT NOT NULL DEFAULT '',
    options            JSONB NOT NULL DEFAULT '[]',
    images             JSONB NOT NULL DEFAULT '[]',
    thumbnail          TEXT,
    pricing_applied_at TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- "Import is blocked if the product is already imported."
    UNIQUE (workplace_id, source, source_product_id)
);
CREATE INDEX products_listing ON products (workplace_id, stage, created_at DESC);

CREATE TABLE product_variants (
    id               UUID PRIMARY KEY,
    product_id       UUID NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position         INT NOT NULL,
    sku_id           TEXT NOT NULL,
    options          JSONB NOT NULL DEFAULT '{}',
    cost_cents       BIGINT NOT NULL,
    shipping_cents   BIGINT NOT NULL DEFAULT 0,
    price_cents      BIGINT NOT NULL,
    compare_at_cents BIGINT,
    stock            INT NOT NULL DEFAULT 0,
    image            TEXT,
    enabled          BOOLEAN NOT NULL DEFAULT true
);
CREATE INDEX product_variants_product ON product_variants (product_id, position);

-- import-all: one row per requested product, finished in the transaction that imports it.
CREATE TABLE import_batches (
    id           UUID PRIMARY KEY,
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    total        INT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE import_batch_items (
    batch_id          UUID NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
    position          INT NOT NULL,
    source            TEXT NOT NULL,
    source_product_id TEXT NOT NULL,
    ship_to           TEXT NOT NULL DEFAULT 'US',
    status            TEXT NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'success', 'error')),
    product_id        UUID,
    error             TEXT,
    progress_id       BIGINT,
    PRIMARY KEY (batch_id, position)
);

-- One rule per workplace (store_id NULL) and optionally one per store.
CREATE TABLE pricing_rules (
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    store_id     UUID REFERENCES stores(id) ON DELETE CASCADE,
    rule         JSONB NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE NULLS NOT DISTINCT (workplace_id, store_id)
);

-- Feature usage per workplace and plan cycle; raised only inside the limit, in one statement.
CREATE TABLE feature_usage (
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    feature      TEXT NOT NULL,
    period_start TIMESTAMPTZ NOT NULL,
    usage        BIGINT NOT NULL DEFAULT 0 CHECK (usage >= 0),
    PRIMARY KEY (workplace_id, feature, period_start)
);

CREATE TABLE favourites (
    workplace_id      UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    source            TEXT NOT NULL,
    source_product_id TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (workplace_id, source, source_product_id)
);

-- Periodic jobs: a (schedule, due time) pair is enqueued once, whichever worker gets there first.
CREATE TABLE schedule_runs (
    name        TEXT NOT NULL,
    due_at      TIMESTAMPTZ NOT NULL,
    progress_id BIGINT,
    PRIMARY KEY (name, due_at)
);
