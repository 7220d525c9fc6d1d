CREATE TABLE "licences" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"plan_key" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_warning_sent_at" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licences_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "pricing_plans" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_fee_cents" integer DEFAULT 0 NOT NULL,
	"participant_fee_cents" integer DEFAULT 0 NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"next_plan_key" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_plan_key_pricing_plans_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."pricing_plans"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licences_one_current" ON "licences" USING btree ("organization_id") WHERE "licences"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "licences_current_end" ON "licences" USING btree ("ends_at") WHERE "licences"."ended_at" is null;--> statement-breakpoint
-- The plans of specification section 4. Fees in cents: a club on the monthly plan pays 29.00 € a month
-- and 0.50 € per participant confirmed in the month; a free trial lasts 30 days, then moves to it.
INSERT INTO "pricing_plans" ("key", "name", "monthly_fee_cents", "participant_fee_cents", "trial_days", "next_plan_key", "sort_order") VALUES
	('none', 'Aucun', 0, 0, 0, NULL, 5),
	('unlimited', 'Illimité', 0, 0, 0, NULL, 4),
	('free-trial', 'Gratuit', 0, 0, 30, 'default-monthly', 1),
	('default-monthly', 'Défaut (mensuel)', 2900, 50, 0, NULL, 2),
	('test', 'Test', 0, 0, 0, NULL, 3)
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD CONSTRAINT "pricing_plans_next_plan_fk" FOREIGN KEY ("next_plan_key") REFERENCES "pricing_plans"("key");
--> statement-breakpoint
-- Organisations that existed before licences: the platform's own is unlimited, every club is on the
-- monthly plan from its creation.
INSERT INTO "licences" ("organization_id", "id", "plan_key", "starts_at")
SELECT "id", 'lic_' || md5("id"), CASE WHEN "is_system" THEN 'unlimited' ELSE 'default-monthly' END, "created_at"
FROM "organizations";
