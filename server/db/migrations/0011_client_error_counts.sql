CREATE TABLE "client_error_counts" (
	"code" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "client_error_counts_day_code_pk" PRIMARY KEY("day","code")
);
