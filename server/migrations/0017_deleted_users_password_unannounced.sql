-- A password row removed with its user (ON DELETE CASCADE) could not find its project, since the
-- user was already gone, and announced '*': every process then dropped everything it kept about
-- every project, for one user's deletion. The user's own row announces that deletion (project and
-- user) in the same transaction, so such a password row now announces nothing. A password row
-- whose user is there announces as before.
CREATE OR REPLACE FUNCTION signet_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
  project text;
  usr text;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME = 'projects' THEN
    project := rec.id;
  ELSIF TG_TABLE_NAME IN ('api_key_sets', 'teams') THEN
    project := rec.project_id;
  ELSIF TG_TABLE_NAME = 'users' THEN
    project := rec.project_id;
    usr := rec.id;
  ELSIF TG_TABLE_NAME = 'password_credentials' THEN
    usr := rec.user_id;
    SELECT u.project_id INTO project FROM users u WHERE u.id = rec.user_id;
    IF project IS NULL THEN RETURN NULL; END IF;
  ELSE
    project := rec.project_id;
    usr := rec.user_id;
  END IF;
  -- A row whose project is unknown clears everything.
  PERFORM pg_notify('signet_changes', json_build_object('p', coalesce(project, '*'), 'u', usr)::text);
  RETURN NULL;
END
$$;
