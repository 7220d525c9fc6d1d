CREATE TABLE "communication_attachments" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"communication_id" text,
	"uploaded_by_user_id" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"file_name" text,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_attachments_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "communication_recipients" (
	"organization_id" text NOT NULL,
	"communication_id" text NOT NULL,
	"email" text NOT NULL,
	"family_id" text NOT NULL,
	"user_id" text,
	"name" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "communication_recipients_organization_id_communication_id_email_pk" PRIMARY KEY("organization_id","communication_id","email")
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"establishment_id" text,
	"created_by_user_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"target" text NOT NULL,
	"target_id" text,
	"target_name" text,
	"subject_fr" text NOT NULL,
	"body_fr" text NOT NULL,
	"subject_en" text,
	"body_en" text,
	"families" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communications_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"family_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"communication_id" text,
	"subject" text,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "inbox_messages_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mailing_rate_per_second" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "communication_attachments" ADD CONSTRAINT "communication_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_recipients" ADD CONSTRAINT "communication_recipients_organization_id_communication_id_communications_organization_id_id_fk" FOREIGN KEY ("organization_id","communication_id") REFERENCES "public"."communications"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_organization_id_family_id_families_organization_id_id_fk" FOREIGN KEY ("organization_id","family_id") REFERENCES "public"."families"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_attachments_communication" ON "communication_attachments" USING btree ("organization_id","communication_id");--> statement-breakpoint
CREATE INDEX "communication_recipients_status" ON "communication_recipients" USING btree ("organization_id","communication_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "communications_idempotency" ON "communications" USING btree ("organization_id","created_by_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "communications_org_created" ON "communications" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_event" ON "inbox_messages" USING btree ("organization_id","family_id","event_key");--> statement-breakpoint
CREATE INDEX "inbox_messages_family_created" ON "inbox_messages" USING btree ("organization_id","family_id","created_at");