-- An order's short reference, RP-7K3-9QX (lib/orders/order-reference.ts, which this function follows character for
-- character: five random characters of the alphabet, then the check character for which the sum of value × position
-- over all six is 0 modulo 31). The shop writes the reference at creation; the column's default gives one to the
-- orders a previous release inserts during a rolling release, and the backfill below to every order before it.
CREATE OR REPLACE FUNCTION order_reference_new() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  body text;
  total integer;
  v integer;
  candidate text;
BEGIN
  LOOP
    body := '';
    total := 0;
    FOR i IN 1..5 LOOP
      v := floor(random() * 31)::integer;
      body := body || substr(alphabet, v + 1, 1);
      total := total + i * v;
    END LOOP;
    -- 26 is the inverse of 6 (the check character's weight) modulo 31.
    v := ((-total * 26) % 31 + 31) % 31;
    candidate := 'RP-' || substr(body, 1, 3) || '-' || substr(body, 4, 2) || substr(alphabet, v + 1, 1);
    IF NOT EXISTS (SELECT 1 FROM "orders" WHERE "reference" = candidate) THEN
      RETURN candidate;
    END IF;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference" ON "orders" USING btree ("reference");--> statement-breakpoint
-- One order at a time: the function's look-up sees the references given before it, which one UPDATE of all the
-- orders would not (its rows are compared with the table as it was when the statement began).
DO $$
DECLARE
  pending text;
BEGIN
  FOR pending IN SELECT "id" FROM "orders" WHERE "reference" IS NULL LOOP
    UPDATE "orders" SET "reference" = order_reference_new() WHERE "id" = pending;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "reference" SET DEFAULT order_reference_new();
