-- A session's insert changes nothing any process keeps: the auth cache holds a user's entry per
-- session id, and no request can name a session before the insert that creates it has committed
-- (the tokens naming it are made in that transaction and sent after it). Its refresh, revocation
-- and expiry changes (update, delete) are still announced. Every sign-in and sign-up, each of
-- which opens a session, saves the trigger's work and a notification.
DROP TRIGGER refresh_tokens_announce ON refresh_tokens;--> statement-breakpoint
CREATE TRIGGER refresh_tokens_announce AFTER UPDATE OR DELETE ON refresh_tokens FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
