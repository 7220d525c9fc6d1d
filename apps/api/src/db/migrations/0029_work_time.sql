CREATE TABLE "work_time_corrections" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"holder_user_id" text NOT NULL,
	"day" date NOT NULL,
	"minutes" integer NOT NULL,
	"note" text NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_time_corrections_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "work_time_corrections_minutes" CHECK ("work_time_corrections"."minutes" <> 0 and abs("work_time_corrections"."minutes") <= 1440)
);
--> statement-breakpoint
CREATE TABLE "work_time_months" (
	"organization_id" text NOT NULL,
	"holder_user_id" text NOT NULL,
	"month" text NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" text,
	"manager_note" text,
	"snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_time_months_organization_id_holder_user_id_month_pk" PRIMARY KEY("organization_id","holder_user_id","month")
);
--> statement-breakpoint
CREATE TABLE "work_time_settings" (
	"organization_id" text NOT NULL,
	"volunteer_allowance_basis" text DEFAULT 'per-session' NOT NULL,
	"volunteer_allowance_cents" integer NOT NULL,
	"volunteer_daily_ceiling_cents" integer NOT NULL,
	"volunteer_yearly_ceiling_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_time_settings_organization_id_pk" PRIMARY KEY("organization_id")
);
--> statement-breakpoint
CREATE TABLE "work_time_volunteers" (
	"organization_id" text NOT NULL,
	"holder_user_id" text NOT NULL,
	"volunteer" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_time_volunteers_organization_id_holder_user_id_pk" PRIMARY KEY("organization_id","holder_user_id")
);
--> statement-breakpoint
ALTER TABLE "work_time_corrections" ADD CONSTRAINT "work_time_corrections_organization_id_holder_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","holder_user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_time_months" ADD CONSTRAINT "work_time_months_organization_id_holder_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","holder_user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_time_settings" ADD CONSTRAINT "work_time_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_time_volunteers" ADD CONSTRAINT "work_time_volunteers_organization_id_holder_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","holder_user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_time_corrections_holder_day" ON "work_time_corrections" USING btree ("organization_id","holder_user_id","day");--> statement-breakpoint
CREATE INDEX "work_time_months_org_month" ON "work_time_months" USING btree ("organization_id","month");