CREATE TABLE "permission_definitions" (
	"project_id" text NOT NULL,
	"id" text NOT NULL,
	"description" text,
	"contained_permission_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "permission_definitions_project_id_id_pk" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
CREATE TABLE "team_member_permissions" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"permission_id" text NOT NULL,
	CONSTRAINT "team_member_permissions_team_id_user_id_permission_id_pk" PRIMARY KEY("team_id","user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"project_id" text NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"display_name" text,
	"profile_image_url" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"display_name" text NOT NULL,
	"profile_image_url" text,
	"client_metadata" jsonb,
	"client_read_only_metadata" jsonb,
	"server_metadata" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "permission_definitions" ADD CONSTRAINT "permission_definitions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_permissions" ADD CONSTRAINT "team_member_permissions_team_id_user_id_team_members_team_id_user_id_fk" FOREIGN KEY ("team_id","user_id") REFERENCES "public"."team_members"("team_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teams_project_created_idx" ON "teams" USING btree ("project_id","created_at");--> statement-breakpoint
-- A user's view carries the selected team, which the auth cache keeps: teams (project-wide, no
-- user) and memberships announce their changes too.
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
CREATE TRIGGER teams_announce AFTER INSERT OR UPDATE OR DELETE ON teams FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
--> statement-breakpoint
CREATE TRIGGER team_members_announce AFTER INSERT OR UPDATE OR DELETE ON team_members FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
--> statement-breakpoint
-- Every existing project gets the default definitions new projects get (services/teams/permissions.ts).
INSERT INTO permission_definitions (project_id, id, description, contained_permission_ids)
SELECT id, 'admin', 'Default permission for team creators', '["$delete_team","$invite_members","$read_members","$remove_members","$update_team"]'::jsonb FROM projects
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO permission_definitions (project_id, id, description, contained_permission_ids)
SELECT id, 'member', 'Default permission for team members', '["$invite_members","$read_members"]'::jsonb FROM projects
ON CONFLICT DO NOTHING;
