ALTER TABLE "document_chunks" ADD COLUMN "save_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "save_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" DROP CONSTRAINT "document_chunks_organization_id_document_id_position_pk";--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_organization_id_document_id_save_id_position_pk" PRIMARY KEY("organization_id","document_id","save_id","position");
