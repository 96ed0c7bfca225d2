-- Confirmations, changes, cancellations and reminders by SMS or WhatsApp (docs/PRODUCT.md#text-messages).
-- A service's settings (null: none), the booking's consent and when it was given (the customer's
-- last one too), the provider's id and reported status of each text message, and the numbers that
-- replied STOP to a business.
ALTER TABLE "events" ADD COLUMN "text_messages" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "text_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "text_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "text_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "provider_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_provider_status_check" CHECK ("provider_status" in ('queued', 'sent', 'delivered', 'undelivered', 'failed'));--> statement-breakpoint
CREATE INDEX "notifications_provider_message_idx" ON "notifications" USING btree ("provider_message_id") WHERE "provider_message_id" is not null;--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
  "owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "phone" text NOT NULL,
  "at" timestamp with time zone NOT NULL,
  CONSTRAINT "text_opt_outs_owner_id_phone_pk" PRIMARY KEY("owner_id","phone")
);
