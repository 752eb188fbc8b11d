-- Pushes: one row per product and destination (a connected store, or a sales channel). The row
-- is the push-progress item the dashboard polls, and it holds what the destination knows the
-- product as, written in the same transaction as the status, so a re-run job finds it.
CREATE TABLE push_targets (
    product_id      UUID NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    -- A store id (text), or tiktok / facebook / google.
    destination     TEXT NOT NULL,
    store_id        UUID REFERENCES stores(id) ON DELETE CASCADE,
    status          TEXT NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'success', 'error')),
    publish         BOOLEAN NOT NULL DEFAULT true,
    publications    TEXT[] NOT NULL DEFAULT '{}',
    -- Dropline's own key for the product at the destination (Shopify handle, WooCommerce parent
    -- SKU, channel item id). Chosen once, before the first call, so every retry looks up the same.
    remote_key      TEXT NOT NULL,
    -- Ids at the destination, one per part (a product over the platform's variant limit is split).
    remote_ids      TEXT[] NOT NULL DEFAULT '{}',
    error           TEXT,
    progress_id     BIGINT,
    -- A run holds the pair until then, so a re-delivered job cannot call the destination twice at once.
    lease_until     TIMESTAMPTZ,
    pushed_at       TIMESTAMPTZ,
    -- Supplier sync (auto update): visible state per product and destination.
    synced_at       TIMESTAMPTZ,
    sync_change     TEXT,
    sync_error      TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (product_id, destination)
);
CREATE INDEX push_targets_workplace ON push_targets (workplace_id, updated_at DESC);
CREATE INDEX push_targets_progress ON push_targets (progress_id);

-- Smart push and auto update settings, one row per workplace; no row means the spec's defaults.
CREATE TABLE automation_settings (
    workplace_id    UUID PRIMARY KEY REFERENCES workplaces(id) ON DELETE CASCADE,
    smart_push      JSONB NOT NULL DEFAULT '{}',
    auto_update     JSONB NOT NULL DEFAULT '{}',
    -- Smart push takes products imported after this instant.
    smart_push_since TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- What supplier sync saw and did, per product: the sync log the product page shows.
CREATE TABLE sync_log (
    id              BIGSERIAL PRIMARY KEY,
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    product_id      UUID NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    destination     TEXT,
    kind            TEXT NOT NULL,
    detail          JSONB NOT NULL DEFAULT '{}',
    error           TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX sync_log_product ON sync_log (workplace_id, product_id, id DESC);
