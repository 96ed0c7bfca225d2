-- Issue 19: each booking's history (and the messages each change caused), password reset links, the
-- owner's calendar feed token and the webhook triggers for moves, cancels and payments.
CREATE TABLE "booking_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_history_kind_check" CHECK ("booking_history"."kind" in ('created', 'rescheduled', 'cancelled', 'paid', 'no_show', 'no_show_cleared', 'details_changed')),
	CONSTRAINT "booking_history_actor_check" CHECK ("booking_history"."actor" in ('customer', 'owner', 'google', 'system'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_webhooks" DROP CONSTRAINT "event_webhooks_triggers_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "history_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_token" text;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_history_booking_at_idx" ON "booking_history" USING btree ("booking_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_idx" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_history_id_booking_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."booking_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_feed_token_hash_idx" ON "users" USING btree ("calendar_feed_token_hash") WHERE "users"."calendar_feed_token_hash" is not null;--> statement-breakpoint
ALTER TABLE "event_webhooks" ADD CONSTRAINT "event_webhooks_triggers_check" CHECK ("event_webhooks"."triggers" <@ array['booking.created', 'booking.rescheduled', 'booking.cancelled', 'booking.paid', 'booking.no_show']::text[]);--> statement-breakpoint
-- Every booking made before had a history of one entry: a customer made it (there were no manual
-- bookings yet). Later changes of those bookings were not recorded and stay untold.
INSERT INTO "booking_history" ("booking_id", "owner_id", "kind", "actor", "at")
SELECT "id", "owner_id", 'created', 'customer', "created_at" FROM "bookings" WHERE "owner_id" IS NOT NULL;
