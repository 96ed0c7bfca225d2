CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor" text NOT NULL,
	"member_id" uuid,
	"member_name" text,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"subject_id" text,
	"subject_name" text,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "activity_log_actor_check" CHECK ("activity_log"."actor" in ('member', 'klant', 'systeem', 'google')),
	CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('booking.deleted', 'booking.refunded', 'service.created', 'service.updated', 'service.deleted', 'category.created', 'category.updated', 'category.deleted', 'template.created', 'template.updated', 'template.deleted', 'email_template.updated', 'agenda.created', 'agenda.updated', 'agenda.deleted', 'closure.created', 'closure.updated', 'closure.deleted', 'settings.updated', 'business_profile.updated', 'payment_keys.updated', 'payment_keys.removed', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'team.invited', 'team.invitation_revoked', 'team.joined', 'team.updated', 'team.removed', 'team.owner_changed', 'team.settings_updated', 'sign_in.succeeded', 'sign_in.failed', 'sign_in.two_factor_enabled', 'sign_in.two_factor_disabled', 'sign_in.password_changed'))
);
--> statement-breakpoint
CREATE TABLE "member_agendas" (
	"member_id" uuid NOT NULL,
	"agenda_id" uuid NOT NULL,
	CONSTRAINT "member_agendas_member_id_agenda_id_pk" PRIMARY KEY("member_id","agenda_id")
);
--> statement-breakpoint
CREATE TABLE "member_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "members_role_check" CHECK ("members"."role" in ('eigenaar', 'beheerder', 'receptie', 'medewerker'))
);
--> statement-breakpoint
-- Every existing owner becomes the eigenaar of the business their row now is, signing in as before:
-- the member shares the row's id, so sessions and reset links keep their owner.
INSERT INTO "members" ("id", "business_id", "username", "password", "email", "name", "role", "created_at")
SELECT "id", "id", "username", "password", "email", "username", 'eigenaar', "created_at" FROM "users";
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"agenda_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_invitations_role_check" CHECK ("team_invitations"."role" in ('beheerder', 'receptie', 'medewerker'))
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_history" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_history" ADD COLUMN "member_name" text;--> statement-breakpoint
-- The owner's own changes so far were made by the one login there was.
UPDATE "booking_history" SET "member_id" = "booking_history"."owner_id", "member_name" = "users"."username"
FROM "users" WHERE "users"."id" = "booking_history"."owner_id" AND "booking_history"."actor" = 'owner';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "member_id" uuid;--> statement-breakpoint
UPDATE "sessions" SET "member_id" = "user_id";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "member_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "two_factor_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_agendas" ADD CONSTRAINT "member_agendas_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_agendas" ADD CONSTRAINT "member_agendas_agenda_id_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_recovery_codes" ADD CONSTRAINT "member_recovery_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_members_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_business_at_idx" ON "activity_log" USING btree ("business_id","at","seq");--> statement-breakpoint
CREATE INDEX "activity_log_at_idx" ON "activity_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "member_agendas_agenda_idx" ON "member_agendas" USING btree ("agenda_id");--> statement-breakpoint
CREATE INDEX "member_recovery_codes_member_idx" ON "member_recovery_codes" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username_lower_idx" ON "members" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_business_email_idx" ON "members" USING btree ("business_id",lower("email")) WHERE "members"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "members_one_eigenaar_idx" ON "members" USING btree ("business_id") WHERE "members"."role" = 'eigenaar';--> statement-breakpoint
CREATE INDEX "members_business_idx" ON "members" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_hash_idx" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitations_business_idx" ON "team_invitations" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_member_id_idx" ON "sessions" USING btree ("member_id");