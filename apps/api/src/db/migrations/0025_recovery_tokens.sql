CREATE TABLE "recovery_tokens" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"member_id" text NOT NULL,
	"family_id" text NOT NULL,
	"origin" text NOT NULL,
	"origin_participant_id" text,
	"origin_service_id" text,
	"origin_blueprint_id" text,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_participant_id" text,
	"used_service_id" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"note" text,
	"created_by_user_id" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_tokens_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "recovery_notice_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "recovery_for_absences" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "recovery_validity_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "recovery_scope" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "session_cancellation_compensation" text DEFAULT 'credit-note' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "refund_online_on_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_tokens" ADD CONSTRAINT "recovery_tokens_organization_id_member_id_members_organization_id_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_tokens" ADD CONSTRAINT "recovery_tokens_organization_id_family_id_families_organization_id_id_fk" FOREIGN KEY ("organization_id","family_id") REFERENCES "public"."families"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_tokens_origin_unique" ON "recovery_tokens" USING btree ("organization_id","origin_participant_id","origin") WHERE "recovery_tokens"."origin_participant_id" is not null;--> statement-breakpoint
CREATE INDEX "recovery_tokens_org_family" ON "recovery_tokens" USING btree ("organization_id","family_id","created_at");--> statement-breakpoint
CREATE INDEX "recovery_tokens_org_status_created" ON "recovery_tokens" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "recovery_tokens_org_member" ON "recovery_tokens" USING btree ("organization_id","member_id");--> statement-breakpoint
CREATE INDEX "recovery_tokens_available_expiry" ON "recovery_tokens" USING btree ("expires_at") WHERE "recovery_tokens"."status" = 'available';