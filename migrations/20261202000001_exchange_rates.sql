-- USD exchange rates, keyed as the spec says: USD plus the currency code ("USDAUD"). One USD
-- buys `rate` of the currency. Refreshed by the worker's exchange_rates_refresh job.
CREATE TABLE exchange_rates (
    pair        TEXT PRIMARY KEY CHECK (pair ~ '^USD[A-Z]{3}$'),
    rate        DOUBLE PRECISION NOT NULL CHECK (rate > 0),
    -- when the source quoted it, and when Dropline stored it
    quoted_at   TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
