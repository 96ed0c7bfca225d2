CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"booking_date" date NOT NULL,
	"booking_time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"payment_status" text DEFAULT 'not_required' NOT NULL,
	"stripe_payment_intent_id" text,
	"google_calendar_event_id" text,
	"management_token_hash" text NOT NULL,
	"custom_field_responses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_management_token_hash_unique" UNIQUE("management_token_hash"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'pending', 'cancelled')),
	CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('not_required', 'paid', 'pending')),
	CONSTRAINT "bookings_interval_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"field_type" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"template_type" text NOT NULL,
	"subject" text NOT NULL,
	"html_body" text NOT NULL,
	"text_body" text,
	"reminder_timing" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_type_check" CHECK ("email_templates"."template_type" in ('confirmation', 'modification', 'cancellation', 'reminder'))
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#3B82F6' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"working_days" jsonb NOT NULL,
	"daily_pause_times" jsonb,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"requires_payment" boolean DEFAULT false NOT NULL,
	"payment_amount" numeric(10, 2),
	"currency" text DEFAULT 'EUR' NOT NULL,
	"google_calendar_id" text,
	"theme_color" text DEFAULT '#3B82F6' NOT NULL,
	"custom_fields_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"webhooks_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_templates_currency_check" CHECK ("event_templates"."currency" in ('EUR', 'USD', 'GBP'))
);
--> statement-breakpoint
CREATE TABLE "event_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"working_days" jsonb NOT NULL,
	"date_range_type" text NOT NULL,
	"date_range_start" date,
	"date_range_end" date,
	"specific_dates" text[],
	"daily_pause_times" jsonb,
	"duration_minutes" integer NOT NULL,
	"requires_payment" boolean DEFAULT false NOT NULL,
	"payment_amount" numeric(10, 2),
	"currency" text DEFAULT 'EUR' NOT NULL,
	"slug" text NOT NULL,
	"google_calendar_id" text,
	"theme_color" text DEFAULT '#3B82F6' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug"),
	CONSTRAINT "events_date_range_type_check" CHECK ("events"."date_range_type" in ('range', 'specific')),
	CONSTRAINT "events_duration_check" CHECK ("events"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "google_calendar_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"resource_id" text,
	"expiration" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_calendar_channels_channel_id_unique" UNIQUE("channel_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text,
	"time_zone" text DEFAULT 'Europe/Amsterdam' NOT NULL,
	"stripe_public_key" text,
	"stripe_secret_key" text,
	"google_access_token" text,
	"google_refresh_token" text,
	"google_token_expiry" timestamp with time zone,
	"email_provider" text DEFAULT 'system' NOT NULL,
	"email_from_name" text,
	"gmail_access_token" text,
	"gmail_refresh_token" text,
	"gmail_token_expiry" timestamp with time zone,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_username" text,
	"smtp_password" text,
	"smtp_secure" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_provider_check" CHECK ("users"."email_provider" in ('system', 'gmail', 'smtp'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_templates" ADD CONSTRAINT "event_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_webhooks" ADD CONSTRAINT "event_webhooks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_id_event_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."event_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_channels" ADD CONSTRAINT "google_calendar_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_event_date_idx" ON "bookings" USING btree ("event_id","booking_date");--> statement-breakpoint
CREATE INDEX "bookings_event_created_idx" ON "bookings" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_intent_idx" ON "bookings" USING btree ("stripe_payment_intent_id") WHERE "bookings"."stripe_payment_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "custom_fields_event_id_idx" ON "custom_fields" USING btree ("event_id","order");--> statement-breakpoint
CREATE INDEX "email_templates_user_id_idx" ON "email_templates" USING btree ("user_id","template_type");--> statement-breakpoint
CREATE INDEX "event_categories_user_id_idx" ON "event_categories" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_templates_user_id_idx" ON "event_templates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_webhooks_event_id_idx" ON "event_webhooks" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_user_id_idx" ON "events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_category_id_idx" ON "events" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "google_calendar_channels_user_id_idx" ON "google_calendar_channels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));