-- A session's words and items (about 8 and 14 kB for an infinity round) are compressed when
-- stored, on every start and on every answer that rewrites the items. lz4 does that in a third
-- of pglz's time (docs/performance.md). Servers built without lz4, the embedded database among
-- them, keep pglz.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_settings
    WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)
  ) THEN
    ALTER TABLE "daily_practice_sessions"
      ALTER COLUMN "words" SET COMPRESSION lz4,
      ALTER COLUMN "items" SET COMPRESSION lz4;
  END IF;
END $$;
