ALTER TABLE "organizations" ADD COLUMN "session_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "session_reminder_hour" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_org_actor_time" ON "audit_events" USING btree ("organization_id","actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_org_type_time" ON "audit_events" USING btree ("organization_id","type","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_org_data_member" ON "audit_events" USING btree ("organization_id",("data"->>'memberId'));--> statement-breakpoint
CREATE INDEX "audit_events_org_data_order" ON "audit_events" USING btree ("organization_id",("data"->>'orderId'));--> statement-breakpoint
-- ==== Hand-written SQL ====
-- The audit trail is append-only: no code path, API or manual statement changes or removes an event.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
-- ==== End of hand-written SQL ====
