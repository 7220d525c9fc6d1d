CREATE TABLE "platform_statements" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"client_organization_id" text NOT NULL,
	"month" text NOT NULL,
	"invoice_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_statements_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "platform_statements" ADD CONSTRAINT "platform_statements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_statements" ADD CONSTRAINT "platform_statements_client_organization_id_organizations_id_fk" FOREIGN KEY ("client_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_statements" ADD CONSTRAINT "platform_statements_organization_id_invoice_id_invoices_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_statements_client_month" ON "platform_statements" USING btree ("organization_id","client_organization_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_statements_invoice" ON "platform_statements" USING btree ("organization_id","invoice_id");