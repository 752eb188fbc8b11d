-- Store inspections: a user types a store's address, a `store_scan` job reads its public page
-- and products.json, and the result (or the sentence saying why not) is kept here, per workplace.
CREATE TABLE store_scans (
    id            UUID PRIMARY KEY,
    workplace_id  UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id       UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- The address as normalised before the scan (scheme added when missing).
    url           TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'success', 'error')),
    error         TEXT,
    result        JSONB,
    progress_id   BIGINT REFERENCES progress_items(id) ON DELETE SET NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at   TIMESTAMPTZ
);
CREATE INDEX store_scans_workplace ON store_scans (workplace_id, created_at DESC);
