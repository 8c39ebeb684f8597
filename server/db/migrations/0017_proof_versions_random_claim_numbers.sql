ALTER TABLE "claims" ALTER COLUMN "numero" SET DEFAULT ('SI-' || lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint % 10000000))::text, 7, '0'));--> statement-breakpoint
ALTER TABLE "claim_proofs" ADD COLUMN "bank_details_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "transmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "channel" text;--> statement-breakpoint
DROP SEQUENCE "public"."claim_number_seq";--> statement-breakpoint
-- hand-written: files attached before versions were recorded count as transmitted when uploaded.
UPDATE "uploaded_files" SET "transmitted_at" = "created_at" WHERE "status" = 'attached' AND "claim_proof_id" IS NOT NULL AND "transmitted_at" IS NULL;
