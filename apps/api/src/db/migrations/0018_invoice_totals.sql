CREATE TABLE "invoice_totals" (
	"organization_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"invoices" integer NOT NULL,
	"amount" bigint NOT NULL,
	"credited" bigint NOT NULL,
	"outstanding" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoice_totals_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE INDEX "invoice_totals_org_issue" ON "invoice_totals" USING btree ("organization_id","issue_date","due_date","status");--> statement-breakpoint
CREATE INDEX "invoice_totals_unfolded" ON "invoice_totals" USING btree ("organization_id","issue_date","due_date","status") WHERE not "invoice_totals"."folded";--> statement-breakpoint
-- ==== Hand-written SQL: the accounting totals' running sums ====
-- An invoice's contribution: 1 invoice, its cents, credited cents and cents still due, where what it
-- received is its order's `paid_amount` (its own `paid_amount` for a free invoice), as the accounting
-- list reads it. Every change of an invoice, or of its order's paid amount, appends the difference.
CREATE FUNCTION invoice_totals_of_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The order's paid amount as it stands: the same for the old and the new row (the order's trigger
  -- moves the invoice's due cents when it changes, having share-locked the invoice first).
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO invoice_totals (organization_id, issue_date, due_date, status, invoices, amount, credited, outstanding)
    VALUES (OLD.organization_id, OLD.issue_date, OLD.due_date, OLD.status, -1, -OLD.total_amount, -OLD.credited_amount,
      -greatest(0, OLD.total_amount - OLD.credited_amount - coalesce((SELECT o.paid_amount FROM orders o
        WHERE o.organization_id = OLD.organization_id AND o.id = OLD.order_id), OLD.paid_amount)));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO invoice_totals (organization_id, issue_date, due_date, status, invoices, amount, credited, outstanding)
    VALUES (NEW.organization_id, NEW.issue_date, NEW.due_date, NEW.status, 1, NEW.total_amount, NEW.credited_amount,
      greatest(0, NEW.total_amount - NEW.credited_amount - coalesce((SELECT o.paid_amount FROM orders o
        WHERE o.organization_id = NEW.organization_id AND o.id = NEW.order_id), NEW.paid_amount)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_totals_written AFTER INSERT OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_totals_of_invoice();
--> statement-breakpoint
-- Only when a summed column changes (the number given at commit, a reminder's date leave them alone).
CREATE TRIGGER invoice_totals_changed AFTER UPDATE ON invoices
  FOR EACH ROW WHEN ((OLD.organization_id, OLD.order_id, OLD.status, OLD.issue_date, OLD.due_date, OLD.total_amount,
      OLD.credited_amount, OLD.paid_amount)
    IS DISTINCT FROM (NEW.organization_id, NEW.order_id, NEW.status, NEW.issue_date, NEW.due_date, NEW.total_amount,
      NEW.credited_amount, NEW.paid_amount))
  EXECUTE FUNCTION invoice_totals_of_invoice();
--> statement-breakpoint
-- An order's paid amount moves its invoice's due cents. The invoice is share-locked first: an invoice
-- changed by a transaction still running is read once that one has committed, never half-counted.
CREATE FUNCTION invoice_totals_of_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_totals (organization_id, issue_date, due_date, status, invoices, amount, credited, outstanding)
  SELECT i.organization_id, i.issue_date, i.due_date, i.status, 0, 0, 0, i.due_now - i.due_before
  FROM (SELECT organization_id, issue_date, due_date, status,
          greatest(0, total_amount - credited_amount - NEW.paid_amount) AS due_now,
          greatest(0, total_amount - credited_amount - OLD.paid_amount) AS due_before
        FROM invoices WHERE organization_id = NEW.organization_id AND order_id = NEW.id FOR SHARE) i
  WHERE i.due_now <> i.due_before;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_totals_paid AFTER UPDATE OF paid_amount ON orders
  FOR EACH ROW WHEN (OLD.paid_amount IS DISTINCT FROM NEW.paid_amount)
  EXECUTE FUNCTION invoice_totals_of_order();
--> statement-breakpoint
-- Merges the deltas of every key that has new ones into one row (a key summing to nothing goes). One
-- statement: readers see the deltas or their sum, and deltas committed meanwhile wait for the next fold.
CREATE FUNCTION fold_invoice_totals() RETURNS void LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT DISTINCT organization_id, issue_date, due_date, status FROM invoice_totals WHERE NOT folded
  ), gone AS (
    DELETE FROM invoice_totals t USING fresh f
    WHERE t.organization_id = f.organization_id AND t.issue_date = f.issue_date AND t.due_date = f.due_date
      AND t.status = f.status
    RETURNING t.*
  )
  INSERT INTO invoice_totals (organization_id, issue_date, due_date, status, invoices, amount, credited, outstanding, folded)
  SELECT organization_id, issue_date, due_date, status, sum(invoices), sum(amount), sum(credited), sum(outstanding), true
  FROM gone GROUP BY organization_id, issue_date, due_date, status
  HAVING sum(invoices) <> 0 OR sum(amount) <> 0 OR sum(credited) <> 0 OR sum(outstanding) <> 0;
$$;
--> statement-breakpoint
INSERT INTO invoice_totals (organization_id, issue_date, due_date, status, invoices, amount, credited, outstanding, folded)
SELECT i.organization_id, i.issue_date, i.due_date, i.status, count(*), sum(i.total_amount), sum(i.credited_amount),
  sum(greatest(0, i.total_amount - i.credited_amount - coalesce(o.paid_amount, i.paid_amount))), true
FROM invoices i LEFT JOIN orders o ON o.organization_id = i.organization_id AND o.id = i.order_id
GROUP BY i.organization_id, i.issue_date, i.due_date, i.status;
-- ==== End of hand-written SQL ====
