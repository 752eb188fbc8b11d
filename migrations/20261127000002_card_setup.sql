-- Saving a card on the payment vendor's page (Checkout in setup mode): the workplace's vendor
-- customer, which its saved card belongs to and is charged with, and each setup session started,
-- so the vendor's webhook saves the card once and only for the workplace that asked.
ALTER TABLE payment_settings ADD COLUMN card_customer TEXT;

CREATE TABLE card_setups (
    session_id   TEXT PRIMARY KEY,
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    customer     TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at TIMESTAMPTZ
);
