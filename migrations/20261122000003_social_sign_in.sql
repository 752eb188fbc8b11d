-- Google and Facebook sign-in: the provider's account behind a Dropline user, and the
-- single-use `state` values that tie a callback to the sign-in that started it.
CREATE TABLE social_identities (
    provider    TEXT NOT NULL CHECK (provider IN ('google', 'facebook')),
    subject     TEXT NOT NULL,
    user_id     UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, subject)
);
CREATE INDEX social_identities_user ON social_identities (user_id);

CREATE TABLE oauth_states (
    state_hash  TEXT PRIMARY KEY,
    provider    TEXT NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL
);
