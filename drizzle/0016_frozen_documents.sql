-- Issued documents are frozen (docs/decisions/0023-frozen-documents.md). Snapshots of invoices and credit notes issued
-- before this migration are not backfilled here: each is stored at its first rendering, from what it states then.
ALTER TABLE "credit_notes" ALTER COLUMN "refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "replacement_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "efactura_submissions" ADD COLUMN "xml" text;--> statement-breakpoint
ALTER TABLE "efactura_submissions" ADD COLUMN "xml_sha256" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaced_order_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_replacement_invoice_id_invoices_id_fk" FOREIGN KEY ("replacement_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaced_order_id_orders_id_fk" FOREIGN KEY ("replaced_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaced_by_id_invoices_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;