ALTER TABLE "staff_users" ADD COLUMN "failed_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "failed_sign_ins_since" timestamp with time zone;