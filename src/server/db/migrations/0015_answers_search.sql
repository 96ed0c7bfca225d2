-- The bookings search also matches the customer's answers (owner-bookings.repo.ts `matches`): its
-- ILIKE '%…%' on the answers' JSON text is served by a trigram index like the contact search
-- (bookings_search_trgm_idx, migration 0005), so it stays an index lookup on 100,000 bookings (B6).
CREATE INDEX IF NOT EXISTS bookings_answers_trgm_idx ON bookings
  USING gin ((custom_field_responses::text) gin_trgm_ops);
