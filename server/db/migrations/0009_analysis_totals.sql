CREATE TABLE "activity_funnel_totals" (
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"step" smallint NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"sessions" bigint NOT NULL,
	CONSTRAINT "activity_funnel_totals_period_starts_at_kind_step_dimension_value_pk" PRIMARY KEY("period","starts_at","kind","step","dimension","value"),
	CONSTRAINT "activity_funnel_totals_period" CHECK ("activity_funnel_totals"."period" in ('hour', 'day'))
);
--> statement-breakpoint
CREATE TABLE "activity_link_totals" (
	"period" text NOT NULL,
	"page" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"neighbour" text NOT NULL,
	"links" bigint NOT NULL,
	CONSTRAINT "activity_link_totals_period_page_starts_at_direction_neighbour_pk" PRIMARY KEY("period","page","starts_at","direction","neighbour"),
	CONSTRAINT "activity_link_totals_period" CHECK ("activity_link_totals"."period" in ('hour', 'day'))
);
--> statement-breakpoint
-- The analysis statistics' running totals (server/statistics/analysis/totals.ts): per UTC hour and
-- per UTC day, the sessions counted by each line of stats_04 (the funnel's marginals) and the page
-- links of stats_05, kept by statement triggers from the rows each statement changed. A statistic
-- then reads whole days and hours here and only the minutes at the range's two ends from the rows.
CREATE FUNCTION activity_funnel_marginals(
  finished boolean, furthest_step smallint, furthest_next_page text, furthest_language text,
  last_step smallint, last_next_page text, last_language text, browser text, mobile boolean
) RETURNS TABLE (kind text, step smallint, dimension text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT m.kind, m.step, m.dimension, m.value
  FROM (
    SELECT furthest_step IS NOT NULL AND NOT finished AS unfinished
  ) AS s
  CROSS JOIN LATERAL (VALUES
    ('sessions', -1::smallint, 'total', ''),
    (CASE WHEN finished THEN 'finished' END, -1::smallint, 'total', ''),
    (CASE WHEN s.unfinished THEN 'furthest' END, furthest_step, 'total', ''),
    (CASE WHEN s.unfinished AND mobile THEN 'furthest' END, furthest_step, 'mobile', ''),
    (CASE WHEN s.unfinished THEN 'furthest' END, furthest_step, 'browser', browser),
    (CASE WHEN s.unfinished THEN 'furthest' END, furthest_step, 'language', coalesce(furthest_language, '')),
    (CASE WHEN s.unfinished AND furthest_next_page IS NOT NULL THEN 'furthest' END, furthest_step, 'next', furthest_next_page),
    (CASE WHEN s.unfinished AND last_step IS NOT NULL THEN 'last' END, last_step, 'total', ''),
    (CASE WHEN s.unfinished AND last_step IS NOT NULL AND mobile THEN 'last' END, last_step, 'mobile', ''),
    (CASE WHEN s.unfinished AND last_step IS NOT NULL THEN 'last' END, last_step, 'browser', browser),
    (CASE WHEN s.unfinished AND last_step IS NOT NULL THEN 'last' END, last_step, 'language', coalesce(last_language, '')),
    (CASE WHEN s.unfinished AND last_step IS NOT NULL AND last_next_page IS NOT NULL THEN 'last' END, last_step, 'next', last_next_page)
  ) AS m(kind, step, dimension, value)
  WHERE m.kind IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION activity_funnel_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activity_funnel_totals AS t (period, starts_at, kind, step, dimension, value, sessions)
    SELECT p.period, date_trunc(p.period, c.created_at, 'UTC'), m.kind, m.step, m.dimension, m.value, count(*)
    FROM new_rows c
    CROSS JOIN (VALUES ('hour'), ('day')) AS p(period)
    CROSS JOIN LATERAL activity_funnel_marginals(c.finished, c.furthest_step, c.furthest_next_page,
      c.furthest_language, c.last_step, c.last_next_page, c.last_language, c.browser, c.mobile) AS m
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (period, starts_at, kind, step, dimension, value)
      DO UPDATE SET sessions = t.sessions + excluded.sessions;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO activity_funnel_totals AS t (period, starts_at, kind, step, dimension, value, sessions)
    SELECT p.period, date_trunc(p.period, c.created_at, 'UTC'), m.kind, m.step, m.dimension, m.value, -count(*)
    FROM old_rows c
    CROSS JOIN (VALUES ('hour'), ('day')) AS p(period)
    CROSS JOIN LATERAL activity_funnel_marginals(c.finished, c.furthest_step, c.furthest_next_page,
      c.furthest_language, c.last_step, c.last_next_page, c.last_language, c.browser, c.mobile) AS m
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (period, starts_at, kind, step, dimension, value)
      DO UPDATE SET sessions = t.sessions + excluded.sessions;
  ELSE
    -- Most updates (a page seen, a disconnection) leave the summary as it was: only the rows
    -- whose summary changed move totals, out of the old lines and into the new ones.
    INSERT INTO activity_funnel_totals AS t (period, starts_at, kind, step, dimension, value, sessions)
    SELECT p.period, date_trunc(p.period, c.created_at, 'UTC'), m.kind, m.step, m.dimension, m.value, sum(c.sign)
    FROM (
      SELECT o.created_at, o.finished, o.furthest_step, o.furthest_next_page, o.furthest_language,
        o.last_step, o.last_next_page, o.last_language, o.browser, o.mobile, -1 AS sign
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.created_at, o.finished, o.furthest_step, o.furthest_next_page, o.furthest_language, o.last_step,
          o.last_next_page, o.last_language, o.browser, o.mobile)
        IS DISTINCT FROM (n.created_at, n.finished, n.furthest_step, n.furthest_next_page, n.furthest_language,
          n.last_step, n.last_next_page, n.last_language, n.browser, n.mobile)
      UNION ALL
      SELECT n.created_at, n.finished, n.furthest_step, n.furthest_next_page, n.furthest_language,
        n.last_step, n.last_next_page, n.last_language, n.browser, n.mobile, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.created_at, o.finished, o.furthest_step, o.furthest_next_page, o.furthest_language, o.last_step,
          o.last_next_page, o.last_language, o.browser, o.mobile)
        IS DISTINCT FROM (n.created_at, n.finished, n.furthest_step, n.furthest_next_page, n.furthest_language,
          n.last_step, n.last_next_page, n.last_language, n.browser, n.mobile)
    ) AS c
    CROSS JOIN (VALUES ('hour'), ('day')) AS p(period)
    CROSS JOIN LATERAL activity_funnel_marginals(c.finished, c.furthest_step, c.furthest_next_page,
      c.furthest_language, c.last_step, c.last_next_page, c.last_language, c.browser, c.mobile) AS m
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(c.sign) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (period, starts_at, kind, step, dimension, value)
      DO UPDATE SET sessions = t.sessions + excluded.sessions;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_funnel_totals_insert AFTER INSERT ON activities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_funnel_totals_apply();
