-- A batch of wallet payments booked in one statement (`wallet::debits`). Before, the worker
-- locked the wallets, read the batch's facts, wrote, then committed: four round trips while
-- holding the wallet lock, and under load each one waited for the worker process and its
-- backend to be scheduled again (bench-orders: 43 ms waited per lock, most of the placement
-- run). Run as a statement of its own, outside any explicit transaction, the lock is taken,
-- used and released (at the statement's implicit commit) without the client in between.
--
-- The rules are those of the Rust code it replaced, payment by payment in arrival order:
-- a payment of no amount is refused; one repeating an earlier payment of the batch (same
-- workplace and reference) gets that one's answer; one booked before under its reference gets
-- that transaction; another workplace's supplier order is not found; one the balance cannot
-- cover is refused (bonus first, then top-up); else it is booked: its transaction, its ledger
-- entries and the wallet's cached balances. (It tries the booking first when the balance
-- covers it and the order is the workplace's, and looks for an earlier booking only when the
-- insert finds one or the payment would be refused: the same answers, one probe fewer.) Each statement of this VOLATILE function reads a
-- fresh snapshot, so after the lock it sees every payment booked by the lock's last holder.
-- The commit does not wait for its WAL flush (`charge::debit_for_order` says why that is safe).
CREATE FUNCTION wallet_debit_batch(ws uuid[], refs text[], sos bigint[], amounts bigint[], descriptions text[])
RETURNS TABLE (fate text, same_as int, booked_id bigint, left_cents bigint)
LANGUAGE plpgsql AS $$
DECLARE
    i int;
    earlier int;
    firsts int[];
    prior bigint;
    bonus bigint;
    topup bigint;
    from_bonus bigint;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    -- In one order, so two batches never deadlock.
    PERFORM 1 FROM wallets w WHERE w.workplace_id = ANY(ws) ORDER BY w.workplace_id FOR UPDATE;
    -- Each payment's first occurrence in the batch (by workplace and reference), in one pass.
    firsts := ARRAY(SELECT min(d.n) OVER (PARTITION BY d.w, d.r) FROM unnest(ws, refs) WITH ORDINALITY AS d(w, r, n) ORDER BY d.n);
    FOR i IN 1 .. coalesce(array_length(ws, 1), 0) LOOP
        fate := NULL; same_as := NULL; booked_id := NULL; left_cents := NULL;
        earlier := firsts[i];
        IF amounts[i] IS NULL OR amounts[i] <= 0 THEN
            fate := 'bad_amount';
        ELSIF earlier < i THEN
            fate := 'same';
            same_as := earlier - 1;
        ELSE
            SELECT w.balance_bonus_cents, w.balance_topup_cents INTO bonus, topup FROM wallets w WHERE w.workplace_id = ws[i];
            IF bonus + topup >= amounts[i] AND EXISTS (SELECT 1 FROM source_orders so WHERE so.id = sos[i] AND so.workplace_id = ws[i]) THEN
                -- The reference's unique index says in the same probe whether it was booked
                -- before. (A separate lookup first was planned, on statistics taken while the
                -- table was nearly empty, as a walk of every transaction of the workplace.)
                INSERT INTO wallet_transactions (workplace_id, kind, reference, amount_cents, source_order_id, description)
                VALUES (ws[i], 'order_payment', refs[i], -amounts[i], sos[i], descriptions[i])
                ON CONFLICT (workplace_id, reference) DO NOTHING
                RETURNING id INTO booked_id;
            END IF;
            IF booked_id IS NOT NULL THEN
                from_bonus := least(bonus, amounts[i]);
                INSERT INTO ledger_entries (transaction_id, workplace_id, account, amount_cents)
                SELECT booked_id, ws[i], e.account, e.amount
                FROM (VALUES ('wallet_bonus', -from_bonus), ('wallet_topup', -(amounts[i] - from_bonus)), ('supplier_payable', amounts[i])) AS e(account, amount)
                WHERE e.amount <> 0;
                UPDATE wallets w SET balance_bonus_cents = w.balance_bonus_cents - from_bonus,
                                     balance_topup_cents = w.balance_topup_cents - (amounts[i] - from_bonus),
                                     updated_at = now()
                WHERE w.workplace_id = ws[i];
                fate := 'new';
                left_cents := bonus + topup - amounts[i];
            ELSE
                -- Not booked now: booked before, or refused.
                SELECT t.id INTO prior FROM wallet_transactions t WHERE t.workplace_id = ws[i] AND t.reference = refs[i];
                IF prior IS NOT NULL THEN
                    fate := 'prior';
                    booked_id := prior;
                ELSIF NOT EXISTS (SELECT 1 FROM source_orders so WHERE so.id = sos[i] AND so.workplace_id = ws[i]) THEN
                    fate := 'not_mine';
                ELSE
                    fate := 'insufficient';
                END IF;
            END IF;
        END IF;
        RETURN NEXT;
    END LOOP;
END $$;
