CREATE TABLE "live_presence" (
	"socket_id" text NOT NULL,
	"process_id" text NOT NULL,
	CONSTRAINT "live_presence_socket_id_process_id_pk" PRIMARY KEY("socket_id","process_id")
);
--> statement-breakpoint
CREATE TABLE "live_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "store_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "live_presence_process_id_idx" ON "live_presence" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "activities_online_idx" ON "activities" USING btree ("socket_id") WHERE "activities"."disconnected_at" is null;--> statement-breakpoint
-- Records left "online" by a process that stopped before presence existed: no process holds them.
UPDATE "activities" SET "disconnected_at" = "updated_at" WHERE "disconnected_at" IS NULL;
