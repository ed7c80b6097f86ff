CREATE TYPE "public"."topup_delivery" AS ENUM('DIRECT', 'PIN');--> statement-breakpoint
CREATE TABLE "topup_operators" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan" text NOT NULL,
	"sort_order" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topup_products" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"face_value_cents" integer NOT NULL,
	"price_bani" integer NOT NULL,
	"delivery" "topup_delivery" NOT NULL,
	"sort_order" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "topup_product_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivered_pin" text;--> statement-breakpoint
ALTER TABLE "topup_products" ADD CONSTRAINT "topup_products_operator_id_topup_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."topup_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topup_products_operator" ON "topup_products" USING btree ("operator_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_topup_product_id_topup_products_id_fk" FOREIGN KEY ("topup_product_id") REFERENCES "public"."topup_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_phone" ON "order_items" USING btree ("phone");