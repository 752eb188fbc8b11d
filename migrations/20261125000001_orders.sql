-- Orders: store orders in, supplier (source) orders out, the wallet's ledger, automation flows.

-- One row per store order. `(store_id, platform_order_id)` is unique, so a webhook delivered
-- twice and the catch-up sync finding the same order store it once.
CREATE TABLE orders (
    id                  BIGSERIAL PRIMARY KEY,
    workplace_id        UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    store_id            UUID NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    platform            TEXT NOT NULL,
    platform_order_id   TEXT NOT NULL,
    name                TEXT NOT NULL,
    email               TEXT,
    -- name, address1, address2, city, province_code, zip, country_code, phone (editable).
    address             JSONB NOT NULL DEFAULT '{}',
    country_code        TEXT NOT NULL DEFAULT '',
    currency            TEXT NOT NULL DEFAULT 'USD',
    total_cents         BIGINT NOT NULL DEFAULT 0,
    shipping_cents      BIGINT NOT NULL DEFAULT 0,
    ordered_at          TIMESTAMPTZ NOT NULL,
    -- The order center's tab/sub-status, recomputed in every transaction that changes the order
    -- or its source orders: ready, waiting_payment, order_placed, the nine shipment statuses,
    -- cancelled_channel, cancelled_source, failed.
    status              TEXT NOT NULL DEFAULT 'ready',
    refund_status       TEXT CHECK (refund_status IN ('pending', 'accepted', 'rejected', 'completed')),
    channel_cancelled_at TIMESTAMPTZ,
    cancel_reason       TEXT,
    -- update-to-fail: the user gave up on the order; revert clears it.
    failed_at           TIMESTAMPTZ,
    marked              BOOLEAN NOT NULL DEFAULT false,
    archived            BOOLEAN NOT NULL DEFAULT false,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (store_id, platform_order_id)
);
CREATE INDEX orders_by_status ON orders (workplace_id, status, ordered_at DESC, id DESC);
CREATE INDEX orders_by_date ON orders (workplace_id, ordered_at DESC, id DESC);