--> statement-breakpoint
CREATE TRIGGER activities_funnel_totals_update AFTER UPDATE ON activities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_funnel_totals_apply();
--> statement-breakpoint
CREATE TRIGGER activities_funnel_totals_delete AFTER DELETE ON activities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_funnel_totals_apply();
--> statement-breakpoint
CREATE FUNCTION activity_funnel_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_funnel_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_funnel_totals_truncate AFTER TRUNCATE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION activity_funnel_totals_clear();
--> statement-breakpoint
CREATE FUNCTION activity_link_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO activity_link_totals AS t (period, page, starts_at, direction, neighbour, links)
    SELECT p.period, c.page, date_trunc(p.period, c.created_at, 'UTC'), c.direction, c.neighbour, count(*)
    FROM new_rows c CROSS JOIN (VALUES ('hour'), ('day')) AS p(period)
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (period, page, starts_at, direction, neighbour) DO UPDATE SET links = t.links + excluded.links;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO activity_link_totals AS t (period, page, starts_at, direction, neighbour, links)
    SELECT p.period, c.page, date_trunc(p.period, c.created_at, 'UTC'), c.direction, c.neighbour, -count(*)
    FROM old_rows c CROSS JOIN (VALUES ('hour'), ('day')) AS p(period)
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (period, page, starts_at, direction, neighbour) DO UPDATE SET links = t.links + excluded.links;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_page_links_totals_insert AFTER INSERT ON activity_page_links
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_link_totals_apply();
--> statement-breakpoint
CREATE TRIGGER activity_page_links_totals_update AFTER UPDATE ON activity_page_links
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_link_totals_apply();
--> statement-breakpoint
CREATE TRIGGER activity_page_links_totals_delete AFTER DELETE ON activity_page_links
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_link_totals_apply();
--> statement-breakpoint
CREATE FUNCTION activity_link_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_link_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_page_links_totals_truncate AFTER TRUNCATE ON activity_page_links
  FOR EACH STATEMENT EXECUTE FUNCTION activity_link_totals_clear();
--> statement-breakpoint
INSERT INTO activity_funnel_totals (period, starts_at, kind, step, dimension, value, sessions)
SELECT p.period, date_trunc(p.period, c.created_at, 'UTC'), m.kind, m.step, m.dimension, m.value, count(*)
FROM activities c
CROSS JOIN (VALUES ('hour'), ('day')) AS p(period)
CROSS JOIN LATERAL activity_funnel_marginals(c.finished, c.furthest_step, c.furthest_next_page,
  c.furthest_language, c.last_step, c.last_next_page, c.last_language, c.browser, c.mobile) AS m
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO activity_link_totals (period, page, starts_at, direction, neighbour, links)
SELECT p.period, c.page, date_trunc(p.period, c.created_at, 'UTC'), c.direction, c.neighbour, count(*)
FROM activity_page_links c CROSS JOIN (VALUES ('hour'), ('day')) AS p(period)
GROUP BY 1, 2, 3, 4, 5;
