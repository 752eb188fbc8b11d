-- Sign-in failures are counted per (client address, email) pair and per address, never per
-- email alone: the old per-email index served only the account-wide lockout, which let anyone
-- lock an owner out.
DROP INDEX IF EXISTS login_failures_email;
CREATE INDEX login_failures_pair ON login_failures (client_addr, email, created_at);
