-- Group classes (docs/PRODUCT.md#classes): a service with `seats` > 1 sells that many places per
-- time in an agenda. The places are counted in `class_sessions`, one row per service, agenda and
-- start, kept by the trigger below inside every booking's own statement: a CHECK refuses the place
-- past the last, whatever the concurrency, and a cancel or move gives its places back. Each write
-- takes the service's current `seats` as the class's capacity, so fewer seats than are sold let
-- nobody in until enough places come free (the service refuses that change with the time first).
ALTER TABLE "events" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_seats_per_booking" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_seats_range" CHECK ("seats" BETWEEN 1 AND 500);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_max_seats_per_booking_range"
  CHECK ("max_seats_per_booking" BETWEEN 1 AND "seats");
--> statement-breakpoint
CREATE TABLE "class_sessions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE cascade,
  "agenda_id" uuid NOT NULL REFERENCES "agendas"("id") ON DELETE cascade,
  "starts_at" timestamp with time zone NOT NULL,
  "seats_taken" integer DEFAULT 0 NOT NULL,
  "capacity" integer NOT NULL,
  CONSTRAINT "class_sessions_seats_taken_nonnegative" CHECK ("seats_taken" >= 0),
  CONSTRAINT "class_sessions_seats_left" CHECK ("seats_taken" <= "capacity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "class_sessions_event_agenda_start_idx"
  ON "class_sessions" ("event_id", "agenda_id", "starts_at");
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seats_positive" CHECK ("seats" >= 1);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "class_session_id" uuid
  REFERENCES "class_sessions"("id") ON DELETE set null;
--> statement-breakpoint
-- Who occupies the agenda: a booking itself, or the class its places belong to. Bookings of one
-- class share the agenda at its time; against every other booking it is occupied once.
ALTER TABLE "bookings" ADD COLUMN "occupancy_key" uuid
  GENERATED ALWAYS AS (coalesce("class_session_id", "id")) STORED;
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("agenda_nums" gist__int_ops WITH &&, tstzrange("blocked_from", "blocked_to") WITH &&,
    "occupancy_key" WITH <>)
  WHERE ("status" <> 'cancelled');
--> statement-breakpoint
CREATE FUNCTION booking_class_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  capacity integer;
  session uuid;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.class_session_id IS NOT NULL AND OLD.status <> 'cancelled' THEN
    UPDATE class_sessions SET seats_taken = seats_taken - OLD.seats WHERE id = OLD.class_session_id;
  END IF;
  -- A deleted booking (the owner's delete, an erased customer) gives its places back too.
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  -- A cancelled booking takes no place; it keeps the class it was of.
  IF NEW.status = 'cancelled' THEN
    RETURN NEW;
  END IF;
  SELECT e.seats INTO capacity FROM events e WHERE e.id = NEW.event_id;
  IF capacity IS NULL OR capacity <= 1 THEN
    NEW.class_session_id := NULL;
    RETURN NEW;
  END IF;
  INSERT INTO class_sessions (event_id, agenda_id, starts_at, seats_taken, capacity)
    VALUES (NEW.event_id, NEW.agenda_id, NEW.starts_at, NEW.seats, capacity)
    ON CONFLICT (event_id, agenda_id, starts_at)
      DO UPDATE SET seats_taken = class_sessions.seats_taken + EXCLUDED.seats_taken,
        capacity = EXCLUDED.capacity
    RETURNING id INTO session;
  NEW.class_session_id := session;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- After the triggers that fill agenda_id (bookings_set_owner) and agenda_nums: BEFORE triggers
-- run in name order.
CREATE TRIGGER bookings_zy_class_seats
  BEFORE INSERT OR DELETE OR UPDATE OF status, seats, starts_at, agenda_id, event_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_class_seats();
