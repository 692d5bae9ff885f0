CREATE TABLE "cli_auth_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"polling_code_hash" text NOT NULL,
	"login_code_hash" text NOT NULL,
	"refresh_token_sealed" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"message_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"url" text NOT NULL,
	"status" integer NOT NULL,
	"trigger_type" integer DEFAULT 0 NOT NULL,
	"response_status_code" integer NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"response_duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"message_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"project_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_message_id_endpoint_id_pk" PRIMARY KEY("message_id","endpoint_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"uid" text,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"filter_types" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_sealed" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_id" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"svix_pending" boolean DEFAULT false NOT NULL,
	"svix_attempt_count" integer DEFAULT 0 NOT NULL,
	"svix_next_attempt_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cli_auth_attempts" ADD CONSTRAINT "cli_auth_attempts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cli_auth_attempts_polling_code_unique" ON "cli_auth_attempts" USING btree ("polling_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "cli_auth_attempts_login_code_unique" ON "cli_auth_attempts" USING btree ("login_code_hash");--> statement-breakpoint
CREATE INDEX "cli_auth_attempts_expires_at_idx" ON "cli_auth_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_message_idx" ON "webhook_attempts" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","message_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_project_idx" ON "webhook_endpoints" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_uid_unique" ON "webhook_endpoints" USING btree ("project_id","uid") WHERE "webhook_endpoints"."uid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_messages_project_idx" ON "webhook_messages" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_messages_svix_pending_idx" ON "webhook_messages" USING btree ("svix_next_attempt_at") WHERE "webhook_messages"."svix_pending";