ALTER TABLE "bank_statement_imports" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "processed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "duplicate_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "content" "bytea";--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written (keep when regenerating): the uploaded file of a background import is stored
-- uncompressed, so that reading it back in 1 MB pieces (substring) fetches only those pieces instead of
-- decompressing the whole file for each one.
ALTER TABLE "bank_statement_imports" ALTER COLUMN "content" SET STORAGE EXTERNAL;