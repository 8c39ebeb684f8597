ALTER TABLE "faq_entries" ADD COLUMN "last_asked_at" timestamp with time zone;--> statement-breakpoint
-- Entries asked before this column: their last change is the best date the rows hold, unless that change was a staff edit.
UPDATE "faq_entries" SET "last_asked_at" = "updated_at" WHERE "occurence" > 0 AND "modif_admin" IS DISTINCT FROM "updated_at";
