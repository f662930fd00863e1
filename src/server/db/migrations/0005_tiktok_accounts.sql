CREATE TABLE "tiktok_account" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"open_id" text NOT NULL,
	"display_name" text NOT NULL,
	"username" text,
	"avatar_url" text,
	"scopes" jsonb NOT NULL,
	"access_token_enc" text NOT NULL,
	"access_token_expires_at" timestamp with time zone NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"refresh_token_expires_at" timestamp with time zone NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"reconnect_needed" boolean DEFAULT false NOT NULL,
	"refresh_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiktok_account_user_open_id_unique" UNIQUE("user_id","open_id")
);
--> statement-breakpoint
CREATE TABLE "tiktok_api_call" (
	"id" text PRIMARY KEY NOT NULL,
	"open_id" text NOT NULL,
	"kind" text NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tiktok_auth_grant" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"add_another" boolean DEFAULT false NOT NULL,
	"return_to" text DEFAULT 'app' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tiktok_account" ADD CONSTRAINT "tiktok_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_auth_grant" ADD CONSTRAINT "tiktok_auth_grant_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tiktok_account_one_default_idx" ON "tiktok_account" USING btree ("user_id") WHERE "tiktok_account"."is_default";--> statement-breakpoint
CREATE INDEX "tiktok_account_open_id_idx" ON "tiktok_account" USING btree ("open_id");--> statement-breakpoint
CREATE INDEX "tiktok_api_call_window_idx" ON "tiktok_api_call" USING btree ("open_id","kind","called_at");--> statement-breakpoint
CREATE INDEX "tiktok_auth_grant_expires_idx" ON "tiktok_auth_grant" USING btree ("expires_at");