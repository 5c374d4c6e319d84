DROP INDEX "forum_questions_created_idx";--> statement-breakpoint
DROP INDEX "blog_posts_published_created_idx";--> statement-breakpoint
CREATE INDEX "forum_questions_visible_created_idx" ON "forum_questions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "blog_posts_published_created_idx" ON "blog_posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE published;