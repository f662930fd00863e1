-- Every write to a table the cached reads read (decision 029) notifies hookreel_changes once per
-- statement; each API process listens and stops reusing what it read before. Delivered at commit.
CREATE OR REPLACE FUNCTION hookreel_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hookreel_changes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION hookreel_notify_change();
--> statement-breakpoint
CREATE TRIGGER "product_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product" FOR EACH STATEMENT EXECUTE FUNCTION hookreel_notify_change();
--> statement-breakpoint
CREATE TRIGGER "draft_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "draft" FOR EACH STATEMENT EXECUTE FUNCTION hookreel_notify_change();
--> statement-breakpoint
CREATE TRIGGER "usage_event_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "usage_event" FOR EACH STATEMENT EXECUTE FUNCTION hookreel_notify_change();
--> statement-breakpoint
CREATE TRIGGER "tiktok_account_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tiktok_account" FOR EACH STATEMENT EXECUTE FUNCTION hookreel_notify_change();
