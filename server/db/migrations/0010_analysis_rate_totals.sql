CREATE TABLE "report_hour_totals" (
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"visitors" bigint NOT NULL,
	"ok_any" bigint NOT NULL,
	"ok_first" bigint NOT NULL,
	CONSTRAINT "report_hour_totals_kind_starts_at_pk" PRIMARY KEY("kind","starts_at")
);
--> statement-breakpoint
CREATE TABLE "report_visitors" (
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"first_id" bigint NOT NULL,
	"first_success" boolean NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"any_success" boolean NOT NULL,
	"straddles" boolean NOT NULL,
	CONSTRAINT "report_visitors_kind_visitor_pk" PRIMARY KEY("kind","visitor")
);
--> statement-breakpoint
CREATE INDEX "report_visitors_straddling_idx" ON "report_visitors" USING btree ("kind","last_at") WHERE "report_visitors"."straddles";--> statement-breakpoint
CREATE INDEX "visitor_reports_kind_socket_id_idx" ON "visitor_reports" USING btree ("kind","socket_id","created_at");
--> statement-breakpoint
-- The analysis rates' running totals (analyse01, analyse02): report_visitors keeps each visitor's
-- outcome, report_hour_totals the visitors whose reports all fall in one UTC hour. Reports are few
-- (one per form sent) and written one statement at a time: the trigger serialises them with a
-- table lock, so two reports of one visitor never both count it as new.
CREATE FUNCTION report_visitor_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_visitors;
  DELETE FROM report_hour_totals;
  INSERT INTO report_visitors (kind, visitor, first_at, first_id, first_success, last_at, any_success, straddles)
  SELECT kind, visitor, (array_agg(created_at ORDER BY created_at, id))[1], (array_agg(id ORDER BY created_at, id))[1],
    (array_agg(success ORDER BY created_at, id))[1], max(created_at), bool_or(success),
    date_trunc('hour', min(created_at), 'UTC') <> date_trunc('hour', max(created_at), 'UTC')
  FROM (
    SELECT kind, coalesce(nullif(socket_id, ''), 'report:' || id::text) AS visitor, created_at, id,
      status = 'success' AS success
    FROM visitor_reports
  ) AS r
  GROUP BY kind, visitor;
  INSERT INTO report_hour_totals (kind, starts_at, visitors, ok_any, ok_first)
  SELECT kind, date_trunc('hour', first_at, 'UTC'), count(*), count(*) FILTER (WHERE any_success),
    count(*) FILTER (WHERE first_success)
  FROM report_visitors WHERE NOT straddles
  GROUP BY 1, 2;
$$;
--> statement-breakpoint
CREATE FUNCTION report_visitor_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE report_visitors IN SHARE ROW EXCLUSIVE MODE;
  WITH incoming AS (
    SELECT kind, coalesce(nullif(socket_id, ''), 'report:' || id::text) AS visitor, created_at, id,
      status = 'success' AS success
    FROM new_rows
  ),
  grouped AS (
    SELECT kind, visitor, (array_agg(created_at ORDER BY created_at, id))[1] AS first_at,
      (array_agg(id ORDER BY created_at, id))[1] AS first_id,
      (array_agg(success ORDER BY created_at, id))[1] AS first_success,
      max(created_at) AS last_at, bool_or(success) AS any_success
    FROM incoming
    GROUP BY kind, visitor
  ),
  previous AS (
    SELECT v.kind, v.first_at, v.first_success, v.any_success, v.straddles
    FROM report_visitors v JOIN grouped g ON g.kind = v.kind AND g.visitor = v.visitor
  ),
  merged AS (
    INSERT INTO report_visitors AS v (kind, visitor, first_at, first_id, first_success, last_at, any_success, straddles)
    SELECT kind, visitor, first_at, first_id, first_success, last_at, any_success,
      date_trunc('hour', first_at, 'UTC') <> date_trunc('hour', last_at, 'UTC')
    FROM grouped
    ORDER BY kind, visitor
    ON CONFLICT (kind, visitor) DO UPDATE SET
      first_at = least(v.first_at, excluded.first_at),
      first_id = CASE WHEN (excluded.first_at, excluded.first_id) < (v.first_at, v.first_id)
        THEN excluded.first_id ELSE v.first_id END,
      first_success = CASE WHEN (excluded.first_at, excluded.first_id) < (v.first_at, v.first_id)
        THEN excluded.first_success ELSE v.first_success END,
      last_at = greatest(v.last_at, excluded.last_at),
      any_success = v.any_success OR excluded.any_success,
      straddles = date_trunc('hour', least(v.first_at, excluded.first_at), 'UTC')
        <> date_trunc('hour', greatest(v.last_at, excluded.last_at), 'UTC')
    RETURNING v.kind, v.first_at, v.first_success, v.any_success, v.straddles
  ),
  changes AS (
    SELECT kind, date_trunc('hour', first_at, 'UTC') AS starts_at, -1 AS visitors, -any_success::int AS ok_any,
      -first_success::int AS ok_first
    FROM previous WHERE NOT straddles
    UNION ALL
    SELECT kind, date_trunc('hour', first_at, 'UTC'), 1, any_success::int, first_success::int
    FROM merged WHERE NOT straddles
  )
  INSERT INTO report_hour_totals AS t (kind, starts_at, visitors, ok_any, ok_first)
  SELECT kind, starts_at, sum(visitors), sum(ok_any), sum(ok_first)
  FROM changes
  GROUP BY kind, starts_at
  ORDER BY kind, starts_at
  ON CONFLICT (kind, starts_at) DO UPDATE SET visitors = t.visitors + excluded.visitors,
    ok_any = t.ok_any + excluded.ok_any, ok_first = t.ok_first + excluded.ok_first;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_visitor_totals_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Reports are never changed or deleted by the product; a tool or a test that does gets totals
  -- recounted from what is left.
  LOCK TABLE report_visitors IN SHARE ROW EXCLUSIVE MODE;
  PERFORM report_visitor_totals_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visitor_reports_totals_insert AFTER INSERT ON visitor_reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_visitor_totals_insert();
--> statement-breakpoint
CREATE TRIGGER visitor_reports_totals_change AFTER UPDATE OR DELETE ON visitor_reports
  FOR EACH STATEMENT EXECUTE FUNCTION report_visitor_totals_refresh();
--> statement-breakpoint
CREATE TRIGGER visitor_reports_totals_truncate AFTER TRUNCATE ON visitor_reports
  FOR EACH STATEMENT EXECUTE FUNCTION report_visitor_totals_refresh();
--> statement-breakpoint
SELECT report_visitor_totals_rebuild();
