CREATE TABLE "tiktok_call_window" (
	"open_id" text NOT NULL,
	"kind" text NOT NULL,
	"calls" timestamp with time zone[] NOT NULL,
	"taken" boolean NOT NULL,
	CONSTRAINT "tiktok_call_window_open_id_kind_pk" PRIMARY KEY("open_id","kind")
);
--> statement-breakpoint
DROP TABLE "tiktok_api_call" CASCADE;