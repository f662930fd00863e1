CREATE TABLE "tiktok_post" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"open_id" text NOT NULL,
	"username" text,
	"kind" text NOT NULL,
	"client_key" text NOT NULL,
	"origin_draft_id" text,
	"title" text DEFAULT '' NOT NULL,
	"media" jsonb NOT NULL,
	"state" text NOT NULL,
	"publish_id" text,
	"upload_url" text,
	"tiktok_status" text,
	"fail_reason" text,
	"message" text,
	"post_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"init_started_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"log_id" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiktok_post_user_client_key_unique" UNIQUE("user_id","client_key"),
	CONSTRAINT "tiktok_post_publish_id_unique" UNIQUE("publish_id")
);
--> statement-breakpoint
ALTER TABLE "tiktok_post" ADD CONSTRAINT "tiktok_post_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tiktok_post_user_created_idx" ON "tiktok_post" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tiktok_post_open_id_created_idx" ON "tiktok_post" USING btree ("open_id","created_at");--> statement-breakpoint
CREATE INDEX "tiktok_post_state_check_idx" ON "tiktok_post" USING btree ("state","next_check_at");