CREATE TABLE "certificates" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"scope_key" text NOT NULL,
	"part" integer DEFAULT 1 NOT NULL,
	"number" text NOT NULL,
	"member_id" text NOT NULL,
	"family_id" text NOT NULL,
	"blueprint_id" text,
	"period_id" text,
	"establishment_id" text,
	"year" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"facts" jsonb NOT NULL,
	"document_id" text NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_tax_identities" (
	"organization_id" text NOT NULL,
	"member_id" text NOT NULL,
	"child_number_encrypted" text NOT NULL,
	"debtor_number_encrypted" text NOT NULL,
	"debtor_first_name" text NOT NULL,
	"debtor_last_name" text NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tax_identities_organization_id_member_id_pk" PRIMARY KEY("organization_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mutual_recognition_text" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mutual_signatory_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mutual_signatory_role" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tax_approval_body" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_organization_id_member_id_members_organization_id_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_organization_id_family_id_families_organization_id_id_fk" FOREIGN KEY ("organization_id","family_id") REFERENCES "public"."families"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tax_identities" ADD CONSTRAINT "member_tax_identities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tax_identities" ADD CONSTRAINT "member_tax_identities_organization_id_member_id_members_organization_id_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_per_scope" ON "certificates" USING btree ("organization_id","kind","member_id","scope_key","year","part");--> statement-breakpoint
CREATE INDEX "certificates_org_family" ON "certificates" USING btree ("organization_id","family_id");--> statement-breakpoint
CREATE INDEX "certificates_org_kind_year" ON "certificates" USING btree ("organization_id","kind","year");