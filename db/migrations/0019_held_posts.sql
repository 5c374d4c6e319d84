ALTER TABLE "forum_answers" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "held_at" timestamp with time zone;