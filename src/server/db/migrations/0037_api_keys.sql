-- API keys (docs/PRODUCT.md#public-api): a business's keys for the versioned API under /api/v1. Only
-- the key's SHA-256 is stored, looked up by a unique index; the prefix tells keys apart in the list.
-- A key acting is a new actor of the activity log, and making or revoking one two new kinds.
CREATE TABLE "api_keys" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "business_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "access" text NOT NULL,
  "key_hash" text NOT NULL,
  "prefix" text NOT NULL,
  "created_by_id" uuid REFERENCES "members"("id") ON DELETE set null,
  "created_by_name" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "last_used_at" timestamp with time zone,
  "expires_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  CONSTRAINT "api_keys_access_check" CHECK ("api_keys"."access" in ('read', 'read-write'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_business_idx" ON "api_keys" USING btree ("business_id", "created_at");
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_actor_check";
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_check" CHECK ("activity_log"."actor" in ('member', 'klant', 'systeem', 'google', 'api_sleutel'));
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('booking.deleted', 'booking.refunded', 'service.created', 'service.updated', 'service.deleted', 'category.created', 'category.updated', 'category.deleted', 'template.created', 'template.updated', 'template.deleted', 'email_template.updated', 'agenda.created', 'agenda.updated', 'agenda.deleted', 'closure.created', 'closure.updated', 'closure.deleted', 'settings.updated', 'business_profile.updated', 'payment_keys.updated', 'payment_keys.removed', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'team.invited', 'team.invitation_revoked', 'team.joined', 'team.updated', 'team.removed', 'customer.created', 'customer.updated', 'customer.merged', 'customer.blocked', 'customer.unblocked', 'customer.imported', 'waitlist.joined', 'waitlist.offered', 'waitlist.claimed', 'waitlist.lapsed', 'waitlist.left', 'waitlist.removed', 'team.owner_changed', 'team.settings_updated', 'sign_in.succeeded', 'sign_in.failed', 'sign_in.two_factor_enabled', 'sign_in.two_factor_disabled', 'sign_in.password_changed', 'api_key.created', 'api_key.revoked'));
--> statement-breakpoint
ALTER TABLE "booking_history" DROP CONSTRAINT "booking_history_actor_check";
--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_actor_check" CHECK ("booking_history"."actor" in ('customer', 'owner', 'google', 'system', 'api_key'));
