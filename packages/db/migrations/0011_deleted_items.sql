CREATE TABLE "deleted_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deleted_items_kind_check" CHECK ("deleted_items"."kind" in ('word', 'group'))
);
--> statement-breakpoint
ALTER TABLE "deleted_items" ADD CONSTRAINT "deleted_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_items_deleted_idx" ON "deleted_items" USING btree ("deleted_at");