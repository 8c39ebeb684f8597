ALTER TABLE "faq_entries" ADD COLUMN "keywords" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "question_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "faq_entries_lang_question_key_idx" ON "faq_entries" USING btree ("lang","question_key");