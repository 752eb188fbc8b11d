-- The store owner's own AliExpress account, authorised through the Open Platform's OAuth: its
-- tokens sealed (AES-256-GCM, like store and channel credentials), one account per workplace.
-- access_expires_at is kept in the clear so a renewal can be decided without opening the seal.
CREATE TABLE aliexpress_accounts (
    workplace_id        UUID PRIMARY KEY REFERENCES workplaces(id) ON DELETE CASCADE,
    credentials         BYTEA NOT NULL,
    account             TEXT,
    ae_user_id          TEXT,
    access_expires_at   TIMESTAMPTZ NOT NULL,
    refresh_expires_at  TIMESTAMPTZ,
    connected_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- When ds.order.create was sent for this supplier order. AliExpress documents no key that makes
-- the call idempotent, so a run that finds it set and no order number never sends it again.
ALTER TABLE source_orders ADD COLUMN submitted_at TIMESTAMPTZ;
