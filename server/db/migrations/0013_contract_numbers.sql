ALTER TABLE "subscriptions" ADD COLUMN "numero_contrat" text;--> statement-breakpoint
CREATE INDEX "subscriptions_numero_contrat_idx" ON "subscriptions" USING btree ("numero_contrat");