-- A supplier order: one per store order and source, placed with an idempotency key chosen
-- before the first call, so a retried job or a crash after the supplier answered replays the
-- same supplier order instead of creating a second.
CREATE TABLE source_orders (
    id                  BIGSERIAL PRIMARY KEY,
    workplace_id        UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    order_id            BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    source              TEXT NOT NULL,
    idempotency_key     TEXT NOT NULL UNIQUE,
    -- placing: the job is asking the supplier; paying: a payment is under way.
    status              TEXT NOT NULL DEFAULT 'placing'
                        CHECK (status IN ('placing', 'waiting_payment', 'paying', 'order_placed', 'failed', 'cancelled')),
    order_no            TEXT,
    product_cents       BIGINT NOT NULL DEFAULT 0,
    shipping_cents      BIGINT NOT NULL DEFAULT 0,
    total_cents         BIGINT NOT NULL DEFAULT 0,
    -- The payment the user asked for when placing (create_and_pay): wallet, card or auto.
    pay_with            TEXT CHECK (pay_with IN ('wallet', 'card', 'auto')),
    payment_method      TEXT,
    paid_at             TIMESTAMPTZ,
    error_key           TEXT,
    error               TEXT,
    warning             TEXT CHECK (warning IN ('different_region', 'waiting_complete_order')),
    -- The placement toast: remove / clear hide an item without touching the order.
    toast_dismissed     BOOLEAN NOT NULL DEFAULT false,
    cancelled_at        TIMESTAMPTZ,
    cancel_reason       TEXT CHECK (cancel_reason IN ('customer_changed_or_cancelled_order', 'item_unavailable', 'other')),
    refund_status       TEXT CHECK (refund_status IN ('pending', 'accepted', 'rejected', 'completed')),
    refund_cents        BIGINT,
    lease_until         TIMESTAMPTZ,
    progress_id         BIGINT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- At most one live supplier order per store order and source: a double click places once.
CREATE UNIQUE INDEX source_orders_live ON source_orders (order_id, source) WHERE status NOT IN ('failed', 'cancelled');
CREATE INDEX source_orders_toast ON source_orders (workplace_id, id DESC) WHERE NOT toast_dismissed;
CREATE INDEX source_orders_order ON source_orders (order_id);

CREATE TABLE order_line_items (
    id                    BIGSERIAL PRIMARY KEY,
    order_id              BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    workplace_id          UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    platform_line_item_id TEXT NOT NULL,
    title                 TEXT NOT NULL,
    variant_title         TEXT,
    sku                   TEXT,
    image                 TEXT,
    quantity              INT NOT NULL CHECK (quantity > 0),
    price_cents           BIGINT NOT NULL,
    store_variant_remote_id TEXT,
    -- The supplier variant it is ordered from (NULL: unmapped).
    source                TEXT,
    source_product_id     TEXT,
    sku_id                TEXT,
    cost_cents            BIGINT,
    -- service_name, amount, processing_time, delivery_time.
    shipping_info         JSONB,
    shipping_warehouse    TEXT,
    -- The source said the supplier must change and recommends no other: excluded from placement.
    need_change_supplier  BOOLEAN NOT NULL DEFAULT false,
    disabled              BOOLEAN NOT NULL DEFAULT false,
    source_order_id       BIGINT REFERENCES source_orders(id) ON DELETE SET NULL,
    UNIQUE (order_id, platform_line_item_id)
);
CREATE INDEX order_line_items_source_order ON order_line_items (source_order_id);

CREATE TABLE order_logs (
    id              BIGSERIAL PRIMARY KEY,
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    order_id        BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    source_order_id BIGINT,
    event           TEXT NOT NULL,
    detail          JSONB NOT NULL DEFAULT '{}',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX order_logs_order ON order_logs (order_id, id);

CREATE TABLE order_column_settings (
    workplace_id UUID PRIMARY KEY REFERENCES workplaces(id) ON DELETE CASCADE,
    columns      JSONB NOT NULL
);

-- The wallet. Balances are the sum of ledger entries; `wallets` keeps that sum per account for
-- locking and fast reads, updated in the same transaction as the entries, and its CHECKs make
-- an overdraw impossible even for a buggy caller.
CREATE TABLE wallets (
    workplace_id        UUID PRIMARY KEY REFERENCES workplaces(id) ON DELETE CASCADE,
    balance_topup_cents BIGINT NOT NULL DEFAULT 0 CHECK (balance_topup_cents >= 0),
    balance_bonus_cents BIGINT NOT NULL DEFAULT 0 CHECK (balance_bonus_cents >= 0),
    policy_accepted_at  TIMESTAMPTZ,
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One business event that moves money; `reference` is its natural key (topup:<session>,
-- pay:<source order>, refund:<source order>, ...), so replaying the event books nothing twice.
CREATE TABLE wallet_transactions (
    id              BIGSERIAL PRIMARY KEY,
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('topup', 'bonus', 'order_payment', 'card_payment', 'refund', 'reversal')),
    reference       TEXT NOT NULL,
    -- The change to the wallet's total balance (0 for a card payment).
    amount_cents    BIGINT NOT NULL,
    source_order_id BIGINT REFERENCES source_orders(id) ON DELETE SET NULL,
    description     TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (workplace_id, reference)
);
CREATE INDEX wallet_transactions_list ON wallet_transactions (workplace_id, created_at DESC, id DESC);

-- Double entry: every transaction's entries sum to zero (checked at commit).
CREATE TABLE ledger_entries (
    id             BIGSERIAL PRIMARY KEY,
    transaction_id BIGINT NOT NULL REFERENCES wallet_transactions(id) ON DELETE CASCADE,
    workplace_id   UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    account        TEXT NOT NULL CHECK (account IN ('wallet_topup', 'wallet_bonus', 'vendor_clearing', 'supplier_payable', 'bonus_expense')),
    amount_cents   BIGINT NOT NULL CHECK (amount_cents <> 0)
);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_account ON ledger_entries (workplace_id, account);

CREATE FUNCTION ledger_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_entries WHERE transaction_id = NEW.transaction_id) <> 0 THEN
        RAISE EXCEPTION 'ledger transaction % does not balance', NEW.transaction_id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_balanced();

-- A top-up through the vendor's hosted checkout; credited once, when its signed webhook arrives.
CREATE TABLE wallet_topups (
    id             BIGSERIAL PRIMARY KEY,
    workplace_id   UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    session_id     TEXT NOT NULL UNIQUE,
    amount_cents   BIGINT NOT NULL CHECK (amount_cents > 0),
    status         TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'expired')),
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at   TIMESTAMPTZ
);

-- payment_behavior 'default' = direct payment; method: wallet or card; card = the vendor's
-- saved payment method id.
CREATE TABLE payment_settings (
    workplace_id     UUID PRIMARY KEY REFERENCES workplaces(id) ON DELETE CASCADE,
    payment_behavior TEXT NOT NULL DEFAULT 'default',
    method           TEXT NOT NULL DEFAULT 'wallet' CHECK (method IN ('wallet', 'card', 'paypal', 'credit_card', 'stripe')),
    card_payment_method TEXT,
    card_label       TEXT,
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE order_automation_flows (
    id               BIGSERIAL PRIMARY KEY,
    workplace_id     UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    name             TEXT NOT NULL DEFAULT '',
    trigger          TEXT NOT NULL CHECK (trigger IN ('new_order', 'request_fulfillment')),
    -- [{name: order_item_count|order_value|order_profit_margin, operator: lower_than|equal_to|higher_than, value}]
    conditions       JSONB NOT NULL DEFAULT '[]',
    action           TEXT NOT NULL CHECK (action IN ('create_and_pay', 'create_and_send_confirmation')),
    payment_use      TEXT NOT NULL DEFAULT 'auto' CHECK (payment_use IN ('auto', 'wallet', 'card')),
    payment_method   TEXT,
    status           TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
    schedule         TEXT NOT NULL DEFAULT 'immediately' CHECK (schedule IN ('immediately', 'scheduled')),
    schedule_time    TEXT,
    last_activity_at TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX order_automation_flows_workplace ON order_automation_flows (workplace_id, id);

-- One run per flow and order: an order delivered twice is automated once.
CREATE TABLE order_automation_runs (
    flow_id    BIGINT NOT NULL REFERENCES order_automation_flows(id) ON DELETE CASCADE,
    order_id   BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    outcome    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (flow_id, order_id)
);
