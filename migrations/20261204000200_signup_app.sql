-- Which client an account signed up from (the request's `app` header): the marketplace app and
-- the mobile wrapper make marketing users while they have no store (spec sections 3 and 4).
ALTER TABLE users ADD COLUMN signup_app TEXT NOT NULL DEFAULT 'web' CHECK (signup_app IN ('web', 'mobile', 'marketplace'));
