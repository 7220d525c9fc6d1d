ALTER TABLE "assets" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: the seals and signatures already uploaded become private (certificates print them; the
-- public asset route no longer serves them).
UPDATE "assets" SET "private" = true
WHERE ("organization_id", "id") IN (
  SELECT "id", "mutual_seal" FROM "organizations" WHERE "mutual_seal" IS NOT NULL
  UNION
  SELECT "id", "signature_stamp" FROM "organizations" WHERE "signature_stamp" IS NOT NULL
);
