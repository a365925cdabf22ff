DROP INDEX "words_user_word_idx";--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "reading" text;--> statement-breakpoint
CREATE UNIQUE INDEX "words_user_word_lower_idx" ON "words" USING btree ("user_id",lower("word"));