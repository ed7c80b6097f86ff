CREATE TYPE "public"."vignette_type" AS ENUM('DAY', 'WEEK', 'MONTH', 'YEAR', 'COUNTY_YEAR');--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_date" date NOT NULL,
	"ron2huf" numeric(12, 6) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_date_source" UNIQUE("rate_date","source")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_name" text NOT NULL,
	"authority" text NOT NULL,
	CONSTRAINT "role_permissions_role_name_authority_pk" PRIMARY KEY("role_name","authority")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_name" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "vignette_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sort_order" smallint NOT NULL,
	"sellable" boolean DEFAULT true NOT NULL,
	"not_sold_reason" text
);
--> statement-breakpoint
CREATE TABLE "vignette_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_code" text NOT NULL,
	"type" "vignette_type" NOT NULL,
	"year" smallint NOT NULL,
	"price_huf" integer NOT NULL,
	CONSTRAINT "vignette_prices_category_type_year" UNIQUE("category_code","type","year")
);
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_name_roles_name_fk" FOREIGN KEY ("role_name") REFERENCES "public"."roles"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_name_roles_name_fk" FOREIGN KEY ("role_name") REFERENCES "public"."roles"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vignette_prices" ADD CONSTRAINT "vignette_prices_category_code_vignette_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."vignette_categories"("code") ON DELETE no action ON UPDATE no action;