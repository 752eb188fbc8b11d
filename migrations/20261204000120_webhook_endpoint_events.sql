-- The events an endpoint Dropline registered listens to, so one registered before Dropline
-- handled more events is brought up to date at the vendor instead of missing them.
ALTER TABLE payment_webhook_endpoints ADD COLUMN enabled_events TEXT NOT NULL DEFAULT '';
