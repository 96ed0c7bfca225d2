-- A customer's series paid in one payment (docs/PRODUCT.md#series): the first occurrence carries
-- the hold, the payment intent and its own share; every later occurrence names it in `paid_by_id`.
-- The trigger of 0029 (a visit's later segments follow its first) is generalised: while the first
-- occurrence is held, the later ones follow its status, payment status and hold end, so every path
-- that touches a hold (confirm, release, extend, expiry, reconciliation, lost-slot refund) keeps the
-- series whole without knowing of series. Once it is settled the occurrences are bookings of their
-- own: a cancel or refund of one stays its own, unlike a visit's segments; only the first one's
-- processing payment settling (paid, or failed: cancelled) is followed by the others still waiting.
ALTER TABLE "bookings" ADD COLUMN "paid_by_id" uuid;
--> statement-breakpoint
CREATE INDEX "bookings_paid_by_idx" ON "bookings" USING btree ("paid_by_id") WHERE "bookings"."paid_by_id" is not null;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_hold_follows_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.visit_id IS NOT NULL AND NEW.visit_position = 0 THEN
    IF OLD.hold_expires_at IS NOT NULL OR NEW.hold_expires_at IS NOT NULL THEN
      UPDATE bookings SET status = NEW.status, payment_status = NEW.payment_status,
          hold_expires_at = NEW.hold_expires_at, updated_at = NEW.updated_at
        WHERE visit_id = NEW.visit_id AND visit_position > 0
          AND (status, payment_status, hold_expires_at)
            IS DISTINCT FROM (NEW.status, NEW.payment_status, NEW.hold_expires_at);
    ELSIF OLD.payment_status IS DISTINCT FROM NEW.payment_status THEN
      -- Settled: a processing payment that succeeded, or a refund. Each segment shows the visit's.
      UPDATE bookings SET payment_status = NEW.payment_status, updated_at = NEW.updated_at
        WHERE visit_id = NEW.visit_id AND visit_position > 0
          AND payment_status IS DISTINCT FROM NEW.payment_status;
    END IF;
  END IF;
  IF NEW.series_id IS NOT NULL AND NEW.paid_by_id IS NULL THEN
    IF OLD.hold_expires_at IS NOT NULL OR NEW.hold_expires_at IS NOT NULL THEN
      UPDATE bookings SET status = NEW.status, payment_status = NEW.payment_status,
          hold_expires_at = NEW.hold_expires_at, updated_at = NEW.updated_at
        WHERE paid_by_id = NEW.id
          AND (status, payment_status, hold_expires_at)
            IS DISTINCT FROM (NEW.status, NEW.payment_status, NEW.hold_expires_at);
    ELSIF OLD.payment_status = 'pending' AND NEW.payment_status <> 'pending' THEN
      -- The first one's processing payment succeeded: so did the others' (the same payment).
      UPDATE bookings SET payment_status = NEW.payment_status, updated_at = NEW.updated_at
        WHERE paid_by_id = NEW.id AND payment_status = 'pending';
    ELSIF OLD.status = 'confirmed' AND NEW.status = 'cancelled' AND NEW.payment_status = 'pending' THEN
      -- Its processing payment failed in the end (or it was cancelled before the money came): the
      -- others were never paid either.
      UPDATE bookings SET status = 'cancelled', updated_at = NEW.updated_at
        WHERE paid_by_id = NEW.id AND status = 'confirmed' AND payment_status = 'pending';
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER bookings_visit_hold_follows_first ON bookings;
--> statement-breakpoint
-- A visit's first segment or a series' first occurrence, paid online: it has an intent (or a hold
-- waiting for one). A later occurrence (paid_by_id set) never leads.
CREATE TRIGGER bookings_visit_hold_follows_first
  AFTER UPDATE OF status, payment_status, hold_expires_at ON bookings
  FOR EACH ROW
  WHEN (((NEW.visit_id IS NOT NULL AND NEW.visit_position = 0)
      OR (NEW.series_id IS NOT NULL AND NEW.paid_by_id IS NULL))
    AND (NEW.stripe_payment_intent_id IS NOT NULL OR OLD.hold_expires_at IS NOT NULL
      OR NEW.hold_expires_at IS NOT NULL))
  EXECUTE FUNCTION visit_hold_follows_first();
