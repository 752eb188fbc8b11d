-- Tracking (issue 8): parcels, their carrier status and events, and what was written to the store.

-- The public tracking page's address: unguessable, so one order's page reveals no other.
ALTER TABLE orders ADD COLUMN public_id UUID NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX orders_public_id ON orders (public_id);

-- One parcel: a tracking number on a store order, from the supplier's order, a CSV import or
-- the user. The carrier's status is followed until it ends; each change is written to the store.
CREATE TABLE shipments (
    id               BIGSERIAL PRIMARY KEY,
    workplace_id     UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    order_id         BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    source_order_id  BIGINT REFERENCES source_orders(id) ON DELETE SET NULL,
    tracking_number  TEXT NOT NULL,
    carrier          TEXT,
    carrier_code     BIGINT,
    origin           TEXT NOT NULL CHECK (origin IN ('supplier', 'csv', 'manual')),
    status           TEXT NOT NULL DEFAULT 'not_found'
                     CHECK (status IN ('not_found', 'info_received', 'in_transit', 'available_for_pickup', 'out_for_delivery',
                                       'delivered', 'expired', 'delivery_failure', 'exception')),
    sub_status       TEXT,
    -- [{time, stage, description, location}], newest first, as the carrier reported them.
    events           JSONB NOT NULL DEFAULT '[]',
    last_event_at    TIMESTAMPTZ,
    registered_at    TIMESTAMPTZ,
    checked_at       TIMESTAMPTZ,
    next_check_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    delivered_at     TIMESTAMPTZ,
    -- Write-back: the store's fulfillment (Shopify gid) or tracking item (WooCommerce) made for
    -- this parcel, recorded the moment it exists so a retry updates instead of creating twice.
    store_fulfillment_id TEXT,
    written_status   TEXT,
    writeback_pending BOOLEAN NOT NULL DEFAULT true,
    writeback_error  TEXT,
    written_at       TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (order_id, tracking_number)
);
CREATE INDEX shipments_due ON shipments (next_check_at) WHERE status NOT IN ('delivered', 'expired');
CREATE INDEX shipments_writeback ON shipments (workplace_id, id) WHERE writeback_pending;
CREATE INDEX shipments_order ON shipments (order_id);
CREATE INDEX shipments_workplace ON shipments (workplace_id, status, updated_at DESC);

-- The parcel a line travels in (a multi-supplier order has one parcel per supplier order).
ALTER TABLE order_line_items ADD COLUMN shipment_id BIGINT REFERENCES shipments(id) ON DELETE SET NULL;
ALTER TABLE order_logs ADD COLUMN shipment_id BIGINT REFERENCES shipments(id) ON DELETE CASCADE;
CREATE INDEX order_logs_shipment ON order_logs (shipment_id, id) WHERE shipment_id IS NOT NULL;
