DROP INDEX "words_user_search_idx";--> statement-breakpoint
DROP INDEX "words_user_created_idx";--> statement-breakpoint
DROP INDEX "words_user_next_review_idx";--> statement-breakpoint
CREATE INDEX "words_user_created_idx" ON "words" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search_text");--> statement-breakpoint
CREATE INDEX "words_user_next_review_idx" ON "words" USING btree ("user_id","next_review_date","id","search_text");