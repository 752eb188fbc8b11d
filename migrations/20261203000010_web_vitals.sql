-- Web vitals the dashboard reports when a page load misses a threshold of the spec (LCP over
-- 2500 ms, CLS over 0.1, INP over 200 ms): what the owner's browser measured, on which page.
CREATE TABLE web_vitals (
    id           BIGSERIAL PRIMARY KEY,
    workplace_id UUID NOT NULL REFERENCES workplaces (id) ON DELETE CASCADE,
    user_id      UUID NOT NULL,
    path         TEXT NOT NULL,
    lcp_ms       DOUBLE PRECISION,
    cls          DOUBLE PRECISION,
    inp_ms       DOUBLE PRECISION,
    browser      TEXT NOT NULL DEFAULT '',
    network      TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX web_vitals_workplace ON web_vitals (workplace_id, created_at DESC);
