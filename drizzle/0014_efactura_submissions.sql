CREATE TYPE "public"."efactura_document_kind" AS ENUM('INVOICE', 'CREDIT_NOTE');--> statement-breakpoint
CREATE TYPE "public"."efactura_status" AS ENUM('PENDING', 'UPLOADING', 'UPLOADED', 'ACCEPTED', 'REJECTED');--> statement-breakpoint
CREATE TABLE "efactura_sandbox_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"cif" text NOT NULL,
	"standard" text NOT NULL,
	"xml" text NOT NULL,
	"digest" text NOT NULL,
	"outcome" text NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "efactura_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "efactura_document_kind" NOT NULL,
	"order_id" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"credit_note_id" integer,
	"status" "efactura_status" DEFAULT 'PENDING' NOT NULL,
	"upload_id" text,
	"download_id" text,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" text,
	"claimed_until" timestamp with time zone,
	"issued_at" timestamp with time zone NOT NULL,
	"attention_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone,
	"answer_zip" "bytea",
	"uploaded_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "efactura_submissions_credit_note_id_unique" UNIQUE("credit_note_id")
);
--> statement-breakpoint
ALTER TABLE "efactura_submissions" ADD CONSTRAINT "efactura_submissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efactura_submissions" ADD CONSTRAINT "efactura_submissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "efactura_submissions" ADD CONSTRAINT "efactura_submissions_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "efactura_submissions_invoice" ON "efactura_submissions" USING btree ("invoice_id") WHERE "efactura_submissions"."credit_note_id" is null;--> statement-breakpoint
CREATE INDEX "efactura_submissions_order" ON "efactura_submissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "efactura_submissions_due" ON "efactura_submissions" USING btree ("status","next_attempt_at");