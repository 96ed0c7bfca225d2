-- Requests the owner approves (docs/PRODUCT.md#approval): a service may make customers' bookings
-- wait for the owner's decision as `requested`. Such a booking is not cancelled, so the exclusion
-- constraint over its agendas and the class places' trigger count it as they count a confirmed one:
-- it holds its time until approved, declined or lapsed.
ALTER TABLE "events" ADD COLUMN "approval" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_approval_check" CHECK ("events"."approval" in ('none', 'new_customers', 'everyone'));
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_hours" integer DEFAULT 48 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approval_hours_check" CHECK ("users"."approval_hours" between 1 and 336);
--> statement-breakpoint
-- The decision link's SHA-256 (the token is sealed into the owner's mail only) and when the request
-- lapses undecided (the owner's hours, never past the start).
ALTER TABLE "bookings" ADD COLUMN "approval_token_hash" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "approval_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_approval_token_hash_unique" UNIQUE("approval_token_hash");
--> statement-breakpoint
CREATE INDEX "bookings_requested_expiry_idx" ON "bookings" USING btree ("approval_expires_at") WHERE "bookings"."status" = 'requested';
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'pending', 'cancelled', 'requested'));
--> statement-breakpoint
ALTER TABLE "booking_history" DROP CONSTRAINT "booking_history_kind_check";
--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_kind_check" CHECK ("booking_history"."kind" in ('created', 'rescheduled', 'cancelled', 'paid', 'no_show', 'no_show_cleared', 'details_changed', 'anonymised', 'requested', 'approved', 'declined'));
--> statement-breakpoint
ALTER TABLE "event_webhooks" DROP CONSTRAINT "event_webhooks_triggers_check";
--> statement-breakpoint
ALTER TABLE "event_webhooks" ADD CONSTRAINT "event_webhooks_triggers_check" CHECK ("event_webhooks"."triggers" <@ array['booking.created', 'booking.rescheduled', 'booking.cancelled', 'booking.paid', 'booking.no_show', 'waitlist.joined', 'waitlist.offered', 'waitlist.claimed', 'booking.requested', 'booking.declined']::text[]);
