-- What owners answer in the feedback widget (spec: POST core/mvp/feedback).
CREATE TABLE feedback (
    id           BIGSERIAL PRIMARY KEY,
    workplace_id UUID NOT NULL REFERENCES workplaces (id) ON DELETE CASCADE,
    user_id      UUID NOT NULL,
    rating       SMALLINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    message      TEXT NOT NULL DEFAULT '',
    context      TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX feedback_workplace ON feedback (workplace_id, created_at DESC);
