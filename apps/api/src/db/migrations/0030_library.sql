CREATE TABLE "legal_acceptances" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"document_id" text,
	"version" integer,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "legal_acceptances_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_organization_id_document_id_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","document_id") REFERENCES "public"."documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_acceptances_org_user" ON "legal_acceptances" USING btree ("organization_id","user_id","kind","accepted_at");--> statement-breakpoint
CREATE INDEX "legal_acceptances_org_document" ON "legal_acceptances" USING btree ("organization_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_org_kind_version" ON "documents" USING btree ("organization_id","kind","version") WHERE "documents"."version" is not null;