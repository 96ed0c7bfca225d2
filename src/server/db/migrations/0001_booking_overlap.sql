-- No two non-cancelled bookings of one event may overlap in time. The database enforces this,
-- not a read-then-write check, so it holds under any concurrency and across app instances.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("event_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" <> 'cancelled');
