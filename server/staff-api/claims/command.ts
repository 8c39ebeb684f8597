import { CLAIM_STATES } from '../../../contracts/claim-states.ts';
import type { ClaimChangeSignal } from '../../claim-change-signal.ts';
import { utcMinuteOf } from '../../../contracts/dates.ts';
import { parseArgs } from 'node:util';
import { loadBrands } from '../../../brands/index.ts';
import { ConfigError, loadConfig, mailLinkOrigin } from '../../config.ts';
import type { ClaimMailing } from './claimant-mails.ts';
import { type Database, DatabaseOpenError } from '../../db/public.ts';
import {
  type ClaimDetail,
  ClaimsAdminError,
  type ClaimSummary,
  DEFAULT_LIST_LIMIT,
  getClaim,
  listClaims,
  listDocumentTypes,
  MAX_LIST_LIMIT,
  requestDocument,
  setClaimEtat,
  TERMINAL_ACTOR,
  validateDocument,
} from './service.ts';

/**
 * The staff command for claims (`npm run claims -- <command>`), as a pure function of its
 * arguments and a database: scripts/claims.ts runs it on a database it opens, the running server
 * on its own through the claims socket (socket.ts) when it holds the embedded database.
 */

/** What the command prints and its exit code. */
export interface ClaimsCommandResult {
  exitCode: 0 | 1;
  stdout: string;
  stderr: string;
}

const CLAIMS_USAGE = `Usage: npm run claims -- <command> [arguments] [options]

Reads and changes the claims of the database the server uses: the embedded database under
DATA_DIR (default ./data), or the PostgreSQL server of DATABASE_URL.

Commands:
  list [--etat <etat>] [--limit <n>]
      The latest claims (${DEFAULT_LIST_LIMIT} by default, at most ${MAX_LIST_LIMIT}), most recent first: number, date,
      state, brand, language, last name and proofs requested / transmitted / validated.
  show <SI-…>
      A claim and its proofs, with the proof ids and states.
  set-etat <SI-…> <etat> [--force]
      Moves the claim to a state of the follow-up page: ${CLAIM_STATES.join(', ')}.
      --force sets another state (the follow-up page shows it as in treatment).
  request-document <SI-…> <document-type-id|code>
      Asks the claimant for a document: it shows as missing on the follow-up page.
  validate-document <SI-…> <proof-id> [--force]
      Validates a transmitted proof. --force validates one that came by post or e-mail.
  document-types
      The document types, with the ids and codes request-document takes.
  help
      This text.

Examples:
  npm run claims -- list --etat en_cours --limit 20
  npm run claims -- set-etat SI-0000003 paiement_envoye
  npm run claims -- request-document SI-0000003 CERTIFICAT_MEDICAL

Each change mails the claimant, as from the back office: one mail per change, sent a minute
later; a change undone within that minute sends nothing.

While the server runs on the embedded database (which one process opens at a time), the command
goes through the server: it asks it over DATA_DIR/run/claims.sock.
`;

/** A mistake in the command line. */
class UsageError extends Error {
  override name = 'UsageError';
}

const HINT = 'Run `npm run claims -- help` for usage.';

/** A timestamp as staff read it in a table: `2026-11-04 09:12 UTC`. */
function formatTimestamp(date: Date | null): string {
  return date === null ? '-' : `${utcMinuteOf(date)} UTC`;
}

/** Left-aligned columns separated by two spaces. */
function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function formatClaimList(claims: readonly ClaimSummary[]): string {
  if (claims.length === 0) return 'No claim.';
  return formatTable(
    ['number', 'declared', 'etat', 'company', 'lang', 'last name', 'requested', 'transmitted', 'validated'],
    claims.map((claim) => [
      claim.numero,
      formatTimestamp(claim.declarationDate),
      claim.etat,
      claim.company ?? '-',
      claim.lang,
      claim.assureNom,
      String(claim.requested),
      String(claim.transmitted),
      String(claim.validated),
    ]),
  );
}

const yesNo = (flag: 0 | 1) => (flag === 1 ? 'yes' : 'no');

/** `label  value` lines, the values aligned. */
function formatFacts(facts: readonly (readonly [string, string])[]): string {
  const width = Math.max(...facts.map(([label]) => label.length));
  return facts.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}

