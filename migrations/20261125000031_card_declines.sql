-- Declined card payments of a supplier order. The vendor replays an idempotency key's first
-- answer (a decline included) and refuses the key with other parameters, so paying again after
-- a decline (another card) needs a new key: attempt n+1 uses `dropline-so-<id>-<n+1>`. Only a
-- decline, which took no money, moves to a new key; a crash after a successful charge retries
-- the same key and books the replayed charge once.
CREATE TABLE card_payment_declines (
    source_order_id BIGINT NOT NULL REFERENCES source_orders(id) ON DELETE CASCADE,
    attempt         INT NOT NULL,
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    payment_method  TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source_order_id, attempt)
);
