CREATE INDEX "invoices_issued" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_number" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "order_items_category_order" ON "order_items" USING btree ("category_code","order_id");--> statement-breakpoint
CREATE INDEX "order_items_topup_product_order" ON "order_items" USING btree ("topup_product_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_created_id" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_amount_created" ON "orders" USING btree ("amount_bani","created_at");--> statement-breakpoint
CREATE INDEX "orders_email_lower" ON "orders" USING btree (lower("email") collate "C");--> statement-breakpoint
CREATE INDEX "orders_phone" ON "orders" USING btree ("phone");