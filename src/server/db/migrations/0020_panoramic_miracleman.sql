ALTER TABLE "product_video" ADD COLUMN "original_width" integer;--> statement-breakpoint
ALTER TABLE "product_video" ADD COLUMN "original_height" integer;