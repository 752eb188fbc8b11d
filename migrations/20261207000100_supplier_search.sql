-- Find product's filters and sorts read a narrow copy of the catalogue: a supplier product's row
-- is about 2 KB (its detail document lives inline), so a search that visits a few thousand
-- matches touched a page per match. These rows are about 150 bytes, so the whole catalogue
-- of 21,000 products is some 700 pages. Kept by the trigger below on every write of a product;
-- a product's removal cascades.
CREATE TABLE supplier_search (
    source            text    NOT NULL,
    source_product_id text    NOT NULL,
    search            tsvector NOT NULL,
    category_id       integer,
    price_cents       bigint  NOT NULL,
    orders            integer NOT NULL,
    rating            real,
    collections       text[]  NOT NULL,
    ship_from         text,
    ships_to          text[],
    us_shipping_cents bigint,
    us_min_days       integer,
    us_max_days       integer,
    profit_cents      bigint,
    PRIMARY KEY (source, source_product_id),
    FOREIGN KEY (source, source_product_id) REFERENCES supplier_products (source, source_product_id) ON DELETE CASCADE
);

-- One index per sort of the spec (orders, price, profit, shipping cost, shipping time) and
-- for the keyword and collection filters.
CREATE INDEX supplier_search_search ON supplier_search USING GIN (search);
CREATE INDEX supplier_search_collections ON supplier_search USING GIN (collections);
CREATE INDEX supplier_search_orders ON supplier_search (orders DESC);
CREATE INDEX supplier_search_price ON supplier_search (price_cents);
CREATE INDEX supplier_search_profit ON supplier_search (profit_cents DESC);
CREATE INDEX supplier_search_us_shipping ON supplier_search (us_shipping_cents);
CREATE INDEX supplier_search_us_days ON supplier_search (us_min_days);

CREATE FUNCTION supplier_search_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO supplier_search (source, source_product_id, search, category_id, price_cents, orders, rating, collections,
                                 ship_from, ships_to, us_shipping_cents, us_min_days, us_max_days, profit_cents)
    VALUES (NEW.source, NEW.source_product_id, NEW.search, NEW.category_id, NEW.price_cents, NEW.orders, NEW.rating,
            NEW.collections, NEW.ship_from, NEW.ships_to, NEW.us_shipping_cents, NEW.us_min_days, NEW.us_max_days,
            NEW.profit_cents)
    ON CONFLICT (source, source_product_id) DO UPDATE SET
        search = EXCLUDED.search, category_id = EXCLUDED.category_id, price_cents = EXCLUDED.price_cents,
        orders = EXCLUDED.orders, rating = EXCLUDED.rating, collections = EXCLUDED.collections,
        ship_from = EXCLUDED.ship_from, ships_to = EXCLUDED.ships_to, us_shipping_cents = EXCLUDED.us_shipping_cents,
        us_min_days = EXCLUDED.us_min_days, us_max_days = EXCLUDED.us_max_days, profit_cents = EXCLUDED.profit_cents;
    RETURN NULL;
END $$;

CREATE TRIGGER supplier_search_insert AFTER INSERT ON supplier_products
    FOR EACH ROW EXECUTE FUNCTION supplier_search_keep();
-- Writes that change none of the searched columns (a fetched detail, an image fingerprint)
-- leave the copy alone.
CREATE TRIGGER supplier_search_update AFTER UPDATE ON supplier_products
    FOR EACH ROW
    WHEN ((OLD.title, OLD.category_id, OLD.price_cents, OLD.orders, OLD.rating, OLD.collections, OLD.ship_from, OLD.ships_to,
           OLD.us_shipping_cents, OLD.us_min_days, OLD.us_max_days, OLD.profit_cents)
          IS DISTINCT FROM
          (NEW.title, NEW.category_id, NEW.price_cents, NEW.orders, NEW.rating, NEW.collections, NEW.ship_from, NEW.ships_to,
           NEW.us_shipping_cents, NEW.us_min_days, NEW.us_max_days, NEW.profit_cents))
    EXECUTE FUNCTION supplier_search_keep();

INSERT INTO supplier_search (source, source_product_id, search, category_id, price_cents, orders, rating, collections,
                             ship_from, ships_to, us_shipping_cents, us_min_days, us_max_days, profit_cents)
SELECT source, source_product_id, search, category_id, price_cents, orders, rating, collections,
       ship_from, ships_to, us_shipping_cents, us_min_days, us_max_days, profit_cents
FROM supplier_products;
