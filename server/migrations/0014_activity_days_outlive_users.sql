-- A user's activity days outlive the user, as the reference's activity events do: a user active
-- today and deleted since still counts in the metrics' daily active users (services/activity.ts).
ALTER TABLE "user_activity_days" DROP CONSTRAINT "user_activity_days_user_id_users_id_fk";