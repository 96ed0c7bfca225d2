CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agenda_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_dates_check" CHECK ("closures"."end_date" >= "closures"."start_date")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "blocked_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "blocked_to" timestamp with time zone;--> statement-breakpoint
-- What a booking blocks in its agenda: its interval widened by the buffers it was made with. A trigger,
-- because timestamptz +/- interval is not immutable and cannot be a generated column; it runs on every
-- write so no code path can store a range that disagrees with the four columns.
CREATE FUNCTION bookings_set_blocked_range() RETURNS trigger AS $$
BEGIN
  NEW.blocked_from := NEW.starts_at - make_interval(mins => NEW.buffer_before_minutes);
  NEW.blocked_to := NEW.ends_at + make_interval(mins => NEW.buffer_after_minutes);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_set_blocked_range BEFORE INSERT OR UPDATE OF starts_at, ends_at, buffer_before_minutes, buffer_after_minutes, blocked_from, blocked_to ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_set_blocked_range();
--> statement-breakpoint
UPDATE "bookings" SET "blocked_from" = "starts_at", "blocked_to" = "ends_at";
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "blocked_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "blocked_to" SET NOT NULL;--> statement-breakpoint
-- The rule of 0011, now on the blocked range: no two live bookings of one agenda overlap, buffers included.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("agenda_id" WITH =, tstzrange("blocked_from", "blocked_to") WITH &&)
  WHERE ("status" <> 'cancelled');
--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "minimum_notice_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "booking_horizon_days" integer;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "slot_interval_minutes" integer;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "max_bookings_per_day" integer;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "cancel_cutoff_hours" integer;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "reschedule_cutoff_hours" integer;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "policy_text" text;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "date_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "minimum_notice_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "booking_horizon_days" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "slot_interval_minutes" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_bookings_per_day" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_cutoff_hours" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reschedule_cutoff_hours" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "policy_text" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "date_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_agenda_id_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closures_user_end_idx" ON "closures" USING btree ("user_id","end_date");--> statement-breakpoint
CREATE INDEX "bookings_agenda_blocked_idx" ON "bookings" USING btree ("agenda_id","blocked_from");