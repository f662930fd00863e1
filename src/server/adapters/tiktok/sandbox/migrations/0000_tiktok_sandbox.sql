-- Databases made before decision 180 already hold these tables: the product's migration 0023
-- moved them here with their rows. So every statement leaves what exists as it is.
CREATE SCHEMA IF NOT EXISTS "tiktok_sandbox";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tiktok_sandbox"."tiktok_sandbox_account" (
	"open_id" text PRIMARY KEY NOT NULL,
	"union_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"private_account" boolean DEFAULT false NOT NULL,
	"max_video_post_duration_sec" integer DEFAULT 600 NOT NULL,
	"comment_disabled" boolean DEFAULT false NOT NULL,
	"duet_disabled" boolean DEFAULT false NOT NULL,
	"stitch_disabled" boolean DEFAULT false NOT NULL,
	"last_authorized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiktok_sandbox_account_owner_username" UNIQUE("owner_user_id","username")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tiktok_sandbox"."tiktok_sandbox_clock" (
	"open_id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"offset_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tiktok_sandbox"."tiktok_sandbox_code" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"open_id" text NOT NULL,
	"client_key" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scopes" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"grant_id" text,
	"code_challenge" text
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tiktok_sandbox"."tiktok_sandbox_grant" (
	"id" text PRIMARY KEY NOT NULL,
	"open_id" text NOT NULL,
	"client_key" text NOT NULL,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tiktok_sandbox"."tiktok_sandbox_post" (
	"id" text PRIMARY KEY NOT NULL,
	"publish_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"open_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"fail_reason" text,
	"title" text,
	"description" text,
	"photo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_cover_index" integer,
	"media_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_size" bigint,
	"chunk_size" bigint,
	"total_chunk_count" integer,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"upload_token_hash" text,
	"upload_expires_at" timestamp with time zone,
	"slow_polls_left" integer DEFAULT 0 NOT NULL,
	"post_id" text,
	"published_at" timestamp with time zone,
	"post_mode" text DEFAULT 'MEDIA_UPLOAD' NOT NULL,
	"privacy_level" text,
	"made_private_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiktok_sandbox_post_publish_id_unique" UNIQUE("publish_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tiktok_sandbox"."tiktok_sandbox_switch" (
	"open_id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"rate_limited" boolean DEFAULT false NOT NULL,
	"pending_share_limit" boolean DEFAULT false NOT NULL,
	"picture_size_fails" boolean DEFAULT false NOT NULL,
	"token_expired" boolean DEFAULT false NOT NULL,
	"server_error" boolean DEFAULT false NOT NULL,
	"slow_polls" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tiktok_sandbox"."tiktok_sandbox_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"grant_id" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_account" ADD CONSTRAINT "tiktok_sandbox_account_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_clock" ADD CONSTRAINT "tiktok_sandbox_clock_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "tiktok_sandbox"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_clock" ADD CONSTRAINT "tiktok_sandbox_clock_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_code" ADD CONSTRAINT "tiktok_sandbox_code_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "tiktok_sandbox"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_grant" ADD CONSTRAINT "tiktok_sandbox_grant_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "tiktok_sandbox"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_post" ADD CONSTRAINT "tiktok_sandbox_post_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_post" ADD CONSTRAINT "tiktok_sandbox_post_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "tiktok_sandbox"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_switch" ADD CONSTRAINT "tiktok_sandbox_switch_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "tiktok_sandbox"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_switch" ADD CONSTRAINT "tiktok_sandbox_switch_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "tiktok_sandbox"."tiktok_sandbox_token" ADD CONSTRAINT "tiktok_sandbox_token_grant_id_tiktok_sandbox_grant_id_fk" FOREIGN KEY ("grant_id") REFERENCES "tiktok_sandbox"."tiktok_sandbox_grant"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN null; END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tiktok_sandbox_code_open_id_idx" ON "tiktok_sandbox"."tiktok_sandbox_code" USING btree ("open_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tiktok_sandbox_grant_open_id_idx" ON "tiktok_sandbox"."tiktok_sandbox_grant" USING btree ("open_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tiktok_sandbox_post_open_id_idx" ON "tiktok_sandbox"."tiktok_sandbox_post" USING btree ("open_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tiktok_sandbox_post_owner_idx" ON "tiktok_sandbox"."tiktok_sandbox_post" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tiktok_sandbox_post_published_idx" ON "tiktok_sandbox"."tiktok_sandbox_post" USING btree ("open_id","published_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tiktok_sandbox_token_grant_id_idx" ON "tiktok_sandbox"."tiktok_sandbox_token" USING btree ("grant_id");