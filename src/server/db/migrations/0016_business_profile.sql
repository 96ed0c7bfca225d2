CREATE TABLE "business_profiles" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"address" text,
	"phone" text,
	"website" text,
	"privacy_url" text,
	"public_slug" text NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"logo_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_profiles_logo_type_check" CHECK ("business_profiles"."logo_type" in ('image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "booking_history" DROP CONSTRAINT "booking_history_kind_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_on_profile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retention_months" integer;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_profiles_public_slug_idx" ON "business_profiles" USING btree ("public_slug");--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_kind_check" CHECK ("booking_history"."kind" in ('created', 'rescheduled', 'cancelled', 'paid', 'no_show', 'no_show_cleared', 'details_changed', 'anonymised'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_retention_months_check" CHECK ("users"."retention_months" between 1 and 120);--> statement-breakpoint
-- Issue 20: every owner has a business profile, made with the user row by the database (like the
-- default agenda), so no path that makes an owner can forget it. Its public address starts as the
-- username folded to a-z, 0-9 and hyphens; a name that is too short or taken gets a piece of the
-- user id, which no other owner has. The owner can choose another one in Instellingen.
CREATE OR REPLACE FUNCTION business_profile_slug(username text, user_id uuid) RETURNS text AS $$
DECLARE
  base text := trim(both '-' from left(regexp_replace(lower(username), '[^a-z0-9]+', '-', 'g'), 30));
  suffix text := left(replace(user_id::text, '-', ''), 8);
BEGIN
  IF length(base) < 3 THEN
    RETURN 'praktijk-' || suffix;
  END IF;
  IF EXISTS (SELECT 1 FROM business_profiles WHERE public_slug = base) THEN
    RETURN base || '-' || suffix;
  END IF;
  RETURN base;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_create_business_profile() RETURNS trigger AS $$
BEGIN
  INSERT INTO business_profiles (owner_id, public_slug)
  VALUES (NEW.id, business_profile_slug(NEW.username, NEW.id));
  RETURN NEW;
EXCEPTION WHEN unique_violation THEN
  -- Two owners with the same folded name registered at once: the later one takes a longer piece of
  -- its id (40 characters in all, the longest address the rule allows).
  INSERT INTO business_profiles (owner_id, public_slug)
  VALUES (NEW.id, 'praktijk-' || left(replace(NEW.id::text, '-', ''), 31));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_create_business_profile AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION users_create_business_profile();
--> statement-breakpoint
DO $$
DECLARE u record;
BEGIN
  FOR u IN SELECT id, username FROM users ORDER BY created_at, id LOOP
    INSERT INTO business_profiles (owner_id, public_slug) VALUES (u.id, business_profile_slug(u.username, u.id));
  END LOOP;
END $$;
