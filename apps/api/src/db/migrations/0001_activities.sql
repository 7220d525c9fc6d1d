CREATE TABLE "assets" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text,
	"data" "bytea" NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "blueprint_supplements" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"blueprint_id" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blueprint_supplements_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "blueprints" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"establishment_id" text DEFAULT 'est_default' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"private_description" text,
	"image_asset_id" text,
	"duration" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"tax_percentage" integer DEFAULT 0 NOT NULL,
	"max_seats" integer NOT NULL,
	"color_code" text DEFAULT '#2563EB' NOT NULL,
	"location_type" text DEFAULT 'physical' NOT NULL,
	"location" text,
	"online_location" text,
	"min_age" integer,
	"max_age" integer,
	"visibility" text DEFAULT 'hidden' NOT NULL,
	"created_by_user_id" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blueprints_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"establishment_id" text DEFAULT 'est_default' NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"registration_opens_at" timestamp with time zone,
	"previous_period_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "periods_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "prestations" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"service_id" text NOT NULL,
	"holder_user_id" text NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"absence_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prestations_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"blueprint_id" text NOT NULL,
	"period_id" text,
	"series_id" text,
	"start_date_time" timestamp with time zone NOT NULL,
	"original_start_date_time" timestamp with time zone,
	"duration" integer NOT NULL,
	"max_seats" integer NOT NULL,
	"reserved_seats" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "services_seats_within_max" CHECK ("services"."max_seats" = -1 or ("services"."reserved_seats" >= 0 and "services"."reserved_seats" <= "services"."max_seats"))
);
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blueprint_supplements" ADD CONSTRAINT "blueprint_supplements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blueprint_supplements" ADD CONSTRAINT "blueprint_supplements_organization_id_blueprint_id_blueprints_organization_id_id_fk" FOREIGN KEY ("organization_id","blueprint_id") REFERENCES "public"."blueprints"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blueprints" ADD CONSTRAINT "blueprints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blueprints" ADD CONSTRAINT "blueprints_organization_id_establishment_id_establishments_organization_id_id_fk" FOREIGN KEY ("organization_id","establishment_id") REFERENCES "public"."establishments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_organization_id_establishment_id_establishments_organization_id_id_fk" FOREIGN KEY ("organization_id","establishment_id") REFERENCES "public"."establishments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestations" ADD CONSTRAINT "prestations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestations" ADD CONSTRAINT "prestations_organization_id_service_id_services_organization_id_id_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "public"."services"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestations" ADD CONSTRAINT "prestations_organization_id_holder_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","holder_user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_organization_id_blueprint_id_blueprints_organization_id_id_fk" FOREIGN KEY ("organization_id","blueprint_id") REFERENCES "public"."blueprints"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_organization_id_period_id_periods_organization_id_id_fk" FOREIGN KEY ("organization_id","period_id") REFERENCES "public"."periods"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blueprint_supplements_blueprint" ON "blueprint_supplements" USING btree ("organization_id","blueprint_id");--> statement-breakpoint
CREATE INDEX "blueprints_org_establishment" ON "blueprints" USING btree ("organization_id","establishment_id");--> statement-breakpoint
CREATE INDEX "blueprints_org_visibility" ON "blueprints" USING btree ("organization_id","visibility");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "periods_org_dates" ON "periods" USING btree ("organization_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "prestations_service_holder_unique" ON "prestations" USING btree ("organization_id","service_id","holder_user_id");--> statement-breakpoint
CREATE INDEX "prestations_org_holder" ON "prestations" USING btree ("organization_id","holder_user_id");--> statement-breakpoint
CREATE INDEX "services_org_start" ON "services" USING btree ("organization_id","start_date_time");--> statement-breakpoint
CREATE INDEX "services_org_blueprint_start" ON "services" USING btree ("organization_id","blueprint_id","start_date_time");--> statement-breakpoint
CREATE INDEX "services_org_period" ON "services" USING btree ("organization_id","period_id");--> statement-breakpoint
CREATE INDEX "services_org_series" ON "services" USING btree ("organization_id","series_id");