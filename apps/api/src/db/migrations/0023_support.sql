CREATE TABLE "support_attachments" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"message_id" text,
	"uploaded_by_user_id" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"file_name" text,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_attachments_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"thread_id" text NOT NULL,
	"author_user_id" text NOT NULL,
	"author_organization_id" text NOT NULL,
	"author_name" text NOT NULL,
	"from_platform" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"attachment_organization_id" text,
	"attachment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "support_threads" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"author_user_id" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_threads_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_organization_id_thread_id_support_threads_organization_id_id_fk" FOREIGN KEY ("organization_id","thread_id") REFERENCES "public"."support_threads"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_message" ON "support_attachments" USING btree ("organization_id","message_id");--> statement-breakpoint
CREATE INDEX "support_messages_thread" ON "support_messages" USING btree ("organization_id","thread_id","created_at");--> statement-breakpoint
CREATE INDEX "support_threads_org_last" ON "support_threads" USING btree ("organization_id","last_message_at");--> statement-breakpoint
CREATE INDEX "support_threads_last" ON "support_threads" USING btree ("last_message_at");