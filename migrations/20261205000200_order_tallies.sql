-- Exact order-center counts without counting orders (issue 22). Counting the orders of a tab
-- visits every one of them (10 to 175 ms at 200,000 orders); instead every change to an order
-- appends what it added and removed per count key to `order_tally_changes`, and reads sum those
-- keys. Appending, never updating one counter row, keeps placements of one workspace from
-- queueing on a hot row; `domain::orders::tally::fold` moves changes into `order_tallies` now
-- and then so a read sums a few thousand rows at most. A count key is what the order center
-- filters counts by: store, day ordered (UTC, the list's date range), status, refund status,
-- marked, and one supplier source of the order's lines ('' counts the order once, whatever its
-- sources). Archived orders count nowhere.

-- The distinct supplier sources of an order's lines, kept by the triggers below: the list's
-- `source` filter reads it instead of probing the lines of every order.
ALTER TABLE orders ADD COLUMN sources TEXT[] NOT NULL DEFAULT '{}';
UPDATE orders o SET sources = s.sources
FROM (SELECT order_id, array_agg(DISTINCT source ORDER BY source) AS sources
      FROM order_line_items WHERE source IS NOT NULL GROUP BY order_id) s
WHERE s.order_id = o.id;
CREATE INDEX orders_live_sources ON orders USING gin (sources) WHERE NOT archived;

CREATE TABLE order_tallies (
    workplace_id  UUID NOT NULL,
    source        TEXT NOT NULL,
    store_id      UUID NOT NULL,
    day           DATE NOT NULL,
    status        TEXT NOT NULL,
    refund_status TEXT,
    marked        BOOLEAN NOT NULL,
    n             BIGINT NOT NULL,
    UNIQUE NULLS NOT DISTINCT (workplace_id, source, store_id, day, status, refund_status, marked)
);
CREATE TABLE order_tally_changes (
    workplace_id  UUID NOT NULL,
    source        TEXT NOT NULL,
    store_id      UUID NOT NULL,
    day           DATE NOT NULL,
    status        TEXT NOT NULL,
    refund_status TEXT,
    marked        BOOLEAN NOT NULL,
    n             BIGINT NOT NULL
);
CREATE INDEX order_tally_changes_workplace ON order_tally_changes (workplace_id, source);

-- The count keys of a set of order rows, each with `sign` (+1 added, -1 removed).
CREATE FUNCTION order_tally_keys(rows orders[], sign BIGINT)
RETURNS TABLE (workplace_id UUID, source TEXT, store_id UUID, day DATE, status TEXT, refund_status TEXT, marked BOOLEAN, n BIGINT)
LANGUAGE sql STABLE AS $$
    SELECT o.workplace_id, s.source, o.store_id, (o.ordered_at AT TIME ZONE 'UTC')::date, o.status, o.refund_status, o.marked, sign
    FROM unnest(rows) o CROSS JOIN LATERAL unnest(array_prepend('', o.sources)) AS s(source)
    WHERE NOT o.archived
$$;

-- Appends the net change per key of one statement (keys that did not change add nothing).
CREATE FUNCTION order_tally_append(removed orders[], added orders[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO order_tally_changes (workplace_id, source, store_id, day, status, refund_status, marked, n)
    SELECT workplace_id, source, store_id, day, status, refund_status, marked, sum(n)
    FROM (SELECT * FROM order_tally_keys(removed, -1) UNION ALL SELECT * FROM order_tally_keys(added, 1)) k
    -- A workspace being deleted takes its tallies with it (below); its cascade adds none.
    WHERE EXISTS (SELECT 1 FROM workplaces w WHERE w.id = k.workplace_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(n) <> 0
$$;

CREATE FUNCTION order_tally_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM order_tally_append('{}'::orders[], ARRAY(SELECT ROW(n.*)::orders FROM new_orders n));
    RETURN NULL;
END $$;
CREATE FUNCTION order_tally_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM order_tally_append(ARRAY(SELECT ROW(o.*)::orders FROM old_orders o), ARRAY(SELECT ROW(n.*)::orders FROM new_orders n));
    RETURN NULL;
END $$;
CREATE FUNCTION order_tally_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM order_tally_append(ARRAY(SELECT ROW(o.*)::orders FROM old_orders o), '{}'::orders[]);
    RETURN NULL;
END $$;
-- Statement triggers with transition tables: a bulk insert or update appends one row per key,
-- not one per order.
CREATE TRIGGER order_tally_inserted AFTER INSERT ON orders
    REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_tally_inserted();
CREATE TRIGGER order_tally_updated AFTER UPDATE ON orders
    REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_tally_updated();
CREATE TRIGGER order_tally_deleted AFTER DELETE ON orders
    REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION order_tally_deleted();

-- Lines added, moved to another supplier or removed: the order's `sources` follow (which moves
-- its per-source tallies through the update trigger above).
CREATE FUNCTION order_sources_follow(order_ids BIGINT[]) RETURNS void LANGUAGE sql AS $$
    UPDATE orders o
    SET sources = ARRAY(SELECT DISTINCT l.source FROM order_line_items l WHERE l.order_id = o.id AND l.source IS NOT NULL ORDER BY 1)
    WHERE o.id = ANY(order_ids)
      AND o.sources IS DISTINCT FROM ARRAY(SELECT DISTINCT l.source FROM order_line_items l WHERE l.order_id = o.id AND l.source IS NOT NULL ORDER BY 1)
$$;
CREATE FUNCTION order_lines_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM order_sources_follow(ARRAY(SELECT DISTINCT order_id FROM new_lines));
    RETURN NULL;
END $$;
CREATE FUNCTION order_lines_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM order_sources_follow(ARRAY(
        SELECT DISTINCT n.order_id FROM new_lines n JOIN old_lines o ON o.id = n.id WHERE o.source IS DISTINCT FROM n.source));
    RETURN NULL;
END $$;
CREATE FUNCTION order_lines_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM order_sources_follow(ARRAY(SELECT DISTINCT order_id FROM old_lines));
    RETURN NULL;
END $$;
CREATE TRIGGER order_lines_inserted AFTER INSERT ON order_line_items
    REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_inserted();
CREATE TRIGGER order_lines_updated AFTER UPDATE ON order_line_items
    REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_updated();
CREATE TRIGGER order_lines_deleted AFTER DELETE ON order_line_items
    REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_deleted();

CREATE FUNCTION order_tally_workplace_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM order_tallies t USING old_workplaces w WHERE t.workplace_id = w.id;
    DELETE FROM order_tally_changes t USING old_workplaces w WHERE t.workplace_id = w.id;
    RETURN NULL;
END $$;
CREATE TRIGGER order_tally_workplace_gone AFTER DELETE ON workplaces
    REFERENCING OLD TABLE AS old_workplaces FOR EACH STATEMENT EXECUTE FUNCTION order_tally_workplace_gone();

-- The orders already stored.
INSERT INTO order_tallies (workplace_id, source, store_id, day, status, refund_status, marked, n)
SELECT o.workplace_id, s.source, o.store_id, (o.ordered_at AT TIME ZONE 'UTC')::date, o.status, o.refund_status, o.marked, count(*)
FROM orders o CROSS JOIN LATERAL unnest(array_prepend('', o.sources)) AS s(source)
WHERE NOT o.archived
GROUP BY 1, 2, 3, 4, 5, 6, 7;
