-- A year's certificate (281.86, payment certificate) carries national register numbers and belongs to the
-- organisation: no establishment manager may reach it, even when the child went to one establishment only.
UPDATE "certificates" SET "establishment_id" = NULL WHERE "kind" IN ('tax', 'payment');--> statement-breakpoint
UPDATE "documents" SET "establishment_id" = NULL WHERE "kind" = 'certificate.tax';
