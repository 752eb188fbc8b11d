-- Product video (issue 21): the supplier's video address on the catalogue cache (search cards
-- read it without the detail), the imported product's (the editor can remove it), and what a
-- push sent to a destination that takes video (Shopify): the source address and the media id
-- the destination gave it, so an update push of the same video keeps that media instead of
-- uploading the video again.
ALTER TABLE supplier_products ADD COLUMN video_url TEXT;
ALTER TABLE products ADD COLUMN video_url TEXT;
ALTER TABLE push_targets ADD COLUMN video_source TEXT, ADD COLUMN video_media_id TEXT;
