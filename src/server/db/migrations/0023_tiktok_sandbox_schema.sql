-- The built-in TikTok sandbox's tables move, rows, keys and indexes alike, into its own schema,
-- whose migrations it runs from now on (adapters/tiktok/sandbox/migrations, decision 180).
CREATE SCHEMA IF NOT EXISTS "tiktok_sandbox";--> statement-breakpoint
ALTER TABLE "public"."tiktok_sandbox_account" SET SCHEMA "tiktok_sandbox";--> statement-breakpoint
ALTER TABLE "public"."tiktok_sandbox_grant" SET SCHEMA "tiktok_sandbox";--> statement-breakpoint
ALTER TABLE "public"."tiktok_sandbox_code" SET SCHEMA "tiktok_sandbox";--> statement-breakpoint
ALTER TABLE "public"."tiktok_sandbox_token" SET SCHEMA "tiktok_sandbox";--> statement-breakpoint
ALTER TABLE "public"."tiktok_sandbox_post" SET SCHEMA "tiktok_sandbox";--> statement-breakpoint
ALTER TABLE "public"."tiktok_sandbox_switch" SET SCHEMA "tiktok_sandbox";--> statement-breakpoint
ALTER TABLE "public"."tiktok_sandbox_clock" SET SCHEMA "tiktok_sandbox";
