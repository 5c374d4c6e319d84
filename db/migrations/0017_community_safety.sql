CREATE TABLE "member_mutes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_mutes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" text NOT NULL,
	"muted_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_follows" (
	"topic_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_follows_topic_id_member_id_pk" PRIMARY KEY("topic_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "moderator_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderator_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" text,
	"action" text NOT NULL,
	"member_id" text,
	"target_type" text,
	"target_id" integer,
	"reason" text,
	"until" timestamp with time zone,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forum_answers" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "forum_answers" ADD COLUMN "look_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_answers" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "look_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "silenced_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_mutes" ADD CONSTRAINT "member_mutes_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_mutes" ADD CONSTRAINT "member_mutes_muted_id_profiles_id_fk" FOREIGN KEY ("muted_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_follows" ADD CONSTRAINT "topic_follows_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_follows" ADD CONSTRAINT "topic_follows_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_actions" ADD CONSTRAINT "moderator_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_actions" ADD CONSTRAINT "moderator_actions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_mutes_pair_idx" ON "member_mutes" USING btree ("member_id","muted_id");--> statement-breakpoint
CREATE INDEX "member_mutes_muted_idx" ON "member_mutes" USING btree ("muted_id");--> statement-breakpoint
CREATE INDEX "topic_follows_member_idx" ON "topic_follows" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "moderator_actions_created_idx" ON "moderator_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderator_actions_member_idx" ON "moderator_actions" USING btree ("member_id","created_at");