ALTER TABLE "efactura_sandbox_uploads" ADD COLUMN "download_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivery_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "provider_cost_minor" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "provider_cost_currency" text;--> statement-breakpoint
ALTER TABLE "sandbox_issuances" ADD COLUMN "record" jsonb;--> statement-breakpoint
ALTER TABLE "efactura_sandbox_uploads" ADD CONSTRAINT "efactura_sandbox_uploads_download_id_unique" UNIQUE("download_id");