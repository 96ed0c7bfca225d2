DROP INDEX "booking_history_booking_at_idx";--> statement-breakpoint
ALTER TABLE "agendas" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "updated_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "business_profiles" ALTER COLUMN "updated_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "closures" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_templates" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_templates" ALTER COLUMN "updated_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "event_categories" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "event_templates" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "event_webhooks" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "google_calendar_channels" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "booking_history" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "booking_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "booking_history_booking_at_idx" ON "booking_history" USING btree ("booking_id","at","seq");--> statement-breakpoint
-- Hand-written: the rows the database makes with a user take the user's created_at (the app's
-- clock), now that no table stamps a time by the database's clock.
CREATE OR REPLACE FUNCTION users_create_default_agenda() RETURNS trigger AS $$
BEGIN
  INSERT INTO agendas (user_id, name, is_default, created_at) VALUES (NEW.id, 'Agenda 1', true, NEW.created_at);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_create_business_profile() RETURNS trigger AS $$
BEGIN
  INSERT INTO business_profiles (owner_id, public_slug, updated_at)
  VALUES (NEW.id, business_profile_slug(NEW.username, NEW.id), NEW.created_at);
  RETURN NEW;
EXCEPTION WHEN unique_violation THEN
  -- Two owners with the same folded name registered at once: the later one takes a longer piece of
  -- its id (40 characters in all, the longest address the rule allows).
  INSERT INTO business_profiles (owner_id, public_slug, updated_at)
  VALUES (NEW.id, 'praktijk-' || left(replace(NEW.id::text, '-', ''), 31), NEW.created_at);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
