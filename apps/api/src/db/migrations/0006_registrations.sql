CREATE TABLE "mollie_connections" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"oauth_state" text,
	"access_token_encrypted" text,
	"refresh_token_encrypted" text,
	"access_token_expires_at" timestamp with time zone,
	"profile_id" text,
	"onboarding_status" text,
	"can_receive_payments" boolean DEFAULT false NOT NULL,
	"dashboard_url" text,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"participant_id" text NOT NULL,
	"service_id" text NOT NULL,
	"member_id" text NOT NULL,
	"description" text NOT NULL,
	"unit_price" integer NOT NULL,
	"supplements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_percentage" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"family_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_provider" text NOT NULL,
	"total_amount" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"structured_reference" text,
	"locale" text DEFAULT 'fr' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"service_id" text NOT NULL,
	"member_id" text NOT NULL,
	"family_id" text NOT NULL,
	"status" text NOT NULL,
	"holds_seat" boolean DEFAULT false NOT NULL,
	"cart_linked" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"invitation_expires_at" timestamp with time zone,
	"review_reason" text,
	"review_note" text,
	"review_answer" text,
	"reviewed_by_user_id" text,
	"reviewed_at" timestamp with time zone,
	"chosen_supplement_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_id" text,
	"created_by_user_id" text,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"provider_payment_id" text,
	"checkout_url" text,
	"method" text,
	"received_at" timestamp with time zone,
	"recorded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "buckaroo_website_key" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "buckaroo_secret_key_encrypted" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "hold_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "invitation_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "mollie_connections" ADD CONSTRAINT "mollie_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_organization_id_order_id_orders_organization_id_id_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_family_id_families_organization_id_id_fk" FOREIGN KEY ("organization_id","family_id") REFERENCES "public"."families"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_organization_id_service_id_services_organization_id_id_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "public"."services"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_organization_id_member_id_members_organization_id_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_organization_id_family_id_families_organization_id_id_fk" FOREIGN KEY ("organization_id","family_id") REFERENCES "public"."families"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_organization_id_payment_id_payments_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_order_id_orders_organization_id_id_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_org_order" ON "order_lines" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_org_family_created" ON "orders" USING btree ("organization_id","family_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_org_status_created" ON "orders" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_org_reference_unique" ON "orders" USING btree ("organization_id","structured_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_live_unique" ON "participants" USING btree ("organization_id","service_id","member_id") WHERE "participants"."status" in ('invited', 'reserved', 'confirmed', 'needs-review');--> statement-breakpoint
CREATE INDEX "participants_org_service_status" ON "participants" USING btree ("organization_id","service_id","status");--> statement-breakpoint
CREATE INDEX "participants_org_family_status" ON "participants" USING btree ("organization_id","family_id","status");--> statement-breakpoint
CREATE INDEX "participants_org_member" ON "participants" USING btree ("organization_id","member_id");--> statement-breakpoint
CREATE INDEX "participants_org_order" ON "participants" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE INDEX "participants_hold_expiry" ON "participants" USING btree ("hold_expires_at") WHERE "participants"."hold_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "participants_invitation_expiry" ON "participants" USING btree ("invitation_expires_at") WHERE "participants"."status" = 'invited';--> statement-breakpoint
CREATE INDEX "payment_refunds_org_payment" ON "payment_refunds" USING btree ("organization_id","payment_id");--> statement-breakpoint
CREATE INDEX "payments_org_order" ON "payments" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_unique" ON "payments" USING btree ("provider","provider_payment_id");