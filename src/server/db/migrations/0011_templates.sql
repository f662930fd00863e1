CREATE TABLE "template_usage" (
	"template_id" text PRIMARY KEY NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_use" (
	"user_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"template_id" text NOT NULL,
	"draft_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_use_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "template_use" ADD CONSTRAINT "template_use_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_use_template_idx" ON "template_use" USING btree ("template_id");