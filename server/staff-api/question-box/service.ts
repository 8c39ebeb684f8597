import { utcDayOf } from '../../../contracts/dates.ts';
import { staffText } from '../../i18n/public.ts';
import { INSURER_TIME_ZONE } from '../../../contracts/time-zone.ts';
import type { AppDatabase } from '../../db/public.ts';
import { completeChat, type ModelSettings } from '../../language-model.ts';
import { backfillActivitySummaries } from '../analysis/summaries.ts';
import { ANSWER_BYTE_LIMIT, ANSWER_TIME_LIMIT_MS, MAX_PLAN_COST } from './checked-read.ts';
import { loadBrands } from '../../../brands/index.ts';
import { type BrandName, type FormRange, looksLikeSql, understandQuestion } from './question-forms.ts';
import { exampleQuestion, quotedList, understoodParts } from './question-texts.ts';
import type { QuestionReader } from './checked-read.ts';
import { WORKER_HEAP_LIMIT_MB } from './snapshot-reader.ts';
import { checkQuery } from './sql-guard.ts';

/**
 * The analysis page's question box (spec 3): a question in one of the documented forms
 * (question-forms.ts), any question when a model is configured, or SQL typed by staff; the SQL is
 * checked (sql-guard.ts), then run by the database's reader (readers.ts): read-only, as a role
 * that reads the three views only, at most 1,000 rows weighing at most 1 MB, never more than 5 s,
 * on PGlite in a worker thread on a snapshot. The answer shows the SQL and the rows, or why it was refused.
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
      /** The French name of each column the box's own queries name (`visitors` → « visiteurs »). */
      labels: Record<string, string>;
      rows: Record<string, unknown>[];
      /** When the rows were read from a snapshot: the time its data is from. */
      dataAsOf?: Date;
    }
  | {
      ok: false;
      query: string;
      reason: string;
      /** Set when the answer was stopped at a bound of its size (a security event for staff). */
      bounded?: { by: 'bytes'; bytes: number } | { by: 'memory' };
    };

/**
 * The columns the question forms' SQL names (its measures, worded as in the understood question,
 * and its groupings), and their French names.
 */
const COLUMN_LABELS = {
  visitors: 'questionBox.example.measure.visitors',
  sessions: 'questionBox.example.measure.sessions',
  declarations: 'questionBox.example.measure.declarations',
  brand: 'questionBox.columns.brand',
  step: 'questionBox.columns.step',
  language: 'questionBox.columns.language',
  device: 'questionBox.columns.device',
  browser: 'questionBox.columns.browser',
  day: 'questionBox.columns.day',
  week: 'questionBox.columns.week',
  month: 'questionBox.columns.month',
} as const;

/** The French name of each known column of an answer; others (staff's own SQL) keep their SQL name. */
function columnLabels(columns: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    columns.flatMap((column) =>
      Object.hasOwn(COLUMN_LABELS, column)
        ? [[column, staffText(COLUMN_LABELS[column as keyof typeof COLUMN_LABELS])]]
        : [],
    ),
  );
}

