ALTER TABLE "blueprint_supplements" ADD COLUMN "frequency" text DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "supplement_id" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "supplement_frequency" text;