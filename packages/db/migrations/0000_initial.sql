CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_practice_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"word_ids" uuid[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"words_practiced" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"total_time_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sessions_counters_check" CHECK ("daily_practice_sessions"."words_practiced" >= 0 and "daily_practice_sessions"."correct_count" >= 0 and "daily_practice_sessions"."total_time_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "group_words" (
	"group_id" uuid NOT NULL,
	"word_id" uuid NOT NULL,
	CONSTRAINT "group_words_group_id_word_id_pk" PRIMARY KEY("group_id","word_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_name_check" CHECK (length(btrim("groups"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"native_language" text DEFAULT 'en' NOT NULL,
	"target_language" text DEFAULT 'es' NOT NULL,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"analytics_enabled" boolean DEFAULT true NOT NULL,
	"total_words" integer DEFAULT 0 NOT NULL,
	"mastered_words" integer DEFAULT 0 NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"last_study_date" date,
	"total_study_time" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_native_language_check" CHECK ("profiles"."native_language" in ('en', 'es', 'fr', 'de', 'ru', 'ja', 'it', 'pt', 'zh', 'ko', 'nl', 'pl', 'tr', 'ar', 'hi', 'sv', 'no', 'da', 'fi', 'cs', 'el')),
	CONSTRAINT "profiles_target_language_check" CHECK ("profiles"."target_language" in ('en', 'es', 'fr', 'de', 'ru', 'ja', 'it', 'pt', 'zh', 'ko', 'nl', 'pl', 'tr', 'ar', 'hi', 'sv', 'no', 'da', 'fi', 'cs', 'el')),
	CONSTRAINT "profiles_counters_check" CHECK ("profiles"."total_words" >= 0 and "profiles"."mastered_words" >= 0 and "profiles"."current_streak" >= 0 and "profiles"."total_study_time" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"word_id" uuid NOT NULL,
	"session_id" uuid,
	"client_id" text,
	"practice_type" text NOT NULL,
	"outcome" text NOT NULL,
	"response_time" double precision NOT NULL,
	"confidence_rating" smallint NOT NULL,
	"rating" smallint NOT NULL,
	"state" smallint NOT NULL,
	"elapsed_days" double precision NOT NULL,
	"scheduled_days" double precision NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_log_practice_type_check" CHECK ("review_log"."practice_type" in ('flashcard', 'multiple-choice', 'spelling', 'infinity')),
	CONSTRAINT "review_log_outcome_check" CHECK ("review_log"."outcome" in ('correct', 'incorrect')),
	CONSTRAINT "review_log_confidence_check" CHECK ("review_log"."confidence_rating" between 1 and 5),
	CONSTRAINT "review_log_rating_check" CHECK ("review_log"."rating" between 1 and 4),
	CONSTRAINT "review_log_state_check" CHECK ("review_log"."state" between 0 and 3),
	CONSTRAINT "review_log_times_check" CHECK ("review_log"."response_time" >= 0 and "review_log"."elapsed_days" >= 0 and "review_log"."duration_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"feedback_type" text DEFAULT 'general' NOT NULL,
	"message" text NOT NULL,
	"rating" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_feedback_type_check" CHECK ("user_feedback"."feedback_type" in ('bug', 'feature', 'general')),
	CONSTRAINT "user_feedback_message_check" CHECK (char_length("user_feedback"."message") between 10 and 1000),
	CONSTRAINT "user_feedback_rating_check" CHECK ("user_feedback"."rating" is null or "user_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_suggestions_cache" (
	"user_id" text PRIMARY KEY NOT NULL,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"word" text NOT NULL,
	"translation" text NOT NULL,
	"ipa" text,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mnemonic" text,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL,
	"grammar_type" text,
	"cefr_level" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"interval" double precision DEFAULT 0 NOT NULL,
	"repetitions" integer DEFAULT 0 NOT NULL,
	"ease_factor" double precision DEFAULT 2.5 NOT NULL,
	"next_review_date" timestamp with time zone DEFAULT now() NOT NULL,
	"total_reviews" integer DEFAULT 0 NOT NULL,
	"correct_reviews" integer DEFAULT 0 NOT NULL,
	"success_rate" double precision DEFAULT 0 NOT NULL,
	"mastered" boolean DEFAULT false NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	CONSTRAINT "words_word_check" CHECK (length(btrim("words"."word")) > 0),
	CONSTRAINT "words_cefr_level_check" CHECK ("words"."cefr_level" is null or "words"."cefr_level" in ('A1', 'A2', 'B1', 'B2', 'C1', 'C2')),
	CONSTRAINT "words_state_check" CHECK ("words"."state" between 0 and 3),
	CONSTRAINT "words_success_rate_check" CHECK ("words"."success_rate" between 0 and 1),
	CONSTRAINT "words_counters_check" CHECK ("words"."repetitions" >= 0 and "words"."total_reviews" >= 0 and "words"."correct_reviews" between 0 and "words"."total_reviews" and "words"."lapses" >= 0 and "words"."interval" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_practice_sessions" ADD CONSTRAINT "daily_practice_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_words" ADD CONSTRAINT "group_words_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_words" ADD CONSTRAINT "group_words_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_session_id_daily_practice_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."daily_practice_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_feedback" ADD CONSTRAINT "user_feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_suggestions_cache" ADD CONSTRAINT "word_suggestions_cache_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "words" ADD CONSTRAINT "words_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_started_idx" ON "daily_practice_sessions" USING btree ("user_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_completed_idx" ON "daily_practice_sessions" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "group_words_word_idx" ON "group_words" USING btree ("word_id");--> statement-breakpoint
CREATE INDEX "groups_user_created_idx" ON "groups" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "groups_user_name_idx" ON "groups" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "review_log_user_reviewed_idx" ON "review_log" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_log_word_idx" ON "review_log" USING btree ("word_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_log_user_client_id_idx" ON "review_log" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_feedback_user_created_idx" ON "user_feedback" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "words_user_created_idx" ON "words" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "words_user_next_review_idx" ON "words" USING btree ("user_id","next_review_date");--> statement-breakpoint
CREATE INDEX "words_user_word_idx" ON "words" USING btree ("user_id","word");