-- A new team changes nothing any process keeps: a user kept in memory carries only its selected
-- team, and no user can select a team before the insert that creates it has committed. The
-- announcement named the project alone (a team has no user), so every team created dropped
-- everything each process kept about its project, keys included. Its updates and deletions
-- (a selected team's name, a deleted team's selection cleared) are still announced.
DROP TRIGGER teams_announce ON teams;--> statement-breakpoint
CREATE TRIGGER teams_announce AFTER UPDATE OR DELETE ON teams FOR EACH ROW EXECUTE FUNCTION signet_announce_change();
