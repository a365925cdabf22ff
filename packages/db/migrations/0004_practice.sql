CREATE TABLE "learner_parameters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weights" double precision[],
	"desired_retention" double precision DEFAULT 0.9 NOT NULL,
	"fitted_at" timestamp with time zone,
	"reviews_at_fit" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_parameters_retention_check" CHECK ("learner_parameters"."desired_retention" between 0.7 and 0.97)
);
--> statement-breakpoint
ALTER TABLE "daily_practice_sessions" ADD COLUMN "mode" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_practice_sessions" ADD COLUMN "words" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_practice_sessions" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_practice_sessions" ADD COLUMN "streak_after" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "learner_parameters" ADD CONSTRAINT "learner_parameters_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_open_expires_idx" ON "daily_practice_sessions" USING btree ("expires_at") WHERE "daily_practice_sessions"."completed_at" is null;--> statement-breakpoint
ALTER TABLE "daily_practice_sessions" ADD CONSTRAINT "sessions_mode_check" CHECK ("daily_practice_sessions"."mode" in ('daily', 'infinity'));