import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import type { Brand } from '../../../brands/lib/schema.ts';
import { AWAITING_TREATMENT_STATE, NO_FOLLOW_UP_STATE, PAYMENT_SENT_STATE } from '../../../contracts/claim-states.ts';
import type { Language } from '../../../contracts/languages.ts';
import { getDocumentType } from '../../../content/documents.ts';
import { followUpLinkExpiry, newFollowUpToken } from '../../customer-api/public.ts';
import type { followUpTokens, mailOutbox } from '../../db/public.ts';
import { type ClaimantStatus, customerPageUrl, followUpUrl, type RenderedMail, renderMail } from '../../mail/public.ts';
import { getDemoGuarantee } from '../records/guarantees.ts';
import { createRandom } from '../random.ts';
import type { DemoSubscription } from '../records/people.ts';
import type { GeneratedClaim, GeneratedEvent, GeneratedProof } from './claims.ts';

/**
 * The mails the generated claims caused, as the outbox holds them: the confirmation of each
 * declaration, and a mail for each change staff made (a state the claimant sees, a document asked,
 * a proof validated or refused), rendered by the mail templates in the claimant's language under
 * the claim's brand. Only the claims declared in the last MAIL_DAYS days have them (an older
 * claim's page lists no mail). Nearly all are sent; a few failed, were held by the recipient
 * limit, cancelled by a later change, or are still held, so that every delivery state shows.
 *
 * Each claim with mails gets one follow-up link, which its mails carry; its token is random
 * (node:crypto), only its hash is stored, and only while it is valid (a link's lifetime after the last mail).
 */

/** How far back the generated claims have their mails. */
const MAIL_DAYS = 92;
/** Mails still pending a retry when the demo starts. */
const RETRYING_MAILS = 3;
const DAY_MS = 24 * 60 * 60_000;

type OutboxRow = typeof mailOutbox.$inferInsert;
type TokenRow = typeof followUpTokens.$inferInsert;

/** A generated claim with the ids it was written under. */
export interface WrittenClaim {
  claim: GeneratedClaim;
  id: number;
  proofIds: readonly number[];
}

/** What the follow-up page shows of a state (spec 2 §4), as the claim-change mails tell it. */
function claimantStatusOf(etat: string): ClaimantStatus {
  if (etat === AWAITING_TREATMENT_STATE) return 'awaitingDecision';
  if (etat === PAYMENT_SENT_STATE) return 'closed';
  if (etat === NO_FOLLOW_UP_STATE) return 'noFollowUp';
  return 'inTreatment';
}

function documentName(documentTypeId: number, lang: Language): string {
  return getDocumentType(documentTypeId).texts[lang].nomCourt;
}

/** What a claim's mails to its claimant tell of it: a generated claim, or a hand-written one (seed.ts). */
export type MailedClaim = Pick<GeneratedClaim, 'numero' | 'company' | 'lang' | 'declarationDate' | 'events'> & {
  proofs: readonly Pick<GeneratedProof, 'documentTypeId' | 'demande' | 'dropbox'>[];
  subscription: Pick<DemoSubscription, 'assureEmail'>;
};

interface MailContext {
  claim: MailedClaim;
  followUp: string;
  complaintUrl: string;
}

function renderEvent(context: MailContext, brand: Parameters<typeof renderMail>[2], event: GeneratedEvent) {
  const { claim, followUp } = context;
  const claimNumber = claim.numero;
  const proof = event.proof === undefined ? undefined : claim.proofs[event.proof];
  const document = proof ? documentName(proof.documentTypeId, claim.lang) : '';
  const missingDocuments = claim.proofs
    .filter((candidate) => candidate.demande === 1 && candidate.dropbox === 0)
    .map((candidate) => documentName(candidate.documentTypeId, claim.lang));
  switch (event.action) {
    case 'etat':
      return renderMail('claim-state-changed', claim.lang, brand, {
        claimNumber,
        status: claimantStatusOf(event.to ?? ''),
        changedAt: event.at,
        missingDocuments,
        followUpUrl: followUp,
        complaintUrl: context.complaintUrl,
      });
    case 'document_requested':
      return renderMail('document-requested', claim.lang, brand, {
        claimNumber,
        document,
        requestedAt: event.at,
        followUpUrl: followUp,
      });
    case 'proof_validated':
      return renderMail('proof-validated', claim.lang, brand, {
        claimNumber,
        document,
        validatedAt: event.at,
        missingDocuments,
        followUpUrl: followUp,
      });
    case 'proof_refused':
      return renderMail('proof-refused', claim.lang, brand, {
        claimNumber,
        document,
        reason: event.motif ?? '',
        refusedAt: event.at,
        followUpUrl: followUp,
      });
  }
}

