ALTER TABLE "tiktok_post" ADD COLUMN "upload_holder" text;--> statement-breakpoint
ALTER TABLE "tiktok_post" ADD COLUMN "upload_lease_until" timestamp with time zone;