CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"text" text NOT NULL,
	"follow_up_on" date,
	"member_id" uuid,
	"member_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"email_key" text GENERATED ALWAYS AS (lower(btrim(email))) STORED,
	"phone" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"birth_date" date,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"marketing_consent_at" timestamp with time zone,
	"marketing_consent_source" text,
	"blocked_at" timestamp with time zone,
	"blocked_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customers_consent_source_check" CHECK ("customers"."marketing_consent_source" in ('owner', 'import'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";--> statement-breakpoint
ALTER TABLE "event_templates" DROP CONSTRAINT "event_templates_deposit_for_check";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_deposit_for_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "options" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "min_value" numeric;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "max_value" numeric;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_notes_follow_up_idx" ON "customer_notes" USING btree ("business_id","follow_up_on") WHERE "customer_notes"."follow_up_on" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_business_email_idx" ON "customers" USING btree ("business_id","email_key") WHERE "customers"."email_key" is not null;--> statement-breakpoint
CREATE INDEX "customers_business_phone_idx" ON "customers" USING btree ("business_id","phone");--> statement-breakpoint
CREATE INDEX "customers_business_name_idx" ON "customers" USING btree ("business_id",lower("name"),"id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_customer_starts_idx" ON "bookings" USING btree ("customer_id","starts_at");--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('booking.deleted', 'booking.refunded', 'service.created', 'service.updated', 'service.deleted', 'category.created', 'category.updated', 'category.deleted', 'template.created', 'template.updated', 'template.deleted', 'email_template.updated', 'agenda.created', 'agenda.updated', 'agenda.deleted', 'closure.created', 'closure.updated', 'closure.deleted', 'settings.updated', 'business_profile.updated', 'payment_keys.updated', 'payment_keys.removed', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'team.invited', 'team.invitation_revoked', 'team.joined', 'team.updated', 'team.removed', 'customer.created', 'customer.updated', 'customer.merged', 'customer.blocked', 'customer.unblocked', 'customer.imported', 'team.owner_changed', 'team.settings_updated', 'sign_in.succeeded', 'sign_in.failed', 'sign_in.two_factor_enabled', 'sign_in.two_factor_disabled', 'sign_in.password_changed'));--> statement-breakpoint
ALTER TABLE "event_templates" ADD CONSTRAINT "event_templates_deposit_for_check" CHECK ("event_templates"."deposit_for" in ('everyone', 'new_customers', 'new_or_no_show'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_deposit_for_check" CHECK ("events"."deposit_for" in ('everyone', 'new_customers', 'new_or_no_show'));--> statement-breakpoint
-- Search in a business's customers (name, e-mail, phone) with ILIKE '%…%' served by a trigram index.
CREATE INDEX IF NOT EXISTS customers_search_trgm_idx ON customers
  USING gin ((name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) gin_trgm_ops);
--> statement-breakpoint
-- The one rule that finds a booking's customer (docs/PRODUCT.md#customers): the e-mail address
-- (trimmed, any case), else the phone (a record with another address is another person), else, for a
-- booking with neither, a record of the same name that has neither. NULL: a new customer.
CREATE OR REPLACE FUNCTION find_customer(p_business uuid, p_name text, p_email text, p_phone text)
RETURNS uuid AS $$
DECLARE
  k text := lower(btrim(coalesce(p_email, '')));
  ph text := nullif(btrim(coalesce(p_phone, '')), '');
  found uuid;
BEGIN
  IF k <> '' THEN
    SELECT id INTO found FROM customers WHERE business_id = p_business AND email_key = k;
    IF found IS NOT NULL THEN RETURN found; END IF;
  END IF;
  IF ph IS NOT NULL THEN
    SELECT id INTO found FROM customers
      WHERE business_id = p_business AND phone = ph AND (k = '' OR email_key IS NULL)
      ORDER BY created_at, id LIMIT 1;
    RETURN found;
  END IF;
  IF k = '' THEN
    SELECT id INTO found FROM customers
      WHERE business_id = p_business AND email_key IS NULL AND phone IS NULL
        AND lower(btrim(name)) = lower(btrim(p_name))
      ORDER BY created_at, id LIMIT 1;
  END IF;
  RETURN found;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The customer of a booking, made when there is none yet. Two first bookings of one new address at
-- once meet at the unique index on (business_id, email_key): the second waits and gets the same id.
CREATE OR REPLACE FUNCTION customer_for(p_business uuid, p_name text, p_email text, p_phone text, p_at timestamptz)
RETURNS uuid AS $$
DECLARE
  e text := nullif(btrim(coalesce(p_email, '')), '');
  ph text := nullif(btrim(coalesce(p_phone, '')), '');
  found uuid := find_customer(p_business, p_name, p_email, p_phone);
BEGIN
  IF found IS NOT NULL THEN RETURN found; END IF;
  INSERT INTO customers (business_id, name, email, phone, created_at, updated_at)
    VALUES (p_business, btrim(p_name), e, ph, p_at, p_at)
    ON CONFLICT (business_id, email_key) WHERE email_key IS NOT NULL
    DO UPDATE SET email = customers.email
    RETURNING id INTO found;
  RETURN found;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every booking has a customer, whatever code writes it: a booking inserted without one is linked
-- here (after bookings_set_owner, which names the business: triggers run in name order).
CREATE OR REPLACE FUNCTION bookings_link_customer() RETURNS trigger AS $$
BEGIN
  IF NEW.customer_id IS NULL THEN
    NEW.customer_id := customer_for(NEW.owner_id, NEW.customer_name, NEW.customer_email, NEW.customer_phone, NEW.created_at);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_zz_link_customer BEFORE INSERT ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_link_customer();
--> statement-breakpoint
-- What a migration has to tell whoever runs it; the app logs each note once after migrating.
CREATE TABLE IF NOT EXISTS "migration_notes" (
  "id" serial PRIMARY KEY,
  "note" text NOT NULL,
  "logged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- Existing bookings, newest first, so a customer's record carries the name and phone they gave last;
-- the record's created_at is then set to their first booking's.
DO $$
DECLARE
  r record;
  linked integer := 0;
  made integer;
BEGIN
  FOR r IN SELECT id, owner_id, customer_name, customer_email, customer_phone, created_at
           FROM bookings WHERE customer_id IS NULL ORDER BY created_at DESC, id LOOP
    UPDATE bookings
      SET customer_id = customer_for(r.owner_id, r.customer_name, r.customer_email, r.customer_phone, r.created_at)
      WHERE id = r.id;
    linked := linked + 1;
  END LOOP;
  UPDATE customers c SET created_at = f.first, updated_at = f.first
    FROM (SELECT customer_id, min(created_at) AS first FROM bookings GROUP BY customer_id) f
    WHERE f.customer_id = c.id;
  SELECT count(*) INTO made FROM customers;
  INSERT INTO migration_notes (note)
    VALUES (format('migration 0026: %s customers made for %s existing bookings', made, linked));
END;
$$;
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "customer_id" SET NOT NULL;
