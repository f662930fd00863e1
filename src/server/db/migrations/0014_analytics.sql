CREATE TABLE "analytics_account" (
	"user_id" text NOT NULL,
	"open_id" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"follower_count" integer,
	"likes_count" bigint,
	"video_count" integer,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_account_user_id_open_id_pk" PRIMARY KEY("user_id","open_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_snapshot" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"video_row_id" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"view_count" bigint NOT NULL,
	"like_count" integer NOT NULL,
	"comment_count" integer NOT NULL,
	"share_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_video" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"open_id" text NOT NULL,
	"video_id" text NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"share_url" text,
	"duration_sec" integer,
	"view_count" bigint DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"tiktok_post_id" text,
	"matched_by" text,
	"content_type" text,
	"draft_id" text,
	"product_id" text,
	"hook" text,
	"template_id" text,
	"character_id" text,
	"character_url" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_video_user_video_unique" UNIQUE("user_id","open_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "tiktok_sandbox_clock" (
	"open_id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"offset_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_post" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_account" ADD CONSTRAINT "analytics_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_snapshot" ADD CONSTRAINT "analytics_snapshot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_snapshot" ADD CONSTRAINT "analytics_snapshot_video_row_id_analytics_video_id_fk" FOREIGN KEY ("video_row_id") REFERENCES "public"."analytics_video"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video" ADD CONSTRAINT "analytics_video_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_clock" ADD CONSTRAINT "tiktok_sandbox_clock_open_id_tiktok_sandbox_account_open_id_fk" FOREIGN KEY ("open_id") REFERENCES "public"."tiktok_sandbox_account"("open_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_clock" ADD CONSTRAINT "tiktok_sandbox_clock_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_snapshot_user_taken_idx" ON "analytics_snapshot" USING btree ("user_id","taken_at");--> statement-breakpoint
CREATE INDEX "analytics_snapshot_video_taken_idx" ON "analytics_snapshot" USING btree ("video_row_id","taken_at");--> statement-breakpoint
CREATE INDEX "analytics_video_user_create_idx" ON "analytics_video" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE INDEX "tiktok_sandbox_post_published_idx" ON "tiktok_sandbox_post" USING btree ("open_id","published_at");