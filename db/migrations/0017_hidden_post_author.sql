ALTER TABLE "forum_answers" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "forum_answers" ADD COLUMN "look_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "look_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reason" text;