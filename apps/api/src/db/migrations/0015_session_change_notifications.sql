-- ==== Hand-written (no schema change): session change notifications ====
-- Every instance keeps a short memory of "this session is alive" (modules/auth/session-cache.ts) and
-- listens on the channel `session_changes` (db/notifications.ts). These triggers announce, in the
-- transaction that makes the change (delivered at its COMMIT, never for a rollback), every change that
-- must end such a memory: a session revoked or deleted, and an account changed in what a request's
-- session lookup carries (role, holder, administrator, family, establishment, e-mail, language) or
-- deleted. Triggers rather than application code, so that no path that revokes or changes an account
-- can forget to announce it. Payload: {"organizationId": …, "userId": …}; the trigger's argument names
-- the row's user column (`id` on users, `user_id` on auth_sessions).
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify(
    'session_changes',
    json_build_object('organizationId', changed ->> 'organization_id', 'userId', changed ->> TG_ARGV[0])::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_revoked_notify AFTER UPDATE OF revoked_at ON auth_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER auth_sessions_deleted_notify AFTER DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER users_session_facts_notify AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    (OLD.role, OLD.is_holder, OLD.is_system_admin, OLD.family_id, OLD.establishment_id, OLD.email,
      OLD.locale, OLD.deleted_at)
    IS DISTINCT FROM
    (NEW.role, NEW.is_holder, NEW.is_system_admin, NEW.family_id, NEW.establishment_id, NEW.email,
      NEW.locale, NEW.deleted_at)
  )
  EXECUTE FUNCTION notify_session_change('id');
--> statement-breakpoint
CREATE TRIGGER users_deleted_notify AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('id');
-- ==== End of hand-written SQL ====