function formatClaim(claim: ClaimDetail): string {
  const facts = formatFacts([
    ['claim', claim.numero],
    ['etat', claim.etat],
    ['declared', `${formatTimestamp(claim.declarationDate)} on ${claim.company ?? '-'} (${claim.lang})`],
    ['acquisition', claim.acquisitionMethode],
    ['claimant', `${claim.assureNom} ${claim.assurePrenom} <${claim.assureEmail}>`],
    ['insured number', claim.assureNumero],
    ['subscription', `${claim.souscriptionId} (contract ${claim.contratCompagnieId})`],
    ['object', `${claim.garantie.id} ${claim.garantie.nom}`],
    ['reason', `${claim.motif.id} ${claim.motif.nom}`],
    ['event date', claim.sinistreDate],
  ]);
  const proofs =
    claim.proofs.length === 0
      ? 'No proof.'
      : formatTable(
          ['proof id', 'type', 'document', 'requested', 'transmitted', 'validated', 'file', 'received', 'validated at'],
          claim.proofs.map((proof) => [
            String(proof.id),
            proof.documentCode ?? '-',
            proof.nomCourt || '-',
            yesNo(proof.demande),
            yesNo(proof.dropbox),
            yesNo(proof.valide),
            proof.nomFichier ?? '-',
            formatTimestamp(proof.receptionDate),
            formatTimestamp(proof.validatedAt),
          ]),
        );
  return `${facts}\n\nProofs\n${proofs}`;
}

/** Exactly `count` positional arguments after the command, or a usage error naming them. */
function expectArguments(positionals: readonly string[], names: readonly string[], command: string): string[] {
  if (positionals.length !== names.length) {
    throw new UsageError(`${command} takes ${names.map((name) => `<${name}>`).join(' ') || 'no argument'}.`);
  }
  return [...positionals];
}

/** Options a command does not take are refused rather than ignored. */
function refuseOptions(values: Record<string, unknown>, allowed: readonly string[], command: string): void {
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && !allowed.includes(name)) throw new UsageError(`${command} does not take --${name}.`);
  }
}

function parseWholeNumber(text: string, what: string): number {
  if (!/^\d{1,10}$/.test(text)) throw new UsageError(`${what} must be a whole number (got "${text}").`);
  return Number(text);
}

interface ParsedCommand {
  command: string;
  positionals: string[];
  values: { etat?: string | undefined; limit?: string | undefined; force?: boolean | undefined };
}

