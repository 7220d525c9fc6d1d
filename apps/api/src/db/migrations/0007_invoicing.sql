CREATE TABLE "bank_statement_imports" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"imported_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_imports_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"import_id" text NOT NULL,
	"transaction_key" text NOT NULL,
	"booking_date" date NOT NULL,
	"amount" integer NOT NULL,
	"structured_reference" text,
	"communication" text,
	"counterparty_name" text,
	"counterparty_iban" text,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"order_id" text,
	"invoice_id" text,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transactions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"credit_note_id" text NOT NULL,
	"invoice_line_id" text,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" integer NOT NULL,
	"tax_percentage" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"number" text NOT NULL,
	"invoice_id" text NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"total_amount" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"refund_id" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_sequences_organization_id_kind_year_pk" PRIMARY KEY("organization_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"order_line_id" text,
	"blueprint_id" text,
	"description" text NOT NULL,
	"service_date" date,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" integer NOT NULL,
	"tax_percentage" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"number" text NOT NULL,
	"order_id" text,
	"family_id" text,
	"member_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"service_from" date,
	"service_to" date,
	"locale" text DEFAULT 'fr' NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"total_amount" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"credited_amount" integer DEFAULT 0 NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"structured_reference" text,
	"paid_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "vat_regime" text DEFAULT 'subject' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "vat_exemption_mention" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "invoice_due_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "document_logo_asset_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_organization_id_import_id_bank_statement_imports_organization_id_id_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."bank_statement_imports"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_organization_id_payment_id_payments_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_organization_id_credit_note_id_credit_notes_organization_id_id_fk" FOREIGN KEY ("organization_id","credit_note_id") REFERENCES "public"."credit_notes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_organization_id_invoice_id_invoices_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_organization_id_refund_id_payment_refunds_organization_id_id_fk" FOREIGN KEY ("organization_id","refund_id") REFERENCES "public"."payment_refunds"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_organization_id_invoice_id_invoices_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_order_id_orders_organization_id_id_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_org_key_unique" ON "bank_transactions" USING btree ("organization_id","transaction_key");--> statement-breakpoint
CREATE INDEX "bank_transactions_org_status" ON "bank_transactions" USING btree ("organization_id","status","booking_date");--> statement-breakpoint
CREATE INDEX "credit_note_lines_org_note" ON "credit_note_lines" USING btree ("organization_id","credit_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_org_number_unique" ON "credit_notes" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_org_invoice" ON "credit_notes" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_org_issue" ON "credit_notes" USING btree ("organization_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoice_lines_org_invoice" ON "invoice_lines" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_org_blueprint" ON "invoice_lines" USING btree ("organization_id","blueprint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_number_unique" ON "invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_order_unique" ON "invoices" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_reference_unique" ON "invoices" USING btree ("organization_id","structured_reference");--> statement-breakpoint
CREATE INDEX "invoices_org_issue" ON "invoices" USING btree ("organization_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_org_status_due" ON "invoices" USING btree ("organization_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_org_family" ON "invoices" USING btree ("organization_id","family_id","issue_date");