-- REST-hook subscriptions of the versioned API (docs/PRODUCT.md#public-api): a hook made by an API
-- key is business-wide (every service) instead of one service's. It is an event_webhooks row like the
-- owner's webhooks, so planning, signing, retries, the delivery log and the address checks are one
-- code: a row belongs either to a service (event_id) or to a business (owner_id), never both.
ALTER TABLE "event_webhooks" ALTER COLUMN "event_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "event_webhooks" ADD COLUMN "owner_id" uuid REFERENCES "users"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "event_webhooks" ADD COLUMN "created_by_api_key_id" uuid REFERENCES "api_keys"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "event_webhooks" ADD CONSTRAINT "event_webhooks_scope_check" CHECK (("event_webhooks"."event_id" is null) <> ("event_webhooks"."owner_id" is null));
--> statement-breakpoint
CREATE INDEX "event_webhooks_owner_id_idx" ON "event_webhooks" USING btree ("owner_id");
