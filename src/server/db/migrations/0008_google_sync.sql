CREATE TABLE "google_busy_times" (
	"user_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"google_event_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "google_busy_times_user_id_calendar_id_google_event_id_pk" PRIMARY KEY("user_id","calendar_id","google_event_id")
);
--> statement-breakpoint
CREATE TABLE "google_calendar_syncs" (
	"user_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"sync_token" text,
	"synced_at" timestamp with time zone,
	CONSTRAINT "google_calendar_syncs_user_id_calendar_id_pk" PRIMARY KEY("user_id","calendar_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "google_calendar_id" text;--> statement-breakpoint
ALTER TABLE "google_calendar_channels" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gmail_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_broken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gmail_broken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "google_busy_times" ADD CONSTRAINT "google_busy_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_syncs" ADD CONSTRAINT "google_calendar_syncs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_busy_times_range_idx" ON "google_busy_times" USING btree ("user_id","calendar_id","starts_at");