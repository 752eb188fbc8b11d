-- Sales channels a workplace connects directly (TikTok Shop, Meta catalogs, Google Merchant
-- Center), the single-use states of their authorisations, and per-channel push settings.
CREATE TABLE channel_connections (
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    channel         TEXT NOT NULL CHECK (channel IN ('tiktok', 'facebook', 'google')),
    -- needs_link: authorised, but the catalog (Meta) or merchant account (Google) is not chosen yet.
    status          TEXT NOT NULL CHECK (status IN ('connected', 'needs_link', 'disconnected')),
    -- Sealed JSON (AES-256-GCM): {access_token, refresh_token?, expires_at?}; NULL once disconnected.
    credentials     BYTEA,
    -- TikTok open_id, Meta business id, Google merchant id.
    account_id      TEXT,
    account_name    TEXT,
    -- Meta catalog id.
    sub_account_id  TEXT,
    -- What the channel told us at connect time: TikTok warehouses, Meta/Google link options.
    details         JSONB NOT NULL DEFAULT '{}',
    connected_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    disconnected_at TIMESTAMPTZ,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (workplace_id, channel)
);

-- Bound to the user and workplace that started the connect, so a callback cannot attach a
-- channel account to anyone else's workplace.
CREATE TABLE channel_oauth_states (
    state_hash      TEXT PRIMARY KEY,
    channel         TEXT NOT NULL,
    user_id         UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    expires_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX channel_oauth_states_expiry ON channel_oauth_states (expires_at);

-- key: a store id (text) or tiktok / facebook / google. No row means the spec's defaults;
-- defaults also fill in any key a saved row lacks.
CREATE TABLE channel_settings (
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    key             TEXT NOT NULL,
    settings        JSONB NOT NULL DEFAULT '{}',
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (workplace_id, key)
);
