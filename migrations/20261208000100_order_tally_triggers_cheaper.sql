-- The tally triggers of `order_tallies` cost more than the statements that fired them: a
-- statement trigger fires even when its statement changed no row, and the SQL functions it
-- called were planned afresh on every call (bench-orders: each order status refresh, 60% of
-- them changing nothing, spent 0.4-0.7 ms in `order_tally_updated` against 0.05 ms of its own).
-- Now the triggers return at once unless a tallied column changed, pass on only the rows that
-- did, and the work is PL/pgSQL, whose statements keep their plans for the session.

CREATE OR REPLACE FUNCTION order_tally_append(removed orders[], added orders[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_tally_changes (workplace_id, source, store_id, day, status, refund_status, marked, n)
    SELECT k.workplace_id, k.source, k.store_id, k.day, k.status, k.refund_status, k.marked, sum(k.n)
    FROM (SELECT * FROM order_tally_keys(removed, -1) UNION ALL SELECT * FROM order_tally_keys(added, 1)) k
    -- A workspace being deleted takes its tallies with it; its cascade adds none.
    WHERE EXISTS (SELECT 1 FROM workplaces w WHERE w.id = k.workplace_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(k.n) <> 0;
END $$;

-- Only rows whose count key changed (status, refund status, marked, archived, store, day
-- ordered, sources, workspace) move tallies.
CREATE OR REPLACE FUNCTION order_tally_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    removed orders[];
    added orders[];
BEGIN
    SELECT array_agg(ROW(o.*)::orders), array_agg(ROW(n.*)::orders) INTO removed, added
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE (o.workplace_id, o.store_id, o.ordered_at, o.status, o.refund_status, o.marked, o.archived, o.sources)
          IS DISTINCT FROM (n.workplace_id, n.store_id, n.ordered_at, n.status, n.refund_status, n.marked, n.archived, n.sources);
    IF removed IS NOT NULL THEN
        PERFORM order_tally_append(removed, added);
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION order_sources_follow(order_ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(order_ids) = 0 THEN
        RETURN;
    END IF;
    UPDATE orders o
    SET sources = ARRAY(SELECT DISTINCT l.source FROM order_line_items l WHERE l.order_id = o.id AND l.source IS NOT NULL ORDER BY 1)
    WHERE o.id = ANY(order_ids)
      AND o.sources IS DISTINCT FROM ARRAY(SELECT DISTINCT l.source FROM order_line_items l WHERE l.order_id = o.id AND l.source IS NOT NULL ORDER BY 1);
END $$;
