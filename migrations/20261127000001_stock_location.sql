-- Shopify's productSet needs the location each variant's stock is set at (`locationId: ID!`).
-- The store keeps the one Dropline stocks at (the shop's primary, else its first active
-- location), read at connect and again whenever Shopify says it changed or is gone.
ALTER TABLE stores ADD COLUMN stock_location_id TEXT, ADD COLUMN stock_location_name TEXT;
