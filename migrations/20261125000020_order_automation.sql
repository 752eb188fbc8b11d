-- Order automation: a flow may listen to both triggers (`when.types` is a list), so the list is
-- kept whole; `trigger` keeps the first for readers of the original column.
ALTER TABLE order_automation_flows ADD COLUMN triggers TEXT[] NOT NULL DEFAULT '{}';
UPDATE order_automation_flows SET triggers = ARRAY[trigger];
CREATE INDEX order_automation_flows_active ON order_automation_flows (workplace_id) WHERE status = 'active';
-- Runs of `scheduled` flows wait (outcome 'pending') for the flow's time of day.
CREATE INDEX order_automation_runs_pending ON order_automation_runs (flow_id) WHERE outcome = 'pending';
-- A refund asked of the supplier, and when the sync last looked at it.
ALTER TABLE source_orders ADD COLUMN refund_requested_at TIMESTAMPTZ, ADD COLUMN refund_reason TEXT, ADD COLUMN refund_checked_at TIMESTAMPTZ;
CREATE INDEX source_orders_refund_open ON source_orders (refund_checked_at NULLS FIRST) WHERE refund_status IN ('pending', 'accepted');
