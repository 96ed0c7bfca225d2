-- Issue 21, decision 007: the public month availability and taken times are cached per owner by a
-- version stamp that every change to what decides them bumps in the same transaction. The stamp is a
-- notification on the channel 'availability' with the owner's id as payload: PostgreSQL delivers it
-- to every listening instance at commit (never for a rolled-back change), and folds the repeats of
-- one transaction into one. Triggers are the one place no write path can forget.
-- What decides availability: the bookings occupying an owner's agendas (insert, move, cancel, delete,
-- holds), the services' rules and agendas (events), closures, agendas, Google busy times, and the
-- owner's time zone and whether Calendar is connected (users).
CREATE FUNCTION availability_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := TG_ARGV[0];
  old_owner text;
  new_owner text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_owner := to_jsonb(OLD) ->> col; END IF;
  IF TG_OP <> 'DELETE' THEN new_owner := to_jsonb(NEW) ->> col; END IF;
  IF old_owner IS NOT NULL THEN PERFORM pg_notify('availability', old_owner); END IF;
  IF new_owner IS NOT NULL AND new_owner IS DISTINCT FROM old_owner THEN
    PERFORM pg_notify('availability', new_owner);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_availability AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION availability_changed('owner_id');
--> statement-breakpoint
CREATE TRIGGER events_availability AFTER INSERT OR UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION availability_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER closures_availability AFTER INSERT OR UPDATE OR DELETE ON closures
  FOR EACH ROW EXECUTE FUNCTION availability_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER agendas_availability AFTER INSERT OR UPDATE OR DELETE ON agendas
  FOR EACH ROW EXECUTE FUNCTION availability_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER google_busy_times_availability AFTER INSERT OR UPDATE OR DELETE ON google_busy_times
  FOR EACH ROW EXECUTE FUNCTION availability_changed('user_id');
--> statement-breakpoint
-- Of the owner's row only the time zone and whether Calendar is connected decide availability (a token
-- refresh, a login or a setting does not).
CREATE TRIGGER users_availability AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    OLD.time_zone IS DISTINCT FROM NEW.time_zone
    OR (OLD.google_access_token IS NULL) <> (NEW.google_access_token IS NULL)
  ) EXECUTE FUNCTION availability_changed('id');
