-- Agenda hours and absences, services that need one agenda of each of several groups (a person and a
-- room), and visits of several services. A booking occupies its agenda and its extra agendas; the
-- exclusion constraint now compares all of them at once (intarray's && on agendas.num).
CREATE EXTENSION IF NOT EXISTS intarray;
--> statement-breakpoint
CREATE TABLE "agenda_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agenda_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agenda_absences_dates_check" CHECK ("agenda_absences"."end_date" >= "agenda_absences"."start_date"),
	CONSTRAINT "agenda_absences_hours_check" CHECK (("agenda_absences"."start_time" is null and "agenda_absences"."end_time" is null) or ("agenda_absences"."start_time" is not null and "agenda_absences"."end_time" is not null and "agenda_absences"."end_time" > "agenda_absences"."start_time"))
);
--> statement-breakpoint
ALTER TABLE "agendas" ADD COLUMN "working_days" jsonb;--> statement-breakpoint
ALTER TABLE "agendas" ADD COLUMN "daily_pause_times" jsonb;--> statement-breakpoint
ALTER TABLE "agendas" ADD COLUMN "num" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "agendas_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "extra_agenda_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agenda_nums" integer[];--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "visit_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "visit_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "extra_agenda_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "allow_combinations" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agenda_absences" ADD CONSTRAINT "agenda_absences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_absences" ADD CONSTRAINT "agenda_absences_agenda_id_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_absences_agenda_end_idx" ON "agenda_absences" USING btree ("agenda_id","end_date");--> statement-breakpoint
CREATE INDEX "agenda_absences_user_end_idx" ON "agenda_absences" USING btree ("user_id","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "agendas_num_idx" ON "agendas" USING btree ("num");--> statement-breakpoint
CREATE INDEX "bookings_extra_agendas_idx" ON "bookings" USING gin ("extra_agenda_ids") WHERE "bookings"."extra_agenda_ids" <> '{}'::uuid[];--> statement-breakpoint
CREATE INDEX "bookings_visit_idx" ON "bookings" USING btree ("visit_id","visit_position") WHERE "bookings"."visit_id" is not null;--> statement-breakpoint
-- The agendas a booking occupies, as numbers, sorted: computed from agenda_id (which bookings_set_owner
-- may have filled just before: triggers run in name order) and extra_agenda_ids, whatever code writes.
CREATE OR REPLACE FUNCTION bookings_set_agenda_nums() RETURNS trigger AS $$
BEGIN
  NEW.agenda_nums := (
    SELECT coalesce(array_agg(a.num ORDER BY a.num), '{}'::int[]) FROM agendas a
    WHERE a.id = NEW.agenda_id OR a.id = ANY (NEW.extra_agenda_ids)
  );
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_zx_agenda_nums BEFORE INSERT OR UPDATE OF agenda_id, extra_agenda_ids, agenda_nums, event_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_set_agenda_nums();
--> statement-breakpoint
UPDATE "bookings" b SET "agenda_nums" = ARRAY[a.num] FROM "agendas" a WHERE a.id = b.agenda_id;
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "agenda_nums" SET NOT NULL;
--> statement-breakpoint
-- The rule of 0012 over every agenda a booking occupies: no two live bookings that share an agenda
-- (a person or a room, first or extra) overlap, buffers included.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("agenda_nums" gist__int_ops WITH &&, tstzrange("blocked_from", "blocked_to") WITH &&)
  WHERE ("status" <> 'cancelled');
--> statement-breakpoint
-- An absence changes when its agenda can be booked: cached availability answers of its owner go (0017).
CREATE TRIGGER agenda_absences_availability AFTER INSERT OR UPDATE OR DELETE ON agenda_absences
  FOR EACH ROW EXECUTE FUNCTION availability_changed('user_id');
