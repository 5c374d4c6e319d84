ALTER TABLE "profiles" ADD COLUMN "public_profile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "profile_handle" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_profile_handle_unique" UNIQUE("profile_handle");