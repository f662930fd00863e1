ALTER TABLE "temp_image" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "temp_image" ADD COLUMN "height" integer;