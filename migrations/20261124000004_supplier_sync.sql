-- Supplier sync (auto update) and smart push.

-- A variant whose SKU its supplier dropped may be switched to the next supplier mapped to it;
-- it then keeps that supplier here (NULL: the product's own source and source product).
ALTER TABLE product_variants ADD COLUMN supplier_source TEXT, ADD COLUMN supplier_product_id TEXT;

-- A change supplier sync saved but has not yet handed to the push engine. Set in the transaction
-- that saves the new prices and stock, cleared once the update push is queued: a sync that died
-- in between still pushes the change on its next run.
ALTER TABLE push_targets ADD COLUMN sync_pending BOOLEAN NOT NULL DEFAULT false;
-- Set when sync unpublished the product because every variant ran out (out_of_stock = unpublish);
-- the sync that finds stock again publishes it again. A product the user pushed unpublished stays so.
ALTER TABLE push_targets ADD COLUMN sync_unpublished BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX push_targets_sync_pending ON push_targets (workplace_id) WHERE sync_pending;

-- The job that wrote a sync log row: one row per product per run, so a re-run job writes none twice.
ALTER TABLE sync_log ADD COLUMN progress_id BIGINT;
CREATE UNIQUE INDEX sync_log_run ON sync_log (product_id, kind, progress_id) WHERE progress_id IS NOT NULL;
