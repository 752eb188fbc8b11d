-- Accounts, workplaces and everything the signed-in shell needs.
CREATE TABLE users (
    id              UUID PRIMARY KEY,
    email           TEXT NOT NULL,
    password_hash   TEXT,                      -- NULL for social-only accounts
    first_name      TEXT NOT NULL DEFAULT '',
    last_name       TEXT NOT NULL DEFAULT '',
    avatar          TEXT,
    language        TEXT NOT NULL DEFAULT 'en',
    email_verified_at TIMESTAMPTZ,
    verification_code TEXT,                    -- sha256 of the emailed code
    remaining_meta_keys TEXT[] NOT NULL DEFAULT ARRAY['ONBOARDING', 'QUICK_START_GUIDE', 'WELCOME_TOUR'],
    first_time_in_app_at TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE workplaces (
    id          UUID PRIMARY KEY,
    owner_id    UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    currency    TEXT NOT NULL DEFAULT 'USD',
    plan_key    TEXT NOT NULL DEFAULT 'FREE_ORDER_FULFILLMENT_2',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX workplaces_owner ON workplaces (owner_id, created_at);

CREATE TABLE workplace_members (
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id      UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (workplace_id, user_id)
);
CREATE INDEX workplace_members_user ON workplace_members (user_id);

-- Bearer tokens: only a sha256 of the token is stored, so a database leak leaks no session.
CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY,
    user_id     UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at  TIMESTAMPTZ NOT NULL,
    revoked_at  TIMESTAMPTZ
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE password_resets (
    token_hash  TEXT PRIMARY KEY,
    user_id     UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ
);

-- Failed sign-ins, counted per account and per client address for RATE_LIMIT.
CREATE TABLE login_failures (
    id          BIGSERIAL PRIMARY KEY,
    email       TEXT NOT NULL,
    client_addr TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email ON login_failures (lower(email), created_at);
CREATE INDEX login_failures_addr ON login_failures (client_addr, created_at);

-- Every email the product sends is written here first (outbox), then delivered by a job.
CREATE TABLE email_outbox (
    id          BIGSERIAL PRIMARY KEY,
    to_address  TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    link        TEXT,
    sent_at     TIMESTAMPTZ,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX email_outbox_to ON email_outbox (lower(to_address), id DESC);

CREATE TABLE notifications (
    id           BIGSERIAL PRIMARY KEY,
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id      UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('product', 'supplier', 'order', 'general')),
    title        TEXT NOT NULL,
    body         TEXT NOT NULL DEFAULT '',
    read_at      TIMESTAMPTZ,
    dedup_key    TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user ON notifications (workplace_id, user_id, created_at DESC);
-- A re-run job must not notify twice.
CREATE UNIQUE INDEX notifications_dedup ON notifications (user_id, dedup_key) WHERE dedup_key IS NOT NULL;

CREATE TABLE quick_start_guides (
    workplace_id    UUID PRIMARY KEY REFERENCES workplaces(id) ON DELETE CASCADE,
    dismiss         BOOLEAN NOT NULL DEFAULT false,
    find_and_import BOOLEAN NOT NULL DEFAULT false,
    push_product    BOOLEAN NOT NULL DEFAULT false,
    place_order     BOOLEAN NOT NULL DEFAULT false,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
