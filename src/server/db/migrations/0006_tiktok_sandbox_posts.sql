CREATE TABLE "tiktok_sandbox_post" (
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiktok_sandbox_post_publish_id_unique" UNIQUE("publish_id")
);
--> statement-breakpoint
CREATE TABLE "tiktok_sandbox_switch" (
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
ALTER TABLE "tiktok_sandbox_post" ADD CONSTRAINT "tiktok_sandbox_post_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_post" ADD CONSTRAINT "tiktok_sandbox_post_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "public"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_switch" ADD CONSTRAINT "tiktok_sandbox_switch_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "public"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_switch" ADD CONSTRAINT "tiktok_sandbox_switch_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tiktok_sandbox_post_open_id_idx" ON "tiktok_sandbox_post" USING btree ("open_id","created_at");--> statement-breakpoint
CREATE INDEX "tiktok_sandbox_post_owner_idx" ON "tiktok_sandbox_post" USING btree ("owner_user_id","created_at");