-- Issue 19 item 12: every event an owner must act on is a notification of a type; the owner
-- chooses per type whether it shows in the dashboard and whether it is emailed.
ALTER TABLE notifications ADD COLUMN type TEXT;
-- A notification the owner turned off in the dashboard is still written (hidden), so its
-- dedup key keeps a re-run job from emailing it twice.
ALTER TABLE notifications ADD COLUMN shown BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE notification_settings (
    workplace_id UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id      UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type         TEXT NOT NULL,
    in_app       BOOLEAN NOT NULL,
    email        BOOLEAN NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (workplace_id, user_id, type)
);
