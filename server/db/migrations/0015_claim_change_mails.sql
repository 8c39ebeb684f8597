ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_status";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claim_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "change_topic" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "change_from" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "change_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_claim_idx" ON "mail_outbox" USING btree ("claim_id","created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed', 'cancelled'));--> statement-breakpoint
-- Confirmations and follow-up links sent before this column: their subject names their claim's number.
UPDATE "mail_outbox" SET "claim_id" = "claims"."id" FROM "claims" WHERE "mail_outbox"."kind" IN ('claim-confirmation', 'follow-up-link') AND "mail_outbox"."claim_id" IS NULL AND strpos("mail_outbox"."subject", "claims"."numero") > 0;
