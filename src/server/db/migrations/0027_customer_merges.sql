CREATE TABLE "customer_merges" (
	"from_id" uuid PRIMARY KEY NOT NULL,
	"into_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_into_id_customers_id_fk" FOREIGN KEY ("into_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_tagged_idx" ON "customers" USING btree ("business_id") WHERE "customers"."tags" <> '{}'::text[];--> statement-breakpoint
CREATE INDEX "customers_email_prefix_idx" ON "customers" USING btree ("business_id",("email_key" collate "C"));