ALTER TABLE "notifications" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_account_sub" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gmail_account_sub" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_broken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_broken_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_warned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_held_idx" ON "notifications" USING btree ("owner_id","due_at") WHERE "notifications"."held_at" is not null;