DROP INDEX "invoices_org_issue";--> statement-breakpoint
DROP INDEX "orders_org_family_created";--> statement-breakpoint
DROP INDEX "orders_org_status_created";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_org_sort_name" ON "users" USING btree ("organization_id","sort_name","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_org_created_id" ON "orders" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_org_issue_number" ON "invoices" USING btree ("organization_id","issue_date","number");--> statement-breakpoint
CREATE INDEX "invoices_org_status_totals" ON "invoices" USING btree ("organization_id","status","issue_date","total_amount","credited_amount");--> statement-breakpoint
CREATE INDEX "orders_org_family_created" ON "orders" USING btree ("organization_id","family_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_org_status_created" ON "orders" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
-- ==== Hand-written SQL: the members list's stored sort name ====
-- `users.sort_name` is what the members list sorts on by name: the account's own member's « first last »,
-- trimmed and in lower case, or the account's e-mail when that is empty (the same key the list computed
-- per row before, now stored so that an index serves the order at any depth). Kept here, by triggers,
-- so every writer (sign-up, profile, members administration, seed, imports) keeps it without knowing.
CREATE FUNCTION users_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sort_name := lower(coalesce(
    (SELECT nullif(trim(m.first_name || ' ' || m.last_name), '') FROM members m
      WHERE m.organization_id = NEW.organization_id AND m.user_id = NEW.id),
    NEW.email));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_sort_name BEFORE INSERT OR UPDATE OF email ON users
  FOR EACH ROW EXECUTE FUNCTION users_sort_name();
--> statement-breakpoint
CREATE FUNCTION members_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The account the member left (deleted, or linked to another account) falls back to its e-mail.
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL
     AND (TG_OP = 'DELETE' OR OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    UPDATE users SET sort_name = lower(email)
      WHERE organization_id = OLD.organization_id AND id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
    UPDATE users SET sort_name = lower(coalesce(nullif(trim(NEW.first_name || ' ' || NEW.last_name), ''), email))
      WHERE organization_id = NEW.organization_id AND id = NEW.user_id
        AND sort_name IS DISTINCT FROM
          lower(coalesce(nullif(trim(NEW.first_name || ' ' || NEW.last_name), ''), email));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER members_sort_name AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name, user_id ON members
  FOR EACH ROW EXECUTE FUNCTION members_sort_name();
--> statement-breakpoint
UPDATE users u SET sort_name = lower(coalesce(
  (SELECT nullif(trim(m.first_name || ' ' || m.last_name), '') FROM members m
    WHERE m.organization_id = u.organization_id AND m.user_id = u.id),
  u.email));
-- ==== End of hand-written SQL ====
