-- A paid visit is held and paid as one (docs/PRODUCT.md#visits): its first segment carries the
-- hold, the payment intent and the amounts; the later segments follow its hold's life here, in the
-- database, so every path that touches a hold (confirm, release, extend, expiry, reconciliation,
-- refund) keeps the visit whole without knowing of visits. Un-cancelling a later segment whose
-- place was taken meanwhile meets bookings_no_overlap, and the settlement refunds.
CREATE FUNCTION visit_hold_follows_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a visit paid online: its first segment has an intent (or a hold waiting for one).
CREATE TRIGGER bookings_visit_hold_follows_first
  AFTER UPDATE OF status, payment_status, hold_expires_at ON bookings
  FOR EACH ROW
  WHEN (NEW.visit_id IS NOT NULL AND NEW.visit_position = 0
    AND (NEW.stripe_payment_intent_id IS NOT NULL OR OLD.hold_expires_at IS NOT NULL
      OR NEW.hold_expires_at IS NOT NULL))
  EXECUTE FUNCTION visit_hold_follows_first();