function parseCommandLine(args: readonly string[]): ParsedCommand {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { etat: { type: 'string' }, limit: { type: 'string' }, force: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const [command = '', ...rest] = positionals;
  return { command, positionals: rest, values };
}

/**
 * How a change made here mails the claimant, as the server would: the brand files and the site's
 * public origin of this environment (the server's own when the command goes through its socket).
 */
async function terminalMailing(): Promise<ClaimMailing> {
  return { brands: await loadBrands(), origin: mailLinkOrigin(loadConfig(process.env)) };
}

/** What a command does once the database is open: resolves with what to print. */
export type ClaimsAction = (database: Database) => Promise<string>;

/**
 * Checks the command line and returns the command's action, so that a mistake is reported
 * before the database is opened (and, for the embedded one, locked).
 */
function planCommand(
  { command, positionals, values }: ParsedCommand,
  signalClaimChange: ClaimChangeSignal | undefined,
): ClaimsAction {
  switch (command) {
    case 'list': {
      expectArguments(positionals, [], command);
      refuseOptions(values, ['etat', 'limit'], command);
      const limit = values.limit === undefined ? undefined : parseWholeNumber(values.limit, '--limit');
      return async ({ db }) => formatClaimList(await listClaims(db, { etat: values.etat, limit }));
    }
    case 'show': {
      const [numero = ''] = expectArguments(positionals, ['SI-…'], command);
      refuseOptions(values, [], command);
      return async ({ db }) => formatClaim(await getClaim(db, numero));
    }
    case 'set-etat': {
      const [numero = '', etat = ''] = expectArguments(positionals, ['SI-…', 'etat'], command);
      refuseOptions(values, ['force'], command);
      return async ({ db }) => {
        const change = await setClaimEtat(db, numero, etat, {
          actor: TERMINAL_ACTOR,
          mailing: await terminalMailing(),
          signalClaimChange,
          force: values.force === true,
        });
        return change.previous === change.etat
          ? `${change.numero} was already ${change.etat}.`
          : `${change.numero}: ${change.previous} → ${change.etat}.`;
      };
    }
    case 'request-document': {
      const [numero = '', type = ''] = expectArguments(positionals, ['SI-…', 'document-type-id|code'], command);
      refuseOptions(values, [], command);
      return async ({ db }) => {
        const request = await requestDocument(db, numero, type, {
          actor: TERMINAL_ACTOR,
          mailing: await terminalMailing(),
          signalClaimChange,
        });
        const what = `${request.documentType.code} (${request.documentType.nomCourt})`;
        return request.created
          ? `${request.numero}: ${what} requested as proof ${request.proofId}.`
          : `${request.numero}: proof ${request.proofId}, ${what} sent unasked, is now requested.`;
      };
    }
    case 'validate-document': {
      const [numero = '', proofText = ''] = expectArguments(positionals, ['SI-…', 'proof-id'], command);
      refuseOptions(values, ['force'], command);
      const proofId = parseWholeNumber(proofText, 'The proof id');
      return async ({ db }) => {
        const validation = await validateDocument(db, numero, proofId, {
          actor: TERMINAL_ACTOR,
          mailing: await terminalMailing(),
          signalClaimChange,
          force: values.force === true,
        });
        const what = `proof ${validation.proofId}${validation.nomCourt ? ` (${validation.nomCourt})` : ''}`;
        return validation.alreadyValidated
          ? `${validation.numero}: ${what} was already validated (${formatTimestamp(validation.validatedAt)}).`
          : `${validation.numero}: ${what} validated.`;
      };
    }
    case 'document-types': {
      expectArguments(positionals, [], command);
      refuseOptions(values, [], command);
      return async ({ db }) =>
        formatTable(
          ['id', 'code', 'short name'],
          (await listDocumentTypes(db)).map((type) => [String(type.id), type.code, type.nomCourt]),
        );
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

/** The one line printed for a failure: what went wrong, and for usage mistakes where to look. */
export function describeClaimsFailure(error: unknown): string {
  if (error instanceof UsageError) return `${error.message} ${HINT}`;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
    // Node's message goes on with advice over several lines: its first sentence says it all.
    const [sentence = ''] = (error as Error).message.split(/(?<=\.)\s/);
    return `${sentence.endsWith('.') ? sentence : `${sentence}.`} ${HINT}`;
  }
  if (error instanceof ClaimsAdminError || error instanceof ConfigError || error instanceof DatabaseOpenError) {
    return error.message;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Unexpected error: ${message.split('\n')[0] ?? ''}`;
}

const failed = (error: unknown): ClaimsCommandResult => ({
  exitCode: 1,
  stdout: '',
  stderr: `${describeClaimsFailure(error)}\n`,
});

/**
 * Reads the command line: the result to print at once (help, a usage mistake), or the action to
 * run on a database. A mistake is so reported before any database is opened (and locked). Run by
 * the server, a change is told to the pages following the claim through `signalClaimChange`.
 */
export function planClaimsCommand(
  args: readonly string[],
  { signalClaimChange }: { signalClaimChange?: ClaimChangeSignal } = {},
): ClaimsCommandResult | ClaimsAction {
  try {
    const parsed = parseCommandLine(args);
    if (parsed.command === 'help') return { exitCode: 0, stdout: CLAIMS_USAGE, stderr: '' };
    // Without a command, the usage is the error message.
    if (parsed.command === '') return { exitCode: 1, stdout: '', stderr: CLAIMS_USAGE };
    return planCommand(parsed, signalClaimChange);
  } catch (error) {
    return failed(error);
  }
}

/** Runs a planned action: its output, or the one-line failure. */
export async function runClaimsAction(action: ClaimsAction, database: Database): Promise<ClaimsCommandResult> {
  try {
    return { exitCode: 0, stdout: `${await action(database)}\n`, stderr: '' };
  } catch (error) {
    return failed(error);
  }
}

/** The whole command on an open database. */
export async function runClaimsCommand(args: readonly string[], database: Database): Promise<ClaimsCommandResult> {
  const plan = planClaimsCommand(args);
  return typeof plan === 'function' ? runClaimsAction(plan, database) : plan;
}
