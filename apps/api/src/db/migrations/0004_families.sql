CREATE TABLE "email_change_tokens" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_change_tokens_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "representative_invitations" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"family_id" text NOT NULL,
	"invited_by_user_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_user_id" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "representative_invitations_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "roi_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "legal_mentions_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_vat_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_postal_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_country" text;--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "representative_invitations" ADD CONSTRAINT "representative_invitations_organization_id_family_id_families_organization_id_id_fk" FOREIGN KEY ("organization_id","family_id") REFERENCES "public"."families"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_tokens_hash_unique" ON "email_change_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "representative_invitations_hash_unique" ON "representative_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "representative_invitations_family" ON "representative_invitations" USING btree ("organization_id","family_id");