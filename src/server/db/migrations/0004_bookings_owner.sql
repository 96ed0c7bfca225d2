DROP INDEX "bookings_starts_at_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
CREATE INDEX "bookings_owner_starts_idx" ON "bookings" USING btree ("owner_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "bookings_owner_status_starts_idx" ON "bookings" USING btree ("owner_id","status","starts_at","id");--> statement-breakpoint
CREATE INDEX "bookings_owner_date_idx" ON "bookings" USING btree ("owner_id","booking_date");--> statement-breakpoint
CREATE INDEX "bookings_owner_payment_idx" ON "bookings" USING btree ("owner_id","payment_status","event_id");