import type { z } from 'zod/mini';
import type { FindNumberReportSchema, FollowUpReportSchema } from '../../../contracts/statistics.ts';
import type { AppDatabase } from '../../db/public.ts';
import type { KeyedHasher } from '../../security/public.ts';
import { findInsuredNumbersByEmailAndStay } from '../attestation/repository.ts';
import { insertVisitorReport } from './repository.ts';

type FindNumberReport = z.output<typeof FindNumberReportSchema>;
type FollowUpReport = z.output<typeof FollowUpReportSchema>;

/** Longest message kept: what a visitor is shown is a sentence or two. */
const MAX_MESSAGE_LENGTH = 300;

const EMAIL = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+/g;
const IDENTIFIER = /\bS[IO]-[A-Z0-9-]+/gi;
const DIGITS = /\d{5,}/g;

/**
 * The message the visitor saw, without any personal value: the values the visitor typed, anything
 * shaped like an e-mail address or an insured/claim number, and long digit runs (phones) become "…".
 */
export function scrubMessage(message: string, typed: readonly string[]): string {
  let text = message.slice(0, 2 * MAX_MESSAGE_LENGTH);
  for (const value of typed.map((item) => item.trim()).filter((item) => item.length >= 2)) {
    text = text.replace(new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '…');
  }
  return text.replace(EMAIL, '…').replace(IDENTIFIER, '…').replace(DIGITS, '…').slice(0, MAX_MESSAGE_LENGTH);
}

/**
 * Whether a find-my-number attempt found a number, as the server decides it (find my number,
 * ../attestation/service.ts): a subscription has this e-mail and exactly these stay days. Every
 * answer the visitor sees is the same 200 ("if these details match a contract…"), so the browser
 * cannot tell, and its word is not taken.
 */
async function numberWasFound(db: AppDatabase, report: FindNumberReport): Promise<boolean> {
  // No NUL goes to PostgreSQL (its text cannot hold one): such an address is no subscription's.
  const email = report.email.trim();
  if (email === '' || email.includes('\u0000') || report.sejour_debut_date === '' || report.sejour_fin_date === '')
    return false;
  const found = await findInsuredNumbersByEmailAndStay(db, {
    email,
    stayStart: report.sejour_debut_date,
    stayEnd: report.sejour_fin_date,
  });
  return found.length > 0;
}

/**
 * analyse01: a find-my-number attempt, kept without the e-mail address. Its outcome is the
 * server's: 'success' only when the request was answered (the browser's 'success') and a number
 * was found for it; a request refused or answered without a number is an 'error'.
 */
export async function recordFindNumberReport(
  db: AppDatabase,
  hash: KeyedHasher,
  report: FindNumberReport,
): Promise<void> {
  const found = report.status === 'success' && (await numberWasFound(db, report));
  await insertVisitorReport(db, {
    kind: 'find_number',
    status: found ? 'success' : 'error',
    message: scrubMessage(report.message, [report.email]),
    company: report.company,
    lang: report.lang,
    subjectHash: hash(report.email),
    nameHash: '',
    sejourDebutDate: report.sejour_debut_date || null,
    sejourFinDate: report.sejour_fin_date || null,
    socketId: report.socketId,
  });
}

/** analyse02: a follow-up attempt, kept without the claim number or the name. */
export async function recordFollowUpReport(db: AppDatabase, hash: KeyedHasher, report: FollowUpReport): Promise<void> {
  await insertVisitorReport(db, {
    kind: 'follow_up',
    status: report.status,
    message: scrubMessage(report.message, [report.dossier_numero, report.dossier_nom]),
    company: report.company,
    lang: report.lang,
    subjectHash: hash(report.dossier_numero),
    nameHash: hash(report.dossier_nom),
    sejourDebutDate: null,
    sejourFinDate: null,
    socketId: report.socketId,
  });
}
