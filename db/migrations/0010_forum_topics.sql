CREATE TABLE "forum_topics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_topics_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "last_answer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "topic_id" integer;--> statement-breakpoint
-- Existing questions' newest visible answer (those without one keep null: their last activity is their own).
UPDATE "forum_questions" q SET "last_answer_at" = a."at" FROM (SELECT "question_id", max("created_at") AS "at" FROM "forum_answers" WHERE "hidden_at" IS NULL GROUP BY "question_id") a WHERE a."question_id" = q."id";--> statement-breakpoint
-- The starting list of topics, in the order the forum shows them (admins change it on /admin/topics).
INSERT INTO "forum_topics" ("slug", "name", "description", "position") VALUES
  ('hands-and-fingers', 'Hands and fingers', 'Sore, stiff or swollen hands and fingers, and the everyday tasks they make harder. Share the tools, routines and small changes that make gripping, writing and cooking easier.', 1),
  ('morning-stiffness', 'Morning stiffness', 'Getting going when joints feel stiff after a night of rest. Talk about the routines and habits that help you start the day.', 2),
  ('medication-and-treatment', 'Medication and treatment', 'Experiences of treatments, appointments and the routines that come with them. Members share what it was like for them; choices about your own treatment belong with your doctor.', 3),
  ('capsaicin-and-topical-relief', 'Capsaicin and topical relief', 'Creams, gels and patches applied to the skin, capsaicin products among them. Share how you fit them into your day and what using them has been like for you.', 4),
  ('diet', 'Diet', 'Food, cooking and eating well while living with rheumatoid arthritis. Swap recipes, shopping ideas and kitchen tricks that are kinder to sore hands.', 5),
  ('exercise-and-movement', 'Exercise and movement', 'Staying active in ways that suit your joints, from walking and swimming to gentle stretching. Share what keeps you moving on good days and harder ones.', 6),
  ('work-and-daily-life', 'Work and daily life', 'Jobs, housework, travel and the practical side of everyday life with RA. Talk about the adjustments, tools and conversations that made things easier.', 7),
  ('feelings-and-support', 'Feelings and support', 'The emotional side of living with a long-term condition: frustration, worry, relief and hope. A place to be heard and to support one another.', 8),
  ('diagnosis', 'Diagnosis', 'Questions and experiences around being diagnosed, from first symptoms to tests and early appointments. Whether you are newly diagnosed or still waiting for answers, you are welcome here.', 9);--> statement-breakpoint
CREATE INDEX "forum_topics_position_idx" ON "forum_topics" USING btree ("position","id");--> statement-breakpoint
ALTER TABLE "forum_questions" ADD CONSTRAINT "forum_questions_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_questions_topic_created_idx" ON "forum_questions" USING btree ("topic_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "forum_questions_visible_activity_idx" ON "forum_questions" USING btree ((coalesce("last_answer_at", "created_at")) desc,"id" DESC NULLS FIRST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "forum_questions_topic_activity_idx" ON "forum_questions" USING btree ("topic_id",(coalesce("last_answer_at", "created_at")) desc,"id" DESC NULLS FIRST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "forum_questions_unanswered_created_idx" ON "forum_questions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE hidden_at is null and answer_count = 0;