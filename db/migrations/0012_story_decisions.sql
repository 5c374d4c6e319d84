ALTER TABLE "blog_posts" ADD COLUMN "returned_note" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "post_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "post_title" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id") WHERE post_id is not null;