-- Agendas: bookings occupy an agenda (a person or a room), not an event. Live bookings of one agenda
-- never overlap, whatever service they belong to. Existing owners get a default agenda; their
-- services move into it unless their bookings overlap another service's, see the DO block below.
CREATE TABLE "agendas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#3B82F6' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"google_calendar_id" text,
	"needs_review" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agendas" ADD CONSTRAINT "agendas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendas_user_id_idx" ON "agendas" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agendas_one_default_idx" ON "agendas" USING btree ("user_id") WHERE "agendas"."is_default";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agenda_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agenda_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "agenda_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "agenda_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agenda_id_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_agenda_starts_idx" ON "bookings" USING btree ("agenda_id","starts_at");--> statement-breakpoint
-- Every owner has a default agenda, 'Agenda 1' until they rename it (nl.agendas.defaultName; not
-- the username, which is a login name and would reach the public booking page); the database
-- creates it with the user row, so no path that makes an owner can forget it.
CREATE OR REPLACE FUNCTION users_create_default_agenda() RETURNS trigger AS $$
BEGIN
  INSERT INTO agendas (user_id, name, is_default) VALUES (NEW.id, 'Agenda 1', true);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_create_default_agenda AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION users_create_default_agenda();
--> statement-breakpoint
INSERT INTO agendas (user_id, name, is_default) SELECT id, 'Agenda 1', true FROM users;
--> statement-breakpoint
-- A service saved without agendas books into the owner's default agenda.
CREATE OR REPLACE FUNCTION events_default_agendas() RETURNS trigger AS $$
BEGIN
  IF NEW.agenda_ids IS NULL OR cardinality(NEW.agenda_ids) = 0 THEN
    SELECT ARRAY[id] INTO NEW.agenda_ids FROM agendas WHERE user_id = NEW.user_id AND is_default;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER events_default_agendas BEFORE INSERT OR UPDATE OF agenda_ids ON events
  FOR EACH ROW EXECUTE FUNCTION events_default_agendas();
--> statement-breakpoint
-- bookings.owner_id as before (0005); a booking written without an agenda takes its event's first.
CREATE OR REPLACE FUNCTION bookings_set_owner() RETURNS trigger AS $$
BEGIN
  SELECT user_id, coalesce(NEW.agenda_id, agenda_ids[1]) INTO NEW.owner_id, NEW.agenda_id
    FROM events WHERE id = NEW.event_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Existing services, oldest first, go into their owner's default agenda unless one of their live
-- bookings overlaps a booking already placed there; such a service keeps its bookings in an agenda of
-- its own (named after it, flagged for the owner to review). Past bookings count too: the constraint
-- below covers every live booking, and rewriting an owner's history is not ours to do.
DO $$
DECLARE
  ev record;
  target uuid;
  -- No booking is longer than this, so an overlap check only needs bookings starting within it
  -- before: an index range on (agenda_id, starts_at) instead of every earlier booking.
  longest interval := (SELECT coalesce(max(ends_at - starts_at), interval '0') FROM bookings);
BEGIN
  FOR ev IN SELECT e.id, e.user_id, e.title, e.theme_color FROM events e ORDER BY e.user_id, e.created_at, e.id LOOP
    SELECT a.id INTO target FROM agendas a WHERE a.user_id = ev.user_id AND a.is_default;
    IF EXISTS (
      SELECT 1 FROM bookings mine
      JOIN bookings placed ON placed.agenda_id = target AND placed.status <> 'cancelled'
        AND placed.starts_at < mine.ends_at AND placed.starts_at > mine.starts_at - longest
        AND placed.ends_at > mine.starts_at
      WHERE mine.event_id = ev.id AND mine.status <> 'cancelled'
    ) THEN
      INSERT INTO agendas (user_id, name, color, needs_review)
        VALUES (ev.user_id, ev.title, ev.theme_color, true) RETURNING id INTO target;
    END IF;
    UPDATE events SET agenda_ids = ARRAY[target] WHERE id = ev.id;
    UPDATE bookings SET agenda_id = target WHERE event_id = ev.id;
  END LOOP;
END
$$;
--> statement-breakpoint
UPDATE event_templates t SET agenda_ids = ARRAY[a.id] FROM agendas a WHERE a.user_id = t.user_id AND a.is_default;
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "agenda_id" SET NOT NULL;
--> statement-breakpoint
-- The rule of 0001, now per agenda: no two non-cancelled bookings of one agenda overlap in time.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("agenda_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" <> 'cancelled');
