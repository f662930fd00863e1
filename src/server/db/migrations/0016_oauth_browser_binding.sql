ALTER TABLE "tiktok_auth_grant" ADD COLUMN "browser_nonce_hash" text;--> statement-breakpoint
ALTER TABLE "tiktok_auth_grant" ADD COLUMN "code_verifier" text;--> statement-breakpoint
ALTER TABLE "tiktok_sandbox_code" ADD COLUMN "code_challenge" text;