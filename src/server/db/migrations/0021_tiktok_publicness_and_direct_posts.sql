ALTER TABLE "tiktok_post" ADD COLUMN "no_longer_public_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tiktok_post" ADD COLUMN "publicness_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_post" ADD COLUMN "post_mode" text DEFAULT 'MEDIA_UPLOAD' NOT NULL;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_post" ADD COLUMN "privacy_level" text;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_post" ADD COLUMN "made_private_at" timestamp with time zone;