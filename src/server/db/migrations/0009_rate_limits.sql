-- UNLOGGED (written by hand; drizzle-kit cannot express it): counters need no crash safety, and
-- without the WAL a hit costs a fraction on PostgreSQL. After a database crash the table is empty,
-- i.e. every limit starts over.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");