ALTER TABLE "outbox" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "credited_bani" integer DEFAULT 0 NOT NULL;