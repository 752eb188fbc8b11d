-- The image library of each workplace (spec: Gallery image; at most 250 a workplace, 2 MB each).
-- The files live in the object store (`domain::gallery`) under the two keys; a key is
-- `<workplace_id>/<random>.<ext>`, and the file route serves only a key found here.
CREATE TABLE gallery_images (
    id            UUID PRIMARY KEY,
    workplace_id  UUID NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    size_bytes    BIGINT NOT NULL CHECK (size_bytes >= 0),
    width         INT NOT NULL CHECK (width > 0),
    height        INT NOT NULL CHECK (height > 0),
    original_key  TEXT NOT NULL UNIQUE,
    thumbnail_key TEXT NOT NULL UNIQUE,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX gallery_images_listing ON gallery_images (workplace_id, created_at DESC, id DESC);
