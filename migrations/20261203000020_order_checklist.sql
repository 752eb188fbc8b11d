-- The order-focused quick-start checklist (spec section 1): opening the order center and finding
-- a ready order, remembered once done.
ALTER TABLE quick_start_guides
    ADD COLUMN navigate_to_order_center BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN find_ready_order BOOLEAN NOT NULL DEFAULT false;
