-- The analysis page's question box (spec 3 "AI question box") reads only these views, in their own
-- schema: no personal data (no socket id, IP address, name, e-mail, claim or hashed value), so a
-- query the box accepts can show nothing else. server/statistics/question-box/views.ts documents
-- each column; the box runs with search_path = bo_ai, in a read-only transaction.
CREATE SCHEMA IF NOT EXISTS bo_ai;
--> statement-breakpoint
CREATE VIEW bo_ai.sessions AS
SELECT
  a.id AS session,
  a.created_at,
  (a.created_at AT TIME ZONE 'Europe/Paris')::date AS day,
  coalesce(a.store ->> 'company', '') AS brand,
  coalesce(a.store ->> 'lang', a.furthest_language, 'fr') AS language,
  CASE WHEN a.mobile THEN 'smartphone' ELSE 'ordinateur' END AS device,
  a.browser,
  a.furthest_step,
  a.finished AS declared,
  jsonb_array_length(a.history_pages) AS pages
FROM public.activities a;
--> statement-breakpoint
CREATE VIEW bo_ai.visits AS
SELECT
  a.id AS session,
  (e.value ->> 'at')::timestamptz AS visited_at,
  CASE
    WHEN substring(e.value ->> 'page' FROM '([^/]+)/?$') IN ('declare-sinistre', 'declare-step0', 'declare-step1', 'declare-step2', 'declare-step3', 'declare-step4', 'declare-step5', 'declare-step6', 'confirmation-sinistre', 'faq', 'find-my-number', 'contact', 'mentions-legales', 'politique-confidentialite', 'claim', 'claim-step1', 'claim-step2', 'suivre-dossier', 'client-file')
      THEN '/' || substring(e.value ->> 'page' FROM '([^/]+)/?$')
    ELSE '/'
  END AS page,
  coalesce(a.store ->> 'company', '') AS brand
FROM public.activities a
CROSS JOIN LATERAL jsonb_array_elements(a.history_pages) AS e;
--> statement-breakpoint
CREATE VIEW bo_ai.reports AS
SELECT
  r.kind,
  r.status,
  r.company AS brand,
  r.lang AS language,
  r.created_at
FROM public.visitor_reports r;
