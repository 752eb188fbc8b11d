-- Connected stores (Shopify, WooCommerce), the single-use states of their install flows, and
-- the webhooks they send us.
CREATE TABLE stores (
    id                  UUID PRIMARY KEY,
    workplace_id        UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    owner_id            UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    platform            TEXT NOT NULL CHECK (platform IN ('shopify', 'woocommerce')),
    -- acme.myshopify.com, or a WooCommerce store's host and path without scheme.
    platform_domain     TEXT NOT NULL,
    -- Where the platform's API is called (scheme included).
    api_base            TEXT NOT NULL,
    name                TEXT NOT NULL DEFAULT '',
    currency            TEXT NOT NULL DEFAULT 'USD',
    -- Sealed JSON (AES-256-GCM): {access_token} or {consumer_key, consumer_secret}.
    credentials         BYTEA NOT NULL,
    -- Sealed secret WooCommerce signs our webhooks with (Shopify uses the app secret).
    webhook_secret      BYTEA,
    status              TEXT NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'disconnected')),
    setup               TEXT NOT NULL DEFAULT 'pending' CHECK (setup IN ('pending', 'ready', 'error')),
    setup_error         TEXT,
    is_default          BOOLEAN NOT NULL DEFAULT false,
    publications        JSONB NOT NULL DEFAULT '[]',
    external_channels   JSONB NOT NULL DEFAULT '[]',
    publications_read_at TIMESTAMPTZ,
    connected_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    disconnected_at     TIMESTAMPTZ,
    removed_at          TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- A store is connected to one account at a time: the second owner's insert fails here even
-- when two installs race.
CREATE UNIQUE INDEX stores_one_live_owner ON stores (platform, platform_domain)
    WHERE status = 'connected' AND removed_at IS NULL;
CREATE UNIQUE INDEX stores_one_default ON stores (workplace_id) WHERE is_default AND removed_at IS NULL;
CREATE INDEX stores_workplace ON stores (workplace_id) WHERE removed_at IS NULL;
CREATE INDEX stores_domain ON stores (platform_domain);

CREATE TABLE store_install_states (
    state_hash      TEXT PRIMARY KEY,
    platform        TEXT NOT NULL,
    user_id         UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    platform_domain TEXT NOT NULL,
    api_base        TEXT NOT NULL,
    -- Set when WooCommerce has posted the keys: the browser's return then finds the store.
    store_id        UUID REFERENCES stores(id) ON DELETE CASCADE,
    expires_at      TIMESTAMPTZ NOT NULL
);

CREATE TABLE webhook_events (
    id              BIGSERIAL PRIMARY KEY,
    platform        TEXT NOT NULL,
    -- X-Shopify-Webhook-Id or X-WC-Webhook-Delivery-ID: a redelivery carries the same one.
    delivery_id     TEXT NOT NULL,
    topic           TEXT NOT NULL,
    store_id        UUID REFERENCES stores(id) ON DELETE SET NULL,
    shop_domain     TEXT NOT NULL,
    body            TEXT NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    processed_at    TIMESTAMPTZ,
    outcome         TEXT,
    UNIQUE (platform, delivery_id)
);
CREATE INDEX webhook_events_store ON webhook_events (store_id, received_at DESC);
