CREATE TABLE "tiktok_webhook_event" (
	"key" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tiktok_webhook_event_received_idx" ON "tiktok_webhook_event" USING btree ("received_at");