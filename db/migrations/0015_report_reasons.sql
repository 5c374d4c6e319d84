ALTER TABLE "reports" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reported_title" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reported_text" text;