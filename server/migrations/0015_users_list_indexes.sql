-- The users list (services/user-list.ts) at a million users: pages walk sign-up order with the id
-- as tie-break, a provider filter reads that provider's users, and search (`ILIKE '%x%'` on display
-- names and emails) is served by trigram indexes.
CREATE INDEX "users_project_created_id_idx" ON "users" USING btree ("project_id","created_at","id");--> statement-breakpoint
DROP INDEX "users_project_created_idx";--> statement-breakpoint
CREATE INDEX "oauth_accounts_project_provider_user_idx" ON "oauth_accounts" USING btree ("project_id","provider_id","user_id");--> statement-breakpoint
-- pg_trgm ships with PostgreSQL's contrib (and with PGlite, which the server loads it into) and
-- is a trusted extension, so the database's owner may create it. Where it is missing or may not
-- be created, search still answers the same, reading more rows: the server must start anyway.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
    AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm not created (%): the users search works without its indexes, more slowly', SQLERRM;
    END;
  END IF;
  -- An extension created earlier may live in another schema (e.g. "extensions"): name it.
  SELECT extnamespace::regnamespace::text INTO trgm_schema FROM pg_extension WHERE extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX "contact_channels_value_trgm_idx" ON "contact_channels" USING gin ("value" %s.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin ("display_name" %s.gin_trgm_ops)', trgm_schema);
  END IF;
END $$;
