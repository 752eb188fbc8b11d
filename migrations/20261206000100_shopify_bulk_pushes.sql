-- A store's first push of many products through Shopify's bulk path (push/bulk.rs): one row per
-- store and push, moving through its phases (`set`: productSet for every product, `publish`:
-- publishablePublish for those pushed published, then `done` or `failed`). `operation_id` is
-- the Shopify bulk operation the current phase runs (NULL until it is started), and
-- `line_products` the product of each line of that operation's file, so its result lines
-- (`__lineNumber`) find their product. The webhook finds the row by its operation.
CREATE TABLE shopify_bulk_pushes (
    id              BIGSERIAL PRIMARY KEY,
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    store_id        UUID NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    destination     TEXT NOT NULL,
    phase           TEXT NOT NULL DEFAULT 'set' CHECK (phase IN ('set', 'publish', 'done', 'failed')),
    operation_id    TEXT,
    line_products   UUID[] NOT NULL DEFAULT '{}',
    -- Operations that failed with an error Shopify calls intermittent, run again (at most twice).
    failed_operations INT NOT NULL DEFAULT 0,
    -- A run holds the row until then, so a webhook's run and the poll never start a phase twice.
    lease_until     TIMESTAMPTZ,
    error           TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shopify_bulk_pushes_operation ON shopify_bulk_pushes (operation_id) WHERE operation_id IS NOT NULL;
CREATE INDEX shopify_bulk_pushes_workplace ON shopify_bulk_pushes (workplace_id, id DESC);

-- The bulk push a pair's first push goes through; NULL: the pair is pushed call by call.
ALTER TABLE push_targets ADD COLUMN bulk_id BIGINT REFERENCES shopify_bulk_pushes(id) ON DELETE SET NULL;
CREATE INDEX push_targets_bulk ON push_targets (bulk_id) WHERE bulk_id IS NOT NULL;
