-- AI product writing: each workplace's OpenAI-compatible chat-completions service (OpenAI, or a
-- local server speaking the same protocol) and the style, tone and language it writes in by
-- default. The key is sealed (crypto::Sealer) and never read back to the dashboard.
CREATE TABLE ai_writing_settings (
    workplace_id UUID PRIMARY KEY REFERENCES workplaces (id) ON DELETE CASCADE,
    base_url TEXT NOT NULL,
    model TEXT NOT NULL,
    api_key BYTEA,
    style TEXT NOT NULL DEFAULT 'highlight' CHECK (style IN ('highlight', 'simple', 'minimalism', 'storytelling')),
    tone TEXT NOT NULL DEFAULT 'persuasive' CHECK (tone IN ('persuasive', 'expert', 'daring', 'playful', 'sophisticated', 'supportive')),
    language TEXT NOT NULL DEFAULT 'en',
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
