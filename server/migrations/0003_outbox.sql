-- Whether the development outbox may serve an email is decided when it is sent; rows from before
-- this migration were never decided, so none of them is served (the safe side).
ALTER TABLE "sent_emails" ADD COLUMN "in_outbox" boolean DEFAULT false NOT NULL;
