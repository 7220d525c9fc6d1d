ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "participants" DROP CONSTRAINT "participants_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "bank_transactions" DROP CONSTRAINT "bank_transactions_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_note_lines" DROP CONSTRAINT "credit_note_lines_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_organization_id_organizations_id_fk";
