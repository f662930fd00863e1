CREATE TABLE "product_video_upload" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"staging_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_video_upload_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "product_video" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"size_bytes" bigint NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_video_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "product_video_upload" ADD CONSTRAINT "product_video_upload_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_video" ADD CONSTRAINT "product_video_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_video_upload_expires_idx" ON "product_video_upload" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "product_video_user_idx" ON "product_video" USING btree ("user_id","created_at");