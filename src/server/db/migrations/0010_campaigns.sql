CREATE TABLE "campaign_item" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text,
	"type" text NOT NULL,
	"strategy" text NOT NULL,
	"hook" text,
	"caption" text,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"carousel_plan" jsonb,
	"assets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"slot_index" integer NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"date_scheduled" timestamp with time zone,
	"schedule_version" integer DEFAULT 0 NOT NULL,
	"job_status" text,
	"job_updated_at" timestamp with time zone,
	"job_error" text,
	"claimed_at" timestamp with time zone,
	"job_id" text,
	"render_id" text,
	"post_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"timezone" text NOT NULL,
	"cadence_hours" integer NOT NULL,
	"schedule_mode" text NOT NULL,
	"custom_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"goal" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_item" ADD CONSTRAINT "campaign_item_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_item" ADD CONSTRAINT "campaign_item_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_item" ADD CONSTRAINT "campaign_item_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_item_slot_idx" ON "campaign_item" USING btree ("campaign_id","slot_index");--> statement-breakpoint
CREATE INDEX "campaign_item_user_idx" ON "campaign_item" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaign_item_due_idx" ON "campaign_item" USING btree ("job_status","date_scheduled");--> statement-breakpoint
CREATE INDEX "campaign_user_created_idx" ON "campaign" USING btree ("user_id","created_at");