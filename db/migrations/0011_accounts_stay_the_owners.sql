CREATE TABLE "reauth_proofs" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"proven_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "question_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "answer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "html_version" integer;--> statement-breakpoint
ALTER TABLE "forum_answers" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "forum_answers" ADD COLUMN "html_version" integer;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "html_version" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reauth_proofs" ADD CONSTRAINT "reauth_proofs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reauth_proofs_user_idx" ON "reauth_proofs" USING btree ("user_id");