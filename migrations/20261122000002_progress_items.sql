-- The job backlog and every job's visible progress. PostgreSQL is the source of truth: a row is
-- written in the same transaction as the change that needs it, the dispatcher feeds Redis from
-- here with a bounded depth, and a row still `queued` after its grace period is pushed again.
CREATE TABLE progress_items (
    id             BIGSERIAL PRIMARY KEY,
    workplace_id   UUID REFERENCES workplaces(id) ON DELETE CASCADE,
    kind           TEXT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'queued'
                   CHECK (status IN ('queued', 'processing', 'success', 'error')),
    payload        JSONB NOT NULL DEFAULT '{}',
    refs           JSONB NOT NULL DEFAULT '{}',
    error          TEXT,
    attempts       INT NOT NULL DEFAULT 0,
    max_attempts   INT NOT NULL DEFAULT 5,
    run_after      TIMESTAMPTZ NOT NULL DEFAULT now(),
    dispatched_at  TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at    TIMESTAMPTZ
);
CREATE INDEX progress_items_backlog ON progress_items (kind, id) WHERE status = 'queued';
CREATE INDEX progress_items_running ON progress_items (updated_at) WHERE status = 'processing';
CREATE INDEX progress_items_workplace ON progress_items (workplace_id, kind, id DESC);
