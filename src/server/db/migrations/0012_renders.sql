CREATE TABLE "render" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"idempotency_key" text,
	"edit" jsonb NOT NULL,
	"prompt" text NOT NULL,
	"environment" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 10 NOT NULL,
	"error" text,
	"provider_id" text,
	"callback_token" text,
	"output_key" text,
	"duration_ms" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "render_user_idempotency_key_unique" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "render_provider_id_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
ALTER TABLE "render" ADD CONSTRAINT "render_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_user_created_idx" ON "render" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "render_status_lease_idx" ON "render" USING btree ("status","lease_until");