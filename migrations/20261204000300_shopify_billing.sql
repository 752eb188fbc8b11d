-- Plans billed through Shopify (issue 20): a store installed from Shopify's admin is billed
-- through Shopify's Billing API, as Shopify requires of apps sold to its merchants.
ALTER TABLE stores ADD COLUMN installed_from TEXT NOT NULL DEFAULT 'dropline'
    CHECK (installed_from IN ('dropline', 'shopify'));

-- The app subscriptions Dropline asked a shop's merchant to approve, each for one plan of one
-- workplace: an app_subscriptions/update webhook is applied only to the workplace that asked,
-- and only when it is newer than the last one applied (Shopify's updated_at).
CREATE TABLE shopify_app_subscriptions (
    subscription_id TEXT PRIMARY KEY,
    workplace_id    UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    store_id        UUID NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    plan_key        TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'PENDING',
    status_at       TIMESTAMPTZ NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX shopify_app_subscriptions_workplace ON shopify_app_subscriptions (workplace_id, created_at DESC);
