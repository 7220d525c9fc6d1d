-- Invoices are numbered at COMMIT. The number comes from the organisation's counter row
-- (document_sequences), whose row lock makes numbers gapless: taking it inside the writing transaction
-- kept every other checkout of the organisation waiting for the rest of that transaction (several round
-- trips). A deferred constraint trigger takes it while the transaction commits, so the lock is held
-- for the commit alone. A rolled-back transaction never reaches it: no number is lost.
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;
--> statement-breakpoint
-- The next number of a document kind for an organisation and year: `2026-000123` for invoices,
-- `NC-2026-000012` for credit notes (notes de crédit). The one place the format is written.
CREATE FUNCTION next_document_number(organization text, document_kind text, document_year integer)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  INSERT INTO document_sequences (organization_id, kind, year, last_number)
  VALUES (organization, document_kind, document_year, 1)
  ON CONFLICT (organization_id, kind, year)
  DO UPDATE SET last_number = document_sequences.last_number + 1
  RETURNING last_number INTO n;
  RETURN CASE WHEN document_kind = 'credit-note' THEN 'NC-' ELSE '' END
    || document_year::text || '-' || CASE WHEN n < 1000000 THEN lpad(n::text, 6, '0') ELSE n::text END;
END $$;
--> statement-breakpoint
CREATE FUNCTION number_invoice_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices
  SET number = next_document_number(NEW.organization_id, 'invoice', extract(year FROM NEW.issue_date)::integer)
  WHERE organization_id = NEW.organization_id AND id = NEW.id AND number IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoices_number_at_commit
AFTER INSERT ON invoices
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW.number IS NULL)
EXECUTE FUNCTION number_invoice_at_commit();
