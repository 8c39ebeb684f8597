CREATE TABLE "activity_page_links" (
	"activity_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"direction" text NOT NULL,
	"neighbour" text NOT NULL,
	CONSTRAINT "activity_page_links_page_created_at_activity_id_direction_neighbour_pk" PRIMARY KEY("page","created_at","activity_id","direction","neighbour"),
	CONSTRAINT "activity_page_links_direction" CHECK ("activity_page_links"."direction" in ('previous', 'next'))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "summarised" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "finished" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "furthest_step" smallint;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "furthest_next_page" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "furthest_language" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "last_step" smallint;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "last_next_page" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "last_language" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "browser" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "mobile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_unfinished_created_at_idx" ON "activities" USING btree ("created_at") INCLUDE ("furthest_step","furthest_next_page","furthest_language","last_step","last_next_page","last_language","browser","mobile") WHERE "activities"."furthest_step" is not null and not "activities"."finished";--> statement-breakpoint
CREATE INDEX "activities_finished_created_at_idx" ON "activities" USING btree ("created_at") WHERE "activities"."finished";--> statement-breakpoint
CREATE INDEX "activities_unsummarised_idx" ON "activities" USING btree ("id") WHERE not "activities"."summarised";
