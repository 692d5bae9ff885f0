CREATE INDEX "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sent_emails_sent_at_idx" ON "sent_emails" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "verification_codes_dead_at_idx" ON "verification_codes" USING btree (least("expires_at", "used_at"));