/** A size in megabytes, as staff read it: « 1 Mo », « 19,1 Mo ». */
function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0Mo`;
}

/** Staff read French (the back office's language). */
const SECONDS = ANSWER_TIME_LIMIT_MS / 1000;

/** SQL from a model, or undefined. The model's SQL goes through the same gate as typed SQL. */
async function sqlFromModel(settings: ModelSettings, question: string, range: FormRange): Promise<string | undefined> {
  const content = await completeChat(settings, {
    system: `Write ONE PostgreSQL SELECT answering the question, over these views only:\n${VIEWS_DOCUMENTATION}\nDates are ${INSURER_TIME_ZONE}. Default period: ${range.start} to ${range.end}. Return counts or grouped rows, never replace, repeat, lpad, rpad, string_agg, array_agg or ARRAY(SELECT …) (refused), and at most 8 || or concat. Reply with the SQL only.`,
    question,
  });
  if (content === undefined) return undefined;
  const fenced = /```(?:sql)?\s*([\s\S]*?)```/i.exec(content);
  return (fenced?.[1] ?? content).trim() || undefined;
}

let brandNames: Promise<BrandName[]> | undefined;

/** The brands a question may name: the brand files' slugs and names ('' for the neutral brand). */
function knownBrands(): Promise<BrandName[]> {
  brandNames ??= loadBrands().then((catalog) => [
    { slug: '', name: catalog.neutral.name },
    ...catalog.partners.map((brand) => ({ slug: brand.slug, name: brand.name })),
  ]);
  return brandNames;
}

export interface AnswerOptions {
  model?: ModelSettings | undefined;
  /** Now, for "today", "last week"… (a test's fixed clock). */
  now?: Date;
  /** The brands a question may name; by default the brand files'. */
  brands?: readonly BrandName[];
}

/** The SQL of a question the forms read entirely (with a comment saying how it was understood), or why not. */
async function sqlOfForms(
  question: string,
  range: FormRange,
  options: AnswerOptions,
): Promise<{ sql: string } | { refusal: string }> {
  const understanding = understandQuestion(question, {
    range,
    now: options.now ?? new Date(),
    brands: options.brands ?? (await knownBrands()),
  });
  if (understanding.kind === 'understood')
    return {
      sql: `-- ${staffText('questionBox.understoodComment', { question: exampleQuestion(understanding.interpretation) })}\n${understanding.sql}`,
    };
  if (!understanding.understoodSomething)
    return {
      refusal:
        understanding.notUnderstood.length === 0
          ? staffText('questionBox.nothingUnderstood')
          : staffText('questionBox.notUnderstood', { notUnderstood: quotedList(understanding.notUnderstood) }),
    };
  return {
    refusal: staffText('questionBox.partlyUnderstood', {
      understood: understoodParts(understanding.interpretation),
      notUnderstood: quotedList(understanding.notUnderstood),
      example: exampleQuestion(understanding.interpretation),
    }),
  };
}

/**
 * Runs once what the first question would otherwise pay for (measured 0.5 to 1.5 s): reading a
 * question in words (the date parser's first use), the SQL guard's parser and the brands. Called
 * once the server listens, so that neither start-up nor the first staff question waits for it.
 * Never rejects.
 */
export async function warmUpQuestionBox(): Promise<void> {
  try {
    const brands = await knownBrands();
    const now = new Date();
    const day = utcDayOf(now);
    const understanding = understandQuestion('Combien de visiteurs uniques par marque les 30 derniers jours ?', {
      range: { start: `${day} 00:00:00`, end: `${day} 23:59:00` },
      now,
      brands,
    });
    await checkQuery(understanding.kind === 'understood' ? understanding.sql : 'select 1');
  } catch {
    // Only a warm-up: the first question does the same work, and reports what fails.
  }
}

/**
 * Answers one question of the box: SQL typed, the SQL of a question the forms read entirely, or
 * (when they do not and a model is configured) the model's; then the guard and the reader. A
 * question the forms read only in part is never answered as another question: without a model,
 * the refusal says what was understood, what was not, and a question that works. `db` is the
 * app's database (activity summaries are brought up to date there first), `reader` where the
 * query runs.
 */
export async function answerQuestion(
  db: AppDatabase,
  reader: QuestionReader,
  question: string,
  range: FormRange,
  modelOrOptions?: ModelSettings | AnswerOptions,
): Promise<BoxAnswer> {
  const options: AnswerOptions =
    modelOrOptions !== undefined && 'baseUrl' in modelOrOptions ? { model: modelOrOptions } : (modelOrOptions ?? {});
  const asked = question.trim();
  let query: string | undefined;
  let refusal: string | undefined;
  if (looksLikeSql(asked)) query = asked;
  else {
    const forms = await sqlOfForms(asked, range, options);
    if ('sql' in forms) query = forms.sql;
    else {
      refusal = forms.refusal;
      if (options.model) query = await sqlFromModel(options.model, asked, range);
    }
  }
  if (query === undefined)
    return { ok: false, query: '', reason: refusal ?? staffText('questionBox.nothingUnderstood') };
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
    case 'too-large':
      return {
        ok: false,
        query,
        reason: staffText('answerBounds.tooLarge', {
          limit: megabytes(ANSWER_BYTE_LIMIT),
          size: megabytes(outcome.bytes),
        }),
        bounded: { by: 'bytes', bytes: outcome.bytes },
      };
    case 'memory-limit':
      return {
        ok: false,
        query,
        reason: staffText('answerBounds.memoryLimit', { limit: megabytes(WORKER_HEAP_LIMIT_MB * 1_048_576) }),
        bounded: { by: 'memory' },
      };
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
    labels: columnLabels(outcome.columns),
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
