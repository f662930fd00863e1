CREATE TABLE "character_generation" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"prompt" text NOT NULL,
	"style_preset" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"generator" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"style_preset" text NOT NULL,
	"generation_id" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "character_generation" ADD CONSTRAINT "character_generation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character" ADD CONSTRAINT "character_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character" ADD CONSTRAINT "character_generation_id_character_generation_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."character_generation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "character_generation_user_idx" ON "character_generation" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "character_user_created_idx" ON "character" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "character_user_generation_idx" ON "character" USING btree ("user_id","generation_id");