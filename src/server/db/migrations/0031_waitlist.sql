-- The waitlist (docs/PRODUCT.md#waitlist): customers wait for a time (a full class, a taken slot) or
-- for any time of a day. `waitlist_wakeups` is the outbox of "places may have come free": the
-- trigger below writes a row in the statement of every booking change that frees an agenda or a
-- class place on a day someone waits for, so the offers it leads to are made after the change
-- committed and never lost to a crash (the worker deletes the row in the transaction of its offers).
ALTER TABLE "events" ADD COLUMN "waitlist_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_offer_minutes" integer DEFAULT 120 NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waitlist_offer_minutes_range"
  CHECK ("waitlist_offer_minutes" BETWEEN 15 AND 1440);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  -- The order of the list: joins of one service and day are serialised (an advisory lock), so the
  -- sequence follows their commits.
  "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  "event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE cascade,
  "owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "wait_date" date NOT NULL,
  -- Null: any time of that day.
  "wait_time" text,
  "seats" integer DEFAULT 1 NOT NULL,
  "customer_name" text NOT NULL,
  "customer_email" text NOT NULL,
  "customer_phone" text,
  -- The link's secret: looked up by its SHA-256, kept sealed for the offer mails sent later.
  "token_hash" text NOT NULL,
  "token_box" text NOT NULL,
  "status" text DEFAULT 'waiting' NOT NULL,
  -- A time's offer: the held place (a pending booking without payment) until it lapses.
  "offer_booking_id" uuid REFERENCES "bookings"("id") ON DELETE set null,
  "offer_time" text,
  "offered_at" timestamp with time zone,
  "offer_expires_at" timestamp with time zone,
  -- A day's entry was told of free times then (everyone waiting for the day at once).
  "notified_at" timestamp with time zone,
  "booking_id" uuid REFERENCES "bookings"("id") ON DELETE set null,
  "created_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "waitlist_entries_seats_positive" CHECK ("seats" >= 1),
  CONSTRAINT "waitlist_entries_status_check" CHECK ("status" in ('waiting', 'offered', 'claimed', 'left', 'removed', 'lapsed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_token_hash_idx" ON "waitlist_entries" ("token_hash");
--> statement-breakpoint
-- One open entry per address for one time (or one day) of a service.
CREATE UNIQUE INDEX "waitlist_entries_one_open_idx"
  ON "waitlist_entries" ("event_id", "wait_date", coalesce("wait_time", ''), lower("customer_email"))
  WHERE "status" in ('waiting', 'offered');
--> statement-breakpoint
CREATE INDEX "waitlist_entries_open_idx"
  ON "waitlist_entries" ("owner_id", "wait_date", "seq") WHERE "status" in ('waiting', 'offered');
--> statement-breakpoint
CREATE INDEX "waitlist_entries_offers_idx"
  ON "waitlist_entries" ("offer_expires_at") WHERE "status" = 'offered';
--> statement-breakpoint
CREATE TABLE "waitlist_wakeups" (
  "event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE cascade,
  "wait_date" date NOT NULL,
  CONSTRAINT "waitlist_wakeups_pk" PRIMARY KEY ("event_id", "wait_date")
);
--> statement-breakpoint
CREATE FUNCTION waitlist_wake(owner uuid, day date) RETURNS void LANGUAGE sql AS $$
  INSERT INTO waitlist_wakeups (event_id, wait_date)
    SELECT DISTINCT w.event_id, w.wait_date FROM waitlist_entries w
    WHERE w.owner_id = owner AND w.wait_date = day AND w.status = 'waiting'
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- A live booking that is cancelled, deleted, moved or takes fewer places frees its agenda and its
-- class places on its day for every service of the owner (they may share the agenda).
CREATE FUNCTION booking_frees_waitlist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'cancelled' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status <> 'cancelled' AND NEW.blocked_from = OLD.blocked_from
    AND NEW.blocked_to = OLD.blocked_to AND NEW.agenda_nums = OLD.agenda_nums AND NEW.seats >= OLD.seats
    AND NEW.event_id = OLD.event_id THEN
    RETURN NULL;
  END IF;
  PERFORM waitlist_wake(OLD.owner_id, OLD.booking_date);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_frees_waitlist
  AFTER DELETE OR UPDATE OF status, blocked_from, blocked_to, agenda_nums, seats, event_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_frees_waitlist();
--> statement-breakpoint
-- More places in a class: every day its waitlist waits for.
CREATE FUNCTION event_seats_raised() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO waitlist_wakeups (event_id, wait_date)
    SELECT DISTINCT w.event_id, w.wait_date FROM waitlist_entries w
    WHERE w.event_id = NEW.id AND w.status = 'waiting'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_seats_raised
  AFTER UPDATE OF seats ON events
  FOR EACH ROW WHEN (NEW.seats > OLD.seats) EXECUTE FUNCTION event_seats_raised();
--> statement-breakpoint
ALTER TABLE "event_webhooks" DROP CONSTRAINT "event_webhooks_triggers_check";
--> statement-breakpoint
ALTER TABLE "event_webhooks" ADD CONSTRAINT "event_webhooks_triggers_check"
  CHECK ("event_webhooks"."triggers" <@ array['booking.created', 'booking.rescheduled', 'booking.cancelled', 'booking.paid', 'booking.no_show', 'waitlist.joined', 'waitlist.offered', 'waitlist.claimed']::text[]);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('booking.deleted', 'booking.refunded', 'service.created', 'service.updated', 'service.deleted', 'category.created', 'category.updated', 'category.deleted', 'template.created', 'template.updated', 'template.deleted', 'email_template.updated', 'agenda.created', 'agenda.updated', 'agenda.deleted', 'closure.created', 'closure.updated', 'closure.deleted', 'settings.updated', 'business_profile.updated', 'payment_keys.updated', 'payment_keys.removed', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'team.invited', 'team.invitation_revoked', 'team.joined', 'team.updated', 'team.removed', 'customer.created', 'customer.updated', 'customer.merged', 'customer.blocked', 'customer.unblocked', 'customer.imported', 'waitlist.joined', 'waitlist.offered', 'waitlist.claimed', 'waitlist.lapsed', 'waitlist.left', 'waitlist.removed', 'team.owner_changed', 'team.settings_updated', 'sign_in.succeeded', 'sign_in.failed', 'sign_in.two_factor_enabled', 'sign_in.two_factor_disabled', 'sign_in.password_changed'));
