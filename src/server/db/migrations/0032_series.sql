-- Appointment series (docs/PRODUCT.md#series): the occurrences of one series share `series_id`,
-- written in one transaction; a service may let customers book a series of a few weekly times.
ALTER TABLE "bookings" ADD COLUMN "series_id" uuid;
--> statement-breakpoint
CREATE INDEX "bookings_series_idx" ON "bookings" USING btree ("series_id","starts_at") WHERE "bookings"."series_id" is not null;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_options" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_options_range"
  CHECK (cardinality("events"."series_options") <= 6 and 2 <= all("events"."series_options") and 52 >= all("events"."series_options"));
