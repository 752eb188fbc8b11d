-- Image fingerprints of each supplier product's main image, for search by image.
ALTER TABLE supplier_products ADD COLUMN image_dhash BIGINT, ADD COLUMN image_color SMALLINT[];
