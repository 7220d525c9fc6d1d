CREATE TABLE "work_time_allowance_rates" (
	"organization_id" text NOT NULL,
	"from_month" text NOT NULL,
	"basis" text NOT NULL,
	"rate_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_time_allowance_rates_organization_id_from_month_pk" PRIMARY KEY("organization_id","from_month")
);
--> statement-breakpoint
ALTER TABLE "work_time_allowance_rates" ADD CONSTRAINT "work_time_allowance_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;