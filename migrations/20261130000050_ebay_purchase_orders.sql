-- eBay orders (Buy Order API v2, guest checkout): placing one makes a checkout session, kept as
-- `order_no`; the owner pays it in eBay's checkout, whose purchase order is then kept here, so
-- the status sync reads the purchase order while the session stays the order's reference.
ALTER TABLE source_orders ADD COLUMN purchase_order_id TEXT;
CREATE INDEX source_orders_ebay_purchase ON source_orders (workplace_id) WHERE source = 'ebay' AND purchase_order_id IS NOT NULL;
