CREATE TABLE "review_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"young" integer DEFAULT 0 NOT NULL,
	"young_correct" integer DEFAULT 0 NOT NULL,
	"mature" integer DEFAULT 0 NOT NULL,
	"mature_correct" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "review_days" ADD CONSTRAINT "review_days_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A learner's local day at an instant, in the zone their profile keeps (UTC without one, or for a
-- zone this server's time zone data does not know, so that no write ever fails on it).
CREATE FUNCTION "learner_local_day"(owner text, instant timestamptz) RETURNS date
LANGUAGE plpgsql STABLE AS $$
DECLARE
  zone text;
BEGIN
  SELECT "time_zone" INTO zone FROM "profiles" WHERE "id" = owner;
  BEGIN
    RETURN (instant AT TIME ZONE coalesce(zone, 'UTC'))::date;
  EXCEPTION WHEN invalid_parameter_value THEN
    RETURN (instant AT TIME ZONE 'UTC')::date;
  END;
END $$;
--> statement-breakpoint
-- Each review keeps the local day it was made on, so that removing it later (an undone answer, a
-- deleted word) takes it off the same day of review_days whatever the learner's zone is by then.
ALTER TABLE "review_log" ADD COLUMN "local_day" date;
--> statement-breakpoint
UPDATE "review_log" SET "local_day" = "learner_local_day"("user_id", "reviewed_at");
--> statement-breakpoint
ALTER TABLE "review_log" ALTER COLUMN "local_day" SET NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "review_log_set_local_day"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."local_day" IS NULL THEN
    NEW."local_day" := "learner_local_day"(NEW."user_id", NEW."reviewed_at");
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "review_log_local_day" BEFORE INSERT ON "review_log"
FOR EACH ROW EXECUTE FUNCTION "review_log_set_local_day"();
--> statement-breakpoint
-- The counts a statement's reviews add to each of their days (one upsert per day, however many
-- rows). Measured retention counts reviews of words in review (state 2) outside infinity rounds,
-- young below an interval of 21 days, as stats.service.ts describes.
CREATE FUNCTION "review_days_add"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "review_days" AS d
    ("user_id", "day", "reviews", "correct", "young", "young_correct", "mature", "mature_correct")
  SELECT "user_id", "local_day", count(*),
    count(*) FILTER (WHERE "outcome" = 'correct'),
    count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" < 21),
    count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" < 21 AND "outcome" = 'correct'),
    count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" >= 21),
    count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" >= 21 AND "outcome" = 'correct')
  FROM added GROUP BY "user_id", "local_day"
  ON CONFLICT ("user_id", "day") DO UPDATE SET
    "reviews" = d."reviews" + excluded."reviews",
    "correct" = d."correct" + excluded."correct",
    "young" = d."young" + excluded."young",
    "young_correct" = d."young_correct" + excluded."young_correct",
    "mature" = d."mature" + excluded."mature",
    "mature_correct" = d."mature_correct" + excluded."mature_correct";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "review_days_remove"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "review_days" AS d SET
    "reviews" = greatest(d."reviews" - r."reviews", 0),
    "correct" = greatest(d."correct" - r."correct", 0),
    "young" = greatest(d."young" - r."young", 0),
    "young_correct" = greatest(d."young_correct" - r."young_correct", 0),
    "mature" = greatest(d."mature" - r."mature", 0),
    "mature_correct" = greatest(d."mature_correct" - r."mature_correct", 0)
  FROM (
    SELECT "user_id", "local_day", count(*) AS "reviews",
      count(*) FILTER (WHERE "outcome" = 'correct') AS "correct",
      count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" < 21) AS "young",
      count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" < 21 AND "outcome" = 'correct') AS "young_correct",
      count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" >= 21) AS "mature",
      count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" >= 21 AND "outcome" = 'correct') AS "mature_correct"
    FROM removed GROUP BY "user_id", "local_day"
  ) AS r
  WHERE d."user_id" = r."user_id" AND d."day" = r."local_day";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "review_log_days_insert" AFTER INSERT ON "review_log"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "review_days_add"();
--> statement-breakpoint
CREATE TRIGGER "review_log_days_delete" AFTER DELETE ON "review_log"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "review_days_remove"();
--> statement-breakpoint
-- A completed session counts on the local day it was completed, with the minutes it credited to
-- the profile's study time (rounded up, at least 1); reopening it (Undo) takes them back.
CREATE FUNCTION "review_days_sessions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."completed_at" IS NOT NULL THEN
    UPDATE "review_days" SET
      "sessions" = greatest("sessions" - 1, 0),
      "minutes" = greatest("minutes" - greatest(1, ceil(OLD."total_time_seconds" / 60.0))::int, 0)
    WHERE "user_id" = OLD."user_id"
      AND "day" = "learner_local_day"(OLD."user_id", OLD."completed_at");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."completed_at" IS NOT NULL THEN
    INSERT INTO "review_days" AS d ("user_id", "day", "sessions", "minutes")
    VALUES (NEW."user_id", "learner_local_day"(NEW."user_id", NEW."completed_at"), 1,
      greatest(1, ceil(NEW."total_time_seconds" / 60.0))::int)
    ON CONFLICT ("user_id", "day") DO UPDATE SET
      "sessions" = d."sessions" + 1,
      "minutes" = d."minutes" + excluded."minutes";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_days_insert" AFTER INSERT ON "daily_practice_sessions"
FOR EACH ROW WHEN (NEW."completed_at" IS NOT NULL) EXECUTE FUNCTION "review_days_sessions"();
--> statement-breakpoint
CREATE TRIGGER "sessions_days_update" AFTER UPDATE ON "daily_practice_sessions"
FOR EACH ROW WHEN (OLD."completed_at" IS DISTINCT FROM NEW."completed_at"
  OR (NEW."completed_at" IS NOT NULL AND OLD."total_time_seconds" <> NEW."total_time_seconds"))
EXECUTE FUNCTION "review_days_sessions"();
--> statement-breakpoint
CREATE TRIGGER "sessions_days_delete" AFTER DELETE ON "daily_practice_sessions"
FOR EACH ROW WHEN (OLD."completed_at" IS NOT NULL) EXECUTE FUNCTION "review_days_sessions"();
--> statement-breakpoint
-- What the log and the sessions already hold.
INSERT INTO "review_days" AS d
  ("user_id", "day", "reviews", "correct", "young", "young_correct", "mature", "mature_correct")
SELECT "user_id", "local_day", count(*),
  count(*) FILTER (WHERE "outcome" = 'correct'),
  count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" < 21),
  count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" < 21 AND "outcome" = 'correct'),
  count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" >= 21),
  count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" >= 21 AND "outcome" = 'correct')
FROM "review_log" GROUP BY "user_id", "local_day";
--> statement-breakpoint
INSERT INTO "review_days" AS d ("user_id", "day", "sessions", "minutes")
SELECT "user_id", "learner_local_day"("user_id", "completed_at") AS "day", count(*),
  sum(greatest(1, ceil("total_time_seconds" / 60.0)))::int
FROM "daily_practice_sessions" WHERE "completed_at" IS NOT NULL
GROUP BY "user_id", 2
ON CONFLICT ("user_id", "day") DO UPDATE SET
  "sessions" = d."sessions" + excluded."sessions",
  "minutes" = d."minutes" + excluded."minutes";
