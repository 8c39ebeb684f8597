import { staffText } from '../../i18n/staff-texts.ts';
import { INSURER_TIME_ZONE } from '../../../contracts/time-zone.ts';
import type { AppDatabase } from '../../db/client.ts';
import { completeChat, type ModelSettings } from '../../language-model.ts';
import { backfillActivitySummaries } from '../analysis/summaries.ts';
import { ANSWER_TIME_LIMIT_MS, MAX_PLAN_COST } from './checked-read.ts';
import { type FormRange, looksLikeSql, sqlOfQuestion } from './question-forms.ts';
import type { QuestionReader } from './readers.ts';
import { checkQuery } from './sql-guard.ts';

/**
 * The analysis page's question box (spec 3): a question in one of the documented forms
 * (question-forms.ts), any question when a model is configured, or SQL typed by staff; the SQL is
 * checked (sql-guard.ts), then run by the database's reader (readers.ts): read-only, as a role
 * that reads the three views only, at most 1,000 rows, never more than 5 s, on PGlite in a worker
 * thread on a snapshot. The answer shows the SQL and the rows, or why it was refused.
 */

/** The views' documentation, for staff (the box's help) and for a model. */
const VIEWS_DOCUMENTATION = `sessions(session, created_at timestamptz, day date (Paris), brand text ('' = neutral brand), language text, device 'smartphone'|'ordinateur', browser text, furthest_step smallint (0-6, null if no declaration step), declared boolean, pages int)
visits(session, visited_at timestamptz, page text ('/', '/declare-sinistre', '/declare-step1'…, '/confirmation-sinistre', '/faq', '/find-my-number', '/contact', '/suivre-dossier', '/client-file', '/claim', '/claim-step1', '/claim-step2', '/mentions-legales', '/politique-confidentialite'), brand text)
reports(kind 'find_number'|'follow_up', status 'success'|'error', brand text, language text, created_at timestamptz)`;

export type BoxAnswer =
  | {
      ok: true;
      query: string;
      columns: string[];
      rows: Record<string, unknown>[];
      /** When the rows were read from a snapshot: the time its data is from. */
      dataAsOf?: Date;
    }
  | { ok: false; query: string; reason: string };

/** Staff read French (the back office's language). */
const SECONDS = ANSWER_TIME_LIMIT_MS / 1000;

/** SQL from a model, or undefined. The model's SQL goes through the same gate as typed SQL. */
async function sqlFromModel(settings: ModelSettings, question: string, range: FormRange): Promise<string | undefined> {
  const content = await completeChat(settings, {
    system: `Write ONE PostgreSQL SELECT answering the question, over these views only:\n${VIEWS_DOCUMENTATION}\nDates are ${INSURER_TIME_ZONE}. Default period: ${range.start} to ${range.end}. Reply with the SQL only.`,
    question,
  });
  if (content === undefined) return undefined;
  const fenced = /```(?:sql)?\s*([\s\S]*?)```/i.exec(content);
  return (fenced?.[1] ?? content).trim() || undefined;
}

/**
 * Answers one question of the box: the SQL of a form, of the model or typed, through the guard
 * and then the reader; a refusal says why in French. `db` is the app's database (activity
 * summaries are brought up to date there first), `reader` where the query runs.
 */
export async function answerQuestion(
  db: AppDatabase,
  reader: QuestionReader,
  question: string,
  range: FormRange,
  model?: ModelSettings,
): Promise<BoxAnswer> {
  const asked = question.trim();
  let query = looksLikeSql(asked) ? asked : sqlOfQuestion(asked, range);
  if (query === undefined && model) query = await sqlFromModel(model, asked, range);
  if (query === undefined)
    return {
      ok: false,
      query: '',
      reason: staffText('questionBox.notUnderstood'),
    };
  query = query.replace(/;\s*$/, '');
  const verdict = await checkQuery(query);
  if (!verdict.ok) return { ok: false, query, reason: verdict.reason };

  await backfillActivitySummaries(db);
  const { outcome, dataAsOf } = await reader.read(query);
  switch (outcome.kind) {
    case 'too-costly':
      return {
        ok: false,
        query,
        reason: staffText('questionBox.tooCostly', {
          cost: Math.round(outcome.cost).toLocaleString('fr-FR'),
          limit: MAX_PLAN_COST.toLocaleString('fr-FR'),
        }),
      };
    case 'interrupted':
      return {
        ok: false,
        query,
        reason: staffText('questionBox.interrupted', { seconds: SECONDS }),
      };
    case 'failed':
      return { ok: false, query, reason: staffText('questionBox.failed', { reason: outcome.message }) };
    case 'busy':
      return {
        ok: false,
        query,
        reason: staffText('questionBox.busy'),
      };
    case 'unavailable':
      return {
        ok: false,
        query,
        reason: staffText('questionBox.unavailable'),
      };
  }
  return {
    ok: true,
    query,
    columns: outcome.columns,
    ...(dataAsOf === undefined ? {} : { dataAsOf }),
    rows: outcome.rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? Number(value) : value,
        ]),
      ),
    ),
  };
}
