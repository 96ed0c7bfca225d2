-- Issue 18: deposits on events and templates, the money and refund of each booking, no-shows, the
-- owner's payment-key health, Stripe webhook endpoint and auto-refund setting, and webhook triggers.
-- Every new column has a default or is nullable, so rows written before keep their meaning.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amount_paid" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amount_due" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "deposit_type" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "deposit_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "event_templates" ADD COLUMN "deposit_for" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_webhooks" ADD COLUMN "triggers" text[] DEFAULT '{booking.created}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "deposit_type" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "deposit_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "deposit_for" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_keys_broken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_webhook_endpoint_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_refund_open_idx" ON "bookings" USING btree ("updated_at") WHERE "bookings"."refund_status" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_status_check" CHECK ("bookings"."refund_status" in ('pending', 'failed', 'succeeded'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('not_required', 'paid', 'pending', 'refunded'));--> statement-breakpoint
ALTER TABLE "event_templates" ADD CONSTRAINT "event_templates_deposit_type_check" CHECK ("event_templates"."deposit_type" in ('none', 'fixed', 'percent'));--> statement-breakpoint
ALTER TABLE "event_templates" ADD CONSTRAINT "event_templates_deposit_for_check" CHECK ("event_templates"."deposit_for" in ('everyone', 'new_customers'));--> statement-breakpoint
ALTER TABLE "event_webhooks" ADD CONSTRAINT "event_webhooks_triggers_check" CHECK ("event_webhooks"."triggers" <@ array['booking.created', 'booking.no_show']::text[]);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_deposit_type_check" CHECK ("events"."deposit_type" in ('none', 'fixed', 'percent'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_deposit_for_check" CHECK ("events"."deposit_for" in ('everyone', 'new_customers'));