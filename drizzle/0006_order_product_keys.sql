ALTER TABLE "orders" ADD COLUMN "product_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Written by hand: the keys of the orders made before this migration, as lib/orders/create-order.ts writes them
-- (the kind, then each category or operator once, in byte order). Before the indexes, so that each is built once.
UPDATE "orders" SET "product_keys" = ARRAY["orders"."kind"::text] || coalesce((
  SELECT array_agg(DISTINCT "items"."code" ORDER BY "items"."code")
  FROM (
    SELECT coalesce("order_items"."category_code", "topup_products"."operator_id") COLLATE "C" AS "code"
    FROM "order_items"
    LEFT JOIN "topup_products" ON "topup_products"."id" = "order_items"."topup_product_id"
    WHERE "order_items"."order_id" = "orders"."id"
  ) AS "items"
  WHERE "items"."code" IS NOT NULL
), '{}'::text[]);--> statement-breakpoint
CREATE INDEX "orders_product_keys" ON "orders" USING gin ("product_keys");--> statement-breakpoint
CREATE INDEX "orders_money_received_created" ON "orders" USING btree ("created_at","amount_bani") WHERE "orders"."status" in ('PAID', 'FULFILLED', 'FULFILLMENT_FAILED');
