CREATE TABLE "api_key_sets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"publishable_client_key" text,
	"secret_server_key" text,
	"super_secret_admin_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"manually_revoked_at" timestamp with time zone,
	CONSTRAINT "api_key_sets_publishable_client_key_unique" UNIQUE("publishable_client_key"),
	CONSTRAINT "api_key_sets_secret_server_key_unique" UNIQUE("secret_server_key"),
	CONSTRAINT "api_key_sets_super_secret_admin_key_unique" UNIQUE("super_secret_admin_key")
);
--> statement-breakpoint
CREATE TABLE "contact_channels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT 'email' NOT NULL,
	"value" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"used_for_auth" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"is_production_mode" boolean DEFAULT false NOT NULL,
	"config_id" uuid NOT NULL,
	"allow_localhost" boolean DEFAULT true NOT NULL,
	"sign_up_enabled" boolean DEFAULT true NOT NULL,
	"credential_enabled" boolean DEFAULT true NOT NULL,
	"magic_link_enabled" boolean DEFAULT false NOT NULL,
	"passkey_enabled" boolean DEFAULT false NOT NULL,
	"client_team_creation_enabled" boolean DEFAULT false NOT NULL,
	"client_user_deletion_enabled" boolean DEFAULT false NOT NULL,
	"create_team_on_sign_up" boolean DEFAULT false NOT NULL,
	"oauth_account_merge_strategy" text DEFAULT 'link_method' NOT NULL,
	"email_config" jsonb DEFAULT '{"type":"shared"}'::jsonb NOT NULL,
	"domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"oauth_providers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"is_impersonation" boolean DEFAULT false NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "server_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"display_name" text,
	"profile_image_url" text,
	"client_metadata" jsonb,
	"client_read_only_metadata" jsonb,
	"server_metadata" jsonb,
	"selected_team_id" uuid,
	"otp_auth_enabled" boolean DEFAULT false NOT NULL,
	"totp_secret" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"code_hash" text NOT NULL,
	"nonce_hash" text NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"redirect_url" text,
	"method" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_key_sets" ADD CONSTRAINT "api_key_sets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_channels" ADD CONSTRAINT "contact_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_credentials" ADD CONSTRAINT "password_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_sets_project_idx" ON "api_key_sets" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_channels_auth_unique" ON "contact_channels" USING btree ("project_id","type","value") WHERE "contact_channels"."used_for_auth";--> statement-breakpoint
CREATE UNIQUE INDEX "contact_channels_user_value_unique" ON "contact_channels" USING btree ("user_id","type","value");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_channels_primary_unique" ON "contact_channels" USING btree ("user_id","type") WHERE "contact_channels"."is_primary";--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_project_created_idx" ON "users" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_codes_code_unique" ON "verification_codes" USING btree ("project_id","code_hash");--> statement-breakpoint
CREATE INDEX "verification_codes_nonce_idx" ON "verification_codes" USING btree ("project_id","nonce_hash");