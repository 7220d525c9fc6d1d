CREATE TABLE "document_chunks" (
	"organization_id" text NOT NULL,
	"document_id" text NOT NULL,
	"position" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "document_chunks_organization_id_document_id_position_pk" PRIMARY KEY("organization_id","document_id","position")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"progress_done" integer,
	"progress_total" integer,
	"failure_reason" text,
	"byte_size" bigint DEFAULT 0 NOT NULL,
	"family_id" text,
	"member_id" text,
	"period_id" text,
	"blueprint_id" text,
	"establishment_id" text,
	"year" integer,
	"version" integer,
	"published_at" timestamp with time zone,
	"source_id" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_organization_id_document_id_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","document_id") REFERENCES "public"."documents"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_org_kind_created" ON "documents" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "documents_org_family_created" ON "documents" USING btree ("organization_id","family_id","created_at") WHERE "documents"."family_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_org_source" ON "documents" USING btree ("organization_id","source_id");