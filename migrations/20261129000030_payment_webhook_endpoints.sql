-- The payment vendor's webhook endpoint Dropline registered for this deployment, with the
-- signing secret the vendor gives only when it creates the endpoint (sealed).
CREATE TABLE payment_webhook_endpoints (
    url         TEXT PRIMARY KEY,
    endpoint_id TEXT NOT NULL,
    secret      BYTEA NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
