ALTER TABLE "orders" ADD COLUMN "payment_attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_error_code" text;