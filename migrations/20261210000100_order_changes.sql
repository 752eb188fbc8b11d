-- Which transactions changed what a workspace's order center shows (`orders::memo`). The api
-- keeps order-list pages and counts in memory with the snapshot they were read after, and
-- serves one again only when no transaction that snapshot did not see has committed a change
-- for the workspace since: one probe of this log's index instead of about 1 ms of PostgreSQL
-- CPU per page (issue 22). One row per (workspace, transaction), so a transaction of many
-- statements adds one row and no two transactions ever write the same row (no hot row).
CREATE TABLE order_changes (
    -- The nil UUID stands for every workspace (exchange rates).
    workplace_id UUID NOT NULL,
    xid          XID8 NOT NULL,
    PRIMARY KEY (workplace_id, xid)
);

-- Rows of transactions older than `xid` have been pruned: a snapshot whose xmin is below it
-- can no longer be checked, and its answer is read again.
CREATE TABLE order_changes_horizon (
    one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
    xid XID8 NOT NULL
);
INSERT INTO order_changes_horizon (xid) VALUES ('0');

-- Statement triggers: the transition table `changed` holds the statement's rows (new rows for
-- INSERT, old ones for DELETE); a statement that touched no row logs nothing.
CREATE FUNCTION order_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_changes (workplace_id, xid)
    SELECT DISTINCT workplace_id, pg_current_xact_id() FROM changed
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;

-- An update logs the workspace of the rows before and after it (a store reconnected into
-- another workspace changes what both show).
CREATE FUNCTION order_changes_log_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_changes (workplace_id, xid)
    SELECT workplace_id, pg_current_xact_id() FROM (SELECT workplace_id FROM changed UNION SELECT workplace_id FROM gone) w
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;

-- Exchange rates are every workspace's: any change to them logs the nil workspace.
CREATE FUNCTION order_changes_log_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_changes (workplace_id, xid) VALUES ('00000000-0000-0000-0000-000000000000', pg_current_xact_id())
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;

-- The tables an order page or count reads (orders, their lines, supplier orders, parcels, the
-- store's name; the tallies change only with orders). A trigger names one event when it has a
-- transition table, hence three per table.
DO $$
DECLARE
    t TEXT;
BEGIN
    FOREACH t IN ARRAY ARRAY['orders', 'order_line_items', 'source_orders', 'shipments'] LOOP
        EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_changes_log()', t || '_changes_ins', t);
        EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_changes_log_update()', t || '_changes_upd', t);
        EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_changes_log()', t || '_changes_del', t);
    END LOOP;
END $$;

-- A store's rename shows on its orders; a new or removed store changes no order row.
CREATE TRIGGER stores_changes_upd AFTER UPDATE ON stores REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_changes_log_update();

CREATE TRIGGER exchange_rates_changes AFTER INSERT OR UPDATE OR DELETE ON exchange_rates FOR EACH STATEMENT EXECUTE FUNCTION order_changes_log_all();

-- Drops the rows of every finished transaction and raises the horizon past them (the worker's
-- tick). The rows and the horizon change in one transaction, so a check sees both or neither.
CREATE FUNCTION order_changes_prune() RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
    h XID8 := pg_snapshot_xmin(pg_current_snapshot());
    n BIGINT;
BEGIN
    DELETE FROM order_changes WHERE xid < h;
    GET DIAGNOSTICS n = ROW_COUNT;
    UPDATE order_changes_horizon SET xid = greatest(xid, h);
    RETURN n;
END $$;
