CREATE TABLE "website_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"title" text,
	"description" text,
	"favicon_asset_id" text,
	"logo_asset_id" text,
	"background_asset_id" text,
	"contact_email" text,
	"contact_phone" text,
	"contact_facebook" text,
	"contact_instagram" text,
	"show_custom_button" boolean DEFAULT false NOT NULL,
	"custom_button_name" text,
	"custom_button_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_settings" ADD CONSTRAINT "website_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;