/** The topic and claimant-visible change a change mail records (claimant-mails.ts's shape). */
function changeOf(event: GeneratedEvent, proofIds: readonly number[]) {
  if (event.action === 'etat') {
    return {
      changeTopic: 'etat',
      changeFrom: claimantStatusOf(event.from ?? ''),
      changeTo: claimantStatusOf(event.to ?? ''),
    };
  }
  const to = { document_requested: 'requested', proof_validated: 'validated', proof_refused: 'refused' }[event.action];
  return { changeTopic: `proof:${proofIds[event.proof ?? 0] ?? 0}`, changeFrom: null, changeTo: to };
}

/** A delivery state for a mail written at `at`: sent, mostly. */
function deliveryOf(random: ReturnType<typeof createRandom>, at: Date, now: Date): Partial<OutboxRow> {
  const roll = random.next();
  if (now.getTime() - at.getTime() < 60_000) return { status: 'pending', heldUntil: new Date(at.getTime() + 60_000) };
  if (roll < 0.012)
    return { status: 'failed', attempts: 8, lastError: random.pick(['ECONNREFUSED connect', 'EENVELOPE 550 RCPT TO']) };
  if (roll < 0.02) return { status: 'limited', lastError: 'recipient_day_limit', textBody: '', htmlBody: '' };
  if (roll < 0.03) return { status: 'cancelled' };
  return { status: 'sent', sentAt: new Date(at.getTime() + 2_000 + Math.floor(random.next() * 40_000)) };
}

/**
 * The outbox rows and the follow-up tokens of the claims declared in the last MAIL_DAYS days.
 * `origin`: the public origin mail links point to.
 */
export function demoMailsOf(
  written: readonly WrittenClaim[],
  options: { brands: BrandCatalog; origin: string; now: Date; seed: number },
): { mails: OutboxRow[]; tokens: TokenRow[] } {
  const random = createRandom(options.seed + 1);
  const { now } = options;
  const since = now.getTime() - MAIL_DAYS * DAY_MS;
  const mails: OutboxRow[] = [];
  const tokens: TokenRow[] = [];
  for (const { claim, id, proofIds } of written) {
    // An older claim keeps only its establishment's copy: staff see it was sent.
    const recent = claim.declarationDate.getTime() >= since;
    if (!recent && !claim.confirmationAnnulation) continue;
    const brand = options.brands.bySlug.get(claim.company) ?? options.brands.neutral;
    const copy = establishmentCopyOf(claim, brand);
    if (copy) {
      const at = claim.declarationDate;
      mails.push(outboxRowOf(copy.rendered, { id, at, recipient: copy.to }, deliveryOf(random, at, now)));
    }
    if (!recent) continue;
    const claimant = claimantMailsOf({ claim, id, proofIds }, options, (at) => deliveryOf(random, at, now));
    mails.push(...claimant.mails);
    if (claimant.token) tokens.push(claimant.token);
  }
  retryNewest(mails, now);
  return { mails, tokens };
}

/** An outbox row of `rendered` to `recipient` about claim `id` (none: null), written at `at`, then as `change` says. */
export function outboxRowOf(
  rendered: RenderedMail,
  { id, at, recipient }: { id: number | null; at: Date; recipient: string },
  change: Partial<OutboxRow>,
): OutboxRow {
  return {
    kind: rendered.kind,
    lang: rendered.lang,
    recipient,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    claimId: id,
    createdAt: at,
    nextAttemptAt: at,
    attempts: 0,
    lastError: null,
    sentAt: null,
    heldUntil: null,
    changeTopic: null,
    changeFrom: null,
    changeTo: null,
    ...change,
  };
}

/**
 * The mails a claim's claimant received: the confirmation of the declaration, then one per change
 * of `claim.events`, each delivered as `deliver` says for the moment it was written, with the
 * follow-up link they carry; its token is returned to be stored while it still opens the claim
 * at `now` (a link's lifetime after the last mail).
 */
export function claimantMailsOf(
  { claim, id, proofIds }: { claim: MailedClaim; id: number; proofIds: readonly number[] },
  options: { brands: BrandCatalog; origin: string; now: Date },
  deliver: (at: Date) => Partial<OutboxRow>,
): { mails: OutboxRow[]; token: TokenRow | undefined } {
  const brand = options.brands.bySlug.get(claim.company) ?? options.brands.neutral;
  const link = { origin: options.origin, company: brand.slug, lang: claim.lang };
  const { token, tokenHash } = newFollowUpToken();
  const context: MailContext = {
    claim,
    followUp: followUpUrl(link, token),
    complaintUrl: customerPageUrl(link, 'claim'),
  };
  const mails: OutboxRow[] = [];
  const add = (rendered: RenderedMail, at: Date, change: Partial<OutboxRow>) =>
    mails.push(
      outboxRowOf(rendered, { id, at, recipient: claim.subscription.assureEmail }, { ...change, ...deliver(at) }),
    );
  const confirmation = renderMail('claim-confirmation', claim.lang, brand, {
    claimNumber: claim.numero,
    declarationDate: claim.declarationDate,
    documents: claim.proofs.map((proof) => documentName(proof.documentTypeId, claim.lang)),
    followUpUrl: context.followUp,
  });
  add(confirmation, claim.declarationDate, {});
  let last = claim.declarationDate;
  for (const event of claim.events) {
    add(renderEvent(context, brand, event), event.at, changeOf(event, proofIds));
    if (event.at > last) last = event.at;
  }
  const expiresAt = followUpLinkExpiry(last);
  return {
    mails,
    token:
      expiresAt > options.now
        ? { claimId: id, tokenHash, expiresAt, createdAt: claim.declarationDate, deliveredBy: 'mail' }
        : undefined,
  };
}

/**
 * The copy of a cancellation to the booking establishment, as the declaration wrote it (its
 * address: the subscription's, else the brand file's), in the establishment's language; none when
 * the claimant had no box to tick or no address is known.
 */
function establishmentCopyOf(claim: GeneratedClaim, brand: Brand): { to: string; rendered: RenderedMail } | undefined {
  if (!claim.confirmationAnnulation) return undefined;
  const to = claim.subscription.destinationEmail ?? brand.establishment.copyEmail;
  if (!to) return undefined;
  const lang = brand.establishment.language;
  const guarantee = getDemoGuarantee(claim.garantieId);
  const reason = guarantee.motifs.find((motif) => motif.id === claim.motifId);
  const rendered = renderMail('establishment-copy', lang, brand, {
    claimNumber: claim.numero,
    insuredName: `${claim.subscription.assurePrenom} ${claim.subscription.assureNom}`.trim(),
    establishment: claim.subscription.destinationNom,
    stayStart: claim.subscription.sejourDebutDate,
    stayEnd: claim.subscription.sejourFinDate,
    guarantee: guarantee.names[lang].nom,
    reason: reason?.nom[lang] ?? '',
    eventDate: claim.sinistreDate,
    declarationDate: claim.declarationDate,
    comment: claim.declarationCommentaire,
  });
  return { to, rendered };
}

/** The newest few mails met a slow mail server: pending, to be tried again in a few minutes. */
function retryNewest(mails: OutboxRow[], now: Date): void {
  const newest = mails
    .filter((mail) => mail.status === 'sent')
    .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0))
    .slice(0, RETRYING_MAILS);
  for (const [index, mail] of newest.entries()) {
    Object.assign(mail, {
      status: 'pending',
      sentAt: null,
      attempts: 1 + (index % 2),
      lastError: 'ETIMEDOUT CONN',
      nextAttemptAt: new Date(now.getTime() + (5 + index * 4) * 60_000),
    });
  }
}
