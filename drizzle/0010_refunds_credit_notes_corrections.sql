CREATE TYPE "public"."refund_status" AS ENUM('PENDING', 'CONFIRMED', 'REFUSED');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'REFUND_PENDING' BEFORE 'REFUNDED';--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"refund_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"series" text NOT NULL,
	"year" smallint NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_bani" integer NOT NULL,
	"vat_bani" integer NOT NULL,
	CONSTRAINT "credit_notes_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "credit_notes_series_year_number" UNIQUE("series","year","number")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_bani" integer NOT NULL,
	"reason" text NOT NULL,
	"origin" text NOT NULL,
	"status" "refund_status" DEFAULT 'PENDING' NOT NULL,
	"previous_status" "order_status" NOT NULL,
	"requested_by" text NOT NULL,
	"provider_answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_order" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_pending_per_order" ON "refunds" USING btree ("order_id") WHERE "refunds"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;