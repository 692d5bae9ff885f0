-- Every committed change to what request authentication reads is announced on the channel
-- signet_changes, so each server process can drop what it kept in memory (services/auth-cache).
-- Payload: {"p": project id} for project-wide changes, {"p": project id, "u": user id} for a user's.
CREATE OR REPLACE FUNCTION signet_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
  project text;
  usr text;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME = 'projects' THEN
    project := rec.id;
  ELSIF TG_TABLE_NAME = 'api_key_sets' THEN
    project := rec.project_id;
  ELSIF TG_TABLE_NAME = 'users' THEN
    project := rec.project_id;
    usr := rec.id;
  ELSIF TG_TABLE_NAME = 'password_credentials' THEN
    usr := rec.user_id;
    SELECT u.project_id INTO project FROM users u WHERE u.id = rec.user_id;
  ELSE
    project := rec.project_id;
    usr := rec.user_id;
  END IF;
  -- A row whose project is unknown (its user already gone) clears everything.
  PERFORM pg_notify('signet_changes', json_build_object('p', coalesce(project, '*'), 'u', usr)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_announce AFTER INSERT OR UPDATE OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
--> statement-breakpoint
CREATE TRIGGER api_key_sets_announce AFTER INSERT OR UPDATE OR DELETE ON api_key_sets FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
--> statement-breakpoint
CREATE TRIGGER users_announce AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
--> statement-breakpoint
CREATE TRIGGER contact_channels_announce AFTER INSERT OR UPDATE OR DELETE ON contact_channels FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
--> statement-breakpoint
CREATE TRIGGER password_credentials_announce AFTER INSERT OR UPDATE OR DELETE ON password_credentials FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_announce AFTER INSERT OR UPDATE OR DELETE ON refresh_tokens FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
