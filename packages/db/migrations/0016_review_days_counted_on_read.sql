-- An answer writes its review and nothing more: review_days takes in new reviews when the
-- learner's Progress is read (review_days_count_new), not on the answer's path, where every
-- answer of a learner updated the same day row and waited for the one before it (decision 036).
-- A review not yet counted has no local_day; counting gives it one, the learner's local day at
-- the moment it was made, in the zone their profile keeps when it is counted.
DROP TRIGGER "review_log_local_day" ON "review_log";
--> statement-breakpoint
DROP FUNCTION "review_log_set_local_day"();
--> statement-breakpoint
DROP TRIGGER "review_log_days_insert" ON "review_log";
--> statement-breakpoint
DROP FUNCTION "review_days_add"();
--> statement-breakpoint
ALTER TABLE "review_log" ALTER COLUMN "local_day" DROP NOT NULL;
--> statement-breakpoint
CREATE INDEX "review_log_uncounted_idx" ON "review_log" ("user_id") WHERE "local_day" IS NULL;
--> statement-breakpoint
-- Adds a learner's uncounted reviews to their days, one upsert per day, marks them counted and
-- answers how many it counted. Two callers at once count each review once: the second waits on
-- the first's row locks and then finds the rows counted.
CREATE FUNCTION "review_days_count_new"(owner text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  counted_reviews integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "review_log" WHERE "user_id" = owner AND "local_day" IS NULL) THEN
    RETURN 0;
  END IF;
  SELECT coalesce("time_zone", 'UTC') INTO zone FROM "profiles" WHERE "id" = owner;
  -- A zone this server's time zone data does not know counts as UTC, as in learner_local_day.
  BEGIN
    PERFORM now() AT TIME ZONE coalesce(zone, 'UTC');
  EXCEPTION WHEN invalid_parameter_value THEN
    zone := 'UTC';
  END;
  WITH counted AS (
    UPDATE "review_log"
    SET "local_day" = ("reviewed_at" AT TIME ZONE coalesce(zone, 'UTC'))::date
    WHERE "user_id" = owner AND "local_day" IS NULL
    RETURNING "user_id", "local_day", "outcome", "state", "practice_type", "scheduled_days"
  ), added AS (
    INSERT INTO "review_days" AS d
      ("user_id", "day", "reviews", "correct", "young", "young_correct", "mature", "mature_correct")
    SELECT "user_id", "local_day", count(*),
      count(*) FILTER (WHERE "outcome" = 'correct'),
      count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" < 21),
      count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" < 21 AND "outcome" = 'correct'),
      count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" >= 21),
      count(*) FILTER (WHERE "state" = 2 AND "practice_type" <> 'infinity' AND "scheduled_days" >= 21 AND "outcome" = 'correct')
    FROM counted GROUP BY "user_id", "local_day"
    ON CONFLICT ("user_id", "day") DO UPDATE SET
      "reviews" = d."reviews" + excluded."reviews",
      "correct" = d."correct" + excluded."correct",
      "young" = d."young" + excluded."young",
      "young_correct" = d."young_correct" + excluded."young_correct",
      "mature" = d."mature" + excluded."mature",
      "mature_correct" = d."mature_correct" + excluded."mature_correct"
    RETURNING 1
  )
  SELECT count(*) INTO counted_reviews FROM counted;
  RETURN counted_reviews;
END $$;
--> statement-breakpoint
-- Removing a review takes it off the day it was counted on; one never counted was never added.
CREATE OR REPLACE FUNCTION "review_days_remove"() RETURNS trigger
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
    FROM removed WHERE "local_day" IS NOT NULL GROUP BY "user_id", "local_day"
  ) AS r
  WHERE d."user_id" = r."user_id" AND d."day" = r."local_day";
  RETURN NULL;
END $$;
