-- Every server process keeps recently checked sessions in memory. When a session row goes, for
-- whatever reason (sign-out, a password change ending other sessions, account deletion, expiry
-- clean-up), every process hears it on the events channel and forgets that session at once.
-- The id is the SHA-256 of the token, the key the processes cache by; the token itself never
-- leaves the database.
CREATE FUNCTION notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'verba_events',
    json_build_object(
      'kind', 'session.revoked',
      'userId', OLD.user_id,
      'id', encode(sha256(convert_to(OLD.token, 'UTF8')), 'hex')
    )::text
  );
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_revoked AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION notify_session_revoked();
