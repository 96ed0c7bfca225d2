-- The owner's own SMS and WhatsApp provider (docs/PRODUCT.md#messaging): one connection per owner,
-- written only after the provider accepted the keys. The keys are sealed with APP_SECRET
-- (AES-256-GCM, like the Stripe secret key) and never answered; the Account SID is an identifier, not
-- a secret. `owner_token` names the owner in the provider's status callbacks
-- (/api/messaging/{provider}/status/{token}): looked up by its SHA-256, kept sealed to build the
-- callback address when a message is sent.
CREATE TABLE "messaging_connections" (
  "owner_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "provider" text NOT NULL,
  "account_sid" text,
  "auth_token" text,
  "access_key" text,
  "sender" text NOT NULL,
  "whatsapp_sender" text,
  "owner_token_hash" text NOT NULL,
  "owner_token" text NOT NULL,
  -- The provider refused the stored keys after they were saved: shown as broken until a save works.
  "broken_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "messaging_connections_provider_check" CHECK ("provider" in ('twilio', 'messagebird')),
  -- Each provider's keys: Twilio's SID and token, MessageBird's access key; WhatsApp only through Twilio.
  CONSTRAINT "messaging_connections_keys_check" CHECK (
    ("provider" = 'twilio' AND "account_sid" IS NOT NULL AND "auth_token" IS NOT NULL AND "access_key" IS NULL)
    OR ("provider" = 'messagebird' AND "access_key" IS NOT NULL AND "account_sid" IS NULL
        AND "auth_token" IS NULL AND "whatsapp_sender" IS NULL)
  )
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_connections_owner_token_hash_idx" ON "messaging_connections" USING btree ("owner_token_hash");
