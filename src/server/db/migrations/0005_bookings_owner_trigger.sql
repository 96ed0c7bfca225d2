-- bookings.owner_id is always the event's owner: filled by the database on insert (and if a
-- booking were ever moved to another event), backfilled for existing rows.
CREATE OR REPLACE FUNCTION bookings_set_owner() RETURNS trigger AS $$
BEGIN
  SELECT user_id INTO NEW.owner_id FROM events WHERE id = NEW.event_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_set_owner BEFORE INSERT OR UPDATE OF event_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_set_owner();
--> statement-breakpoint
UPDATE bookings b SET owner_id = e.user_id FROM events e WHERE e.id = b.event_id AND b.owner_id IS NULL;
--> statement-breakpoint
-- Search in the owner's bookings (name, e-mail, phone) with ILIKE '%…%' served by a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS bookings_search_trgm_idx ON bookings
  USING gin ((customer_name || ' ' || coalesce(customer_email, '') || ' ' || coalesce(customer_phone, '')) gin_trgm_ops);
