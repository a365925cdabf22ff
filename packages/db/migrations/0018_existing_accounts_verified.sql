-- Accounts made before email verification existed never got the chance to confirm their address:
-- they count as confirmed, so turning REQUIRE_EMAIL_VERIFICATION on never locks them out.
UPDATE "user" SET "email_verified" = true WHERE "email_verified" = false;
