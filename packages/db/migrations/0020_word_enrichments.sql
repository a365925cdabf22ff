CREATE TABLE "word_enrichments" (
	"word_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claim" uuid
);
--> statement-breakpoint
ALTER TABLE "word_enrichments" ADD CONSTRAINT "word_enrichments_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_enrichments" ADD CONSTRAINT "word_enrichments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_enrichments_due_idx" ON "word_enrichments" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "word_enrichments_user_idx" ON "word_enrichments" USING btree ("user_id","queued_at");