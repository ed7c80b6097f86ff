CREATE TABLE "rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"allowed" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_throttle" ALTER COLUMN "failures" SET DATA TYPE double precision;--> statement-breakpoint
CREATE INDEX "rate_buckets_updated_at" ON "rate_buckets" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "login_throttle" DROP COLUMN "blocked_until";