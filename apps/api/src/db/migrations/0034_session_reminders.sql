ALTER TABLE "organizations" ADD COLUMN "session_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "session_reminder_hour" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_reminders" boolean DEFAULT true NOT NULL;