CREATE TABLE "tiktok_sandbox_account" (
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
CREATE TABLE "tiktok_sandbox_code" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"open_id" text NOT NULL,
	"client_key" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scopes" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"grant_id" text
);
--> statement-breakpoint
CREATE TABLE "tiktok_sandbox_grant" (
	"id" text PRIMARY KEY NOT NULL,
	"open_id" text NOT NULL,
	"client_key" text NOT NULL,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tiktok_sandbox_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"grant_id" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_account" ADD CONSTRAINT "tiktok_sandbox_account_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_code" ADD CONSTRAINT "tiktok_sandbox_code_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "public"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_grant" ADD CONSTRAINT "tiktok_sandbox_grant_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "public"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_token" ADD CONSTRAINT "tiktok_sandbox_token_grant_id_tiktok_sandbox_grant_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."tiktok_sandbox_grant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tiktok_sandbox_code_open_id_idx" ON "tiktok_sandbox_code" USING btree ("open_id");--> statement-breakpoint
CREATE INDEX "tiktok_sandbox_grant_open_id_idx" ON "tiktok_sandbox_grant" USING btree ("open_id");--> statement-breakpoint
CREATE INDEX "tiktok_sandbox_token_grant_id_idx" ON "tiktok_sandbox_token" USING btree ("grant_id");