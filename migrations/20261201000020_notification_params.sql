-- The values a notification's text is made of (order name, parcel number, amounts...), so the
-- dashboard writes it in the owner's language; `title`/`body` stay the English text (email, old rows).
ALTER TABLE notifications ADD COLUMN params JSONB NOT NULL DEFAULT '{}';
