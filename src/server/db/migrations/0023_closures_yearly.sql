ALTER TABLE "closures" ADD COLUMN "yearly" boolean DEFAULT false NOT NULL;
