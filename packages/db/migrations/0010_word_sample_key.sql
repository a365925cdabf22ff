ALTER TABLE "words" ADD COLUMN "sample_key" double precision DEFAULT random() NOT NULL;--> statement-breakpoint
CREATE INDEX "words_user_sample_idx" ON "words" USING btree ("user_id","sample_key");