-- Paid plans through the payment vendor (issue 20). A workplace's subscription as last read from
-- the vendor, each vendor event applied once, the checkouts Dropline opened, and the invoices
-- and payments seen (the payment logs).

-- When set, usage cycles count from here (the paid period's start), so a renewal resets usage.
ALTER TABLE workplaces ADD COLUMN plan_period_start TIMESTAMPTZ NULL;

CREATE TABLE workplace_subscriptions (
    workplace_id          UUID PRIMARY KEY REFERENCES workplaces(id) ON DELETE CASCADE,
    provider              TEXT NOT NULL DEFAULT 'stripe' CHECK (provider IN ('stripe', 'shopify')),
    customer_id           TEXT NULL,
    subscription_id       TEXT NULL UNIQUE,
    plan_key              TEXT NULL,
    -- The vendor's status (active, past_due, canceled, ...), or 'none' before the first one.
    status                TEXT NOT NULL DEFAULT 'none',
    current_period_start  TIMESTAMPTZ NULL,
    current_period_end    TIMESTAMPTZ NULL,
    cancel_at_period_end  BOOLEAN NOT NULL DEFAULT false,
    -- A downgrade that takes effect when the paid period ends.
    pending_plan_key      TEXT NULL,
    -- A failed renewal keeps the plan until then; afterwards the free plan.
    grace_until           TIMESTAMPTZ NULL,
    -- The owner asked that the next automatic retry of a failed renewal is not made.
    skip_retry            BOOLEAN NOT NULL DEFAULT false,
    next_charge_cents     BIGINT NULL,
    currency              TEXT NULL,
    vendor_state          JSONB NULL,
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX workplace_subscriptions_customer ON workplace_subscriptions (customer_id);
CREATE INDEX workplace_subscriptions_grace ON workplace_subscriptions (grace_until) WHERE grace_until IS NOT NULL;

-- A vendor event id is applied once, however often it is delivered.
CREATE TABLE billing_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    workplace_id UUID NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    applied_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Checkout Sessions Dropline opened for plans, extra quota and the plan's card.
CREATE TABLE billing_checkouts (
    session_id   TEXT PRIMARY KEY,
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    purpose      TEXT NOT NULL CHECK (purpose IN ('subscription', 'setup', 'extra')),
    plan_key     TEXT NULL,
    feature      TEXT NULL,
    units        BIGINT NULL,
    amount_cents BIGINT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at TIMESTAMPTZ NULL
);
CREATE INDEX billing_checkouts_workplace ON billing_checkouts (workplace_id, created_at);

-- Extra units bought for the cycle that was running (they end with it).
CREATE TABLE feature_extras (
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    feature      TEXT NOT NULL,
    period_start TIMESTAMPTZ NOT NULL,
    units        BIGINT NOT NULL DEFAULT 0 CHECK (units >= 0),
    PRIMARY KEY (workplace_id, feature, period_start)
);

-- The payment logs: invoices, one-off payments, refunds and disputes, one row per vendor object
-- and kind.
CREATE TABLE billing_payments (
    id           BIGSERIAL PRIMARY KEY,
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    vendor_id    TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('subscription', 'extra', 'refund', 'dispute')),
    description  TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    currency     TEXT NOT NULL,
    status       TEXT NOT NULL,
    charge_id    TEXT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (workplace_id, vendor_id, kind)
);
CREATE INDEX billing_payments_list ON billing_payments (workplace_id, created_at DESC, id DESC);
