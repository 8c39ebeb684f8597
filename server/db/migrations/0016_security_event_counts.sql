CREATE TABLE "security_event_counts" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "security_event_counts_day_kind_pk" PRIMARY KEY("day","kind")
);
