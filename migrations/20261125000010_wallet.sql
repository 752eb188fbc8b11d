-- The wallet: what a source order's payments, reversals and refunds moved is read per source
-- order (`wallet::ledger::payable_for`, under the wallet lock), so it needs an index.
CREATE INDEX wallet_transactions_source_order ON wallet_transactions (source_order_id) WHERE source_order_id IS NOT NULL;
