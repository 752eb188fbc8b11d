-- Write-backs of one order run one at a time: a run holds the order until then (a lease, not
-- a held database connection, so runs waiting on a store's rate limit keep no connection).
ALTER TABLE orders ADD COLUMN writeback_lease_until TIMESTAMPTZ;
