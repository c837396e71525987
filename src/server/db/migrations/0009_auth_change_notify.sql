-- Every process keeps a short-lived cache of session reads (decision 0190); a change to what such a
-- read depends on is announced to all of them on commit, once per statement.
CREATE OR REPLACE FUNCTION "sp_notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sp_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "session_auth_changed" AFTER UPDATE OR DELETE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION "sp_notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "user_auth_changed" AFTER UPDATE OR DELETE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "sp_notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "member_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "member" FOR EACH STATEMENT EXECUTE FUNCTION "sp_notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_auth_changed" AFTER UPDATE OR DELETE ON "organization" FOR EACH STATEMENT EXECUTE FUNCTION "sp_notify_auth_changed"();
