CREATE TABLE "helped_most" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"answer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpful_marks" (
	"answer_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpful_marks_answer_id_member_id_pk" PRIMARY KEY("answer_id","member_id")
);
--> statement-breakpoint
DROP INDEX "notifications_member_answer_idx";--> statement-breakpoint
ALTER TABLE "helped_most" ADD CONSTRAINT "helped_most_question_id_forum_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."forum_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helped_most" ADD CONSTRAINT "helped_most_answer_id_forum_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."forum_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpful_marks" ADD CONSTRAINT "helpful_marks_answer_id_forum_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."forum_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpful_marks" ADD CONSTRAINT "helpful_marks_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "helpful_marks_member_idx" ON "helpful_marks" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_member_answer_kind_idx" ON "notifications" USING btree ("member_id","answer_id","kind");