-- A booking with a name only (no e-mail, no phone) is linked to the first customer of the business
-- with that name and no address (find_customer, migration 0026). Its lookup compares
-- lower(btrim(name)), which customers_business_name_idx (on lower(name)) cannot serve: each such
-- booking read every customer of the business without an address, so a business with many of them
-- (or a bulk insert) paid in proportion. This index answers the lookup in its order.
CREATE INDEX IF NOT EXISTS "customers_bare_name_idx" ON "customers" USING btree ("business_id", lower(btrim("name")), "created_at", "id") WHERE "customers"."email_key" is null and "customers"."phone" is null;
