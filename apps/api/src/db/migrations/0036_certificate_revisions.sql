DROP INDEX "certificates_one_per_scope";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_per_scope" ON "certificates" USING btree ("organization_id","kind","member_id","scope_key","year","part","revision");