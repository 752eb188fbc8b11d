-- The spec's per-user payment_mode: `live` pays with the vendor's live keys, `sandbox` with its
-- test keys (an owner trying with test cards). A workplace's vendor customer belongs to one mode.
ALTER TABLE users ADD COLUMN payment_mode TEXT NOT NULL DEFAULT 'live' CHECK (payment_mode IN ('sandbox', 'live'));
ALTER TABLE workplace_subscriptions ADD COLUMN livemode BOOLEAN NOT NULL DEFAULT false;
