CREATE TABLE "sandbox_payments" (
	"ntp_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_bani" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"notify_url" text NOT NULL,
	"redirect_url" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"error_code" text,
	"error_message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"notify_next_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
