import { sanitizeRichText } from '../../contracts/sanitize-rich-text.ts';
import { questionKeyOf } from '../faq/public.ts';
import { Readable } from 'node:stream';
import type { BrandCatalog } from '../../brands/lib/parse.ts';
import type { ClaimState } from '../../contracts/claim-states.ts';
import { loadBrands } from '../../brands/index.ts';
import { LANGUAGES, type Language } from '../../contracts/languages.ts';
import type { AppDatabase, DatabaseTransaction } from '../db/public.ts';
import { type FileStore, newFileKey } from '../files/public.ts';
import { COUNTRIES } from '../../content/countries.ts';
import { DOCUMENT_TYPES, getDocumentType } from '../../content/documents.ts';
import { FAQ_ENTRIES, KNOWLEDGE_DOCUMENTS } from '../../content/faq.ts';
import { FAQ_KEYWORDS } from '../../content/faq-keywords.ts';
import { GUARANTEES, guaranteeIdsOfFamily } from './records/guarantees.ts';
import { LEGAL_PAGES } from '../../content/legal-pages.ts';
import {
  CLAIMS,
  CONTRACTS,
  claimHolderOf,
  type DemoClaim,
  type DemoSubscription,
  SUBSCRIPTIONS,
} from './records/people.ts';
import { insertDemoActivities } from './demo-activities.ts';
import { DEMO_MAIL_SENT_AFTER_MS, seedEstablishmentCopy } from './establishment-copies.ts';
import { demoFileOf } from './demo-files.ts';
import { insertClaimRow, insertDemoRows, insertProofRows, lockSeedAndFindData } from './repository.ts';
import type { GeneratedEvent } from './volume/claims.ts';
import { claimantMailsOf } from './volume/mails.ts';
import { detailOf, writeDemoVolume } from './volume/write.ts';

/**
 * Writes the demo data (records in `records/`, content in `content/`) into an empty database.
 *
 * Everything is written in one transaction, or nothing. The transaction first takes a
 * transaction-level advisory lock, so processes starting together on one PostgreSQL server seed
 * one after the other; each then looks for guarantees, and only a database without any is seeded.
 * A database that already holds data (a previous seed, or the insurer's own import) is left alone.
 */

/**
 * Seeds the demo data when the database has no guarantee yet. Safe to call on every start and from
 * several processes at once. Returns true when this call wrote the data, false when it found data.
 *
 * With a file store, each transmitted or validated proof of the demo claims gets a small real file
 * (demo-files.ts), stored and attached as a claimant's upload would be, so the follow-up page opens
 * it. Without one (tests of other modules) the proofs name their files and hold no bytes.
 *
 * It also writes a few thousand generated visitor sessions and their find-my-number/follow-up
 * reports (demo-activities.ts), so the back office's charts and statistics show something.
 *
 * `volume: 'full'` (what `npm start` seeds) adds some two thousand generated claims over the
 * last 18 months, with their proofs, history and mails (volume/): the back office at real volume.
 * The default, `records`, keeps the hand-written records only, which the tests rely on.
 */
export async function seedDemoData(
  db: AppDatabase,
  options: {
    fileStore?: FileStore;
    /** The generated visitor sessions and claims end before this. Default: now. */
    now?: Date;
    /** `records` (default): the hand-written records only; `full`: with the generated claims. */
    volume?: 'records' | 'full';
    /** The brands the generated claims are declared under; default: brands/ loaded from disk. */
    brands?: BrandCatalog;
    /** The public origin the generated mails' links point to. Default: http://localhost:4321. */
    origin?: string;
    /** Seed of the generated claims (volume.ts's DEFAULT_VOLUME_SEED by default). */
    seed?: number;
  } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const brands = options.brands ?? (await loadBrands());
  return db.transaction(async (tx) => {
    if (await lockSeedAndFindData(tx)) return false;
    await insertReferenceData(tx);
    const origin = options.origin ?? DEFAULT_ORIGIN;
    await insertPeople(tx, options.fileStore, { brands, now, origin });
    await insertContent(tx);
    await insertDemoActivities(tx, { now });
    if (options.volume === 'full') {
      await writeDemoVolume(tx, { brands, now, origin, fileStore: options.fileStore, seed: options.seed });
    }
    return true;
  });
}

/** Where the generated mails' links point without an origin given: `npm run dev`'s site. */
const DEFAULT_ORIGIN = 'http://localhost:4321';

/** The title of the knowledge document `key` in `lang`; throws on a key no document has. */
function knowledgeTitle(key: string, lang: Language): string {
  const document = KNOWLEDGE_DOCUMENTS.find((known) => known.key === key);
  if (!document) throw new Error(`No knowledge document "${key}" (content/faq.ts).`);
  return document.texts[lang].title;
}

/** One row per language of a translated item. */
function perLanguage<Row>(row: (lang: Language) => Row): Row[] {
  return LANGUAGES.map(row);
}

async function insertReferenceData(tx: DatabaseTransaction): Promise<void> {
  await insertDemoRows(
    tx,
    'countries',
    COUNTRIES.map(({ id, code }) => ({ id, isoCode: code })),
  );
  await insertDemoRows(
    tx,
    'countryTranslations',
    COUNTRIES.flatMap(({ id, nom }) => perLanguage((lang) => ({ countryId: id, lang, nom: nom[lang] }))),
  );

  await insertDemoRows(
    tx,
    'documentTypes',
    DOCUMENT_TYPES.map(({ id, code }) => ({ id, code })),
  );
  await insertDemoRows(
    tx,
    'documentTypeTranslations',
    DOCUMENT_TYPES.flatMap(({ id, texts }) =>
      perLanguage((lang) => ({ documentTypeId: id, lang, nomCourt: texts[lang].nomCourt, nom: texts[lang].nom })),
    ),
  );

  await insertDemoRows(
    tx,
    'guarantees',
    GUARANTEES.map((guarantee) => ({
      id: guarantee.id,
      logo: guarantee.picture,
      ordre: guarantee.ordre,
      sinistreAfficheDeclare: guarantee.sinistreAfficheDeclare,
      priorisationDeclare: guarantee.priorisationDeclare,
      type: guarantee.type,
    })),
  );
  await insertDemoRows(
    tx,
    'guaranteeTranslations',
    GUARANTEES.flatMap(({ id, names }) =>
      perLanguage((lang) => ({ guaranteeId: id, lang, nom: names[lang].nom, nomComplet: names[lang].nomComplet })),
    ),
  );

  const allReasons = GUARANTEES.flatMap((guarantee) =>
    guarantee.motifs.map((reason, index) => ({ guaranteeId: guarantee.id, ordre: index, reason })),
  );
  await insertDemoRows(
    tx,
    'reasons',
    allReasons.map(({ guaranteeId, ordre, reason }) => ({
      id: reason.id,
      guaranteeId,
      priorisationDeclare: reason.priorisationDeclare,
      ordre,
    })),
  );
  await insertDemoRows(
    tx,
    'reasonTranslations',
    allReasons.flatMap(({ reason }) => perLanguage((lang) => ({ reasonId: reason.id, lang, nom: reason.nom[lang] }))),
  );
  await insertDemoRows(
    tx,
    'reasonDocuments',
    allReasons.flatMap(({ reason }) =>
      reason.documentTypeIds.map((documentTypeId, position) => ({ reasonId: reason.id, documentTypeId, position })),
    ),
  );
}

async function insertPeople(
  tx: DatabaseTransaction,
  fileStore: FileStore | undefined,
  context: { brands: BrandCatalog; now: Date; origin: string },
): Promise<void> {
  const { brands } = context;
  await insertDemoRows(
    tx,
    'contracts',
    CONTRACTS.map(({ contratCompagnieId, nom, company, contratUrl, destinationMode }) => ({
      contratCompagnieId,
      nom,
      company,
      contratUrl,
      destinationMode,
    })),
  );
  await insertDemoRows(
    tx,
    'subscriptions',
    SUBSCRIPTIONS.map(({ assurePays, ...subscription }) => ({ ...subscription, assurePays: String(assurePays) })),
  );

  const familyOf = new Map(CONTRACTS.map((contract) => [contract.contratCompagnieId, contract.family]));
  await insertDemoRows(
    tx,
    'subscriptionGuarantees',
    SUBSCRIPTIONS.flatMap(({ souscriptionId, contratCompagnieId }) => {
      const family = familyOf.get(contratCompagnieId);
      if (!family) throw new Error(`Demo subscription ${souscriptionId} names unknown contract ${contratCompagnieId}.`);
      return guaranteeIdsOfFamily(family).map((guaranteeId) => ({ souscriptionId, guaranteeId }));
    }),
  );

  const subscriptionById = new Map<number, DemoSubscription>(SUBSCRIPTIONS.map((row) => [row.souscriptionId, row]));
  for (const claim of CLAIMS) {
    const subscription = subscriptionById.get(claim.souscriptionId);
    if (!subscription)
      throw new Error(`Demo claim ${claim.numero} names unknown subscription ${claim.souscriptionId}.`);
    const reason = GUARANTEES.flatMap((guarantee) => guarantee.motifs).find(({ id }) => id === claim.motifId);
    if (!reason) throw new Error(`Demo claim ${claim.numero} names unknown reason ${claim.motifId}.`);
    const events = historyOf(claim);
    const inserted = await insertClaimRow(tx, {
      numero: claim.numero,
      ...claimHolderOf(subscription),
      sinistreDate: claim.sinistreDate,
      sejourMontant: claim.sejourMontant,
      motifId: claim.motifId,
      garantieId: claim.garantieId,
      justificatifs: [...reason.documentTypeIds],
      declarationCommentaire: claim.declarationCommentaire,
      lang: claim.lang,
      company: claim.company,
      acquisitionMethode: claim.acquisitionMethode,
      confirmationAnnulation: claim.confirmationAnnulation,
      etat: claim.etat,
      declarationDate: new Date(claim.declarationDate),
      createdAt: new Date(claim.declarationDate),
      updatedAt: events.at(-1)?.at ?? new Date(claim.declarationDate),
    });
    if (!inserted) throw new Error(`Demo claim ${claim.numero} was not written.`);
    const claimId = inserted.id;
    await seedEstablishmentCopy(tx, inserted, { brands, subscriptionEmail: subscription.destinationEmail });
    const proofs = claim.proofs.map((proof) => ({
      proof,
      file: proof.nomFichier === null ? undefined : demoFileOf(proof.nomFichier, claim.numero),
    }));
    const proofIds = await insertProofRows(
      tx,
      proofs.map(({ proof, file }) => ({
        claimId,
        documentTypeId: proof.documentTypeId,
        demande: proof.demande,
        dropbox: proof.dropbox,
        valide: proof.valide,
        nomCourt: getDocumentType(proof.documentTypeId).texts.fr.nomCourt,
        nomFichier: proof.nomFichier,
        taille: file?.bytes.length ?? null,
        creationDate: new Date(proof.creationDate),
        receptionDate: toDate(proof.receptionDate),
        readAt: toDate(proof.readAt),
        validatedAt: toDate(proof.validatedAt),
      })),
    );
    await insertHistory(tx, { claim, events, subscription, claimId, proofIds }, context);
    if (!fileStore) continue;
    for (const [index, { proof, file }] of proofs.entries()) {
      const proofId = proofIds[index];
      if (!file || proof.nomFichier === null || proofId === undefined) continue;
      const key = newFileKey();
      await fileStore.put(key, Readable.from([file.bytes]), file.mime);
      await insertDemoRows(tx, 'uploadedFiles', [
        {
          storageKey: key,
          originalName: proof.nomFichier,
          mime: file.mime,
          size: file.bytes.length,
          sha256: file.sha256,
          status: 'attached',
          claimProofId: proofId,
          createdAt: toDate(proof.receptionDate) ?? new Date(proof.creationDate),
          expiresAt: null,
          transmittedAt: toDate(proof.receptionDate) ?? new Date(proof.creationDate),
          channel: 'demo',
        },
      ]);
    }
  }
}

/**
 * A hand-written claim's history as the back office shows it: each validated proof validated by
 * the claim's `handledBy` when the proof says, and its state changes; oldest first. Throws when
 * the state changes do not lead from a new claim's state to the claim's.
 */
function historyOf(claim: DemoClaim): GeneratedEvent[] {
  const actor = claim.handledBy;
  let state: ClaimState = 'en_cours';
  for (const change of claim.stateChanges) {
    if (change.from !== state) throw new Error(`Demo claim ${claim.numero} changes from ${change.from}, not ${state}.`);
    state = change.to;
  }
  if (state !== claim.etat) throw new Error(`Demo claim ${claim.numero} ends in ${state}, not ${claim.etat}.`);
  const validations = claim.proofs.flatMap((proof, index): GeneratedEvent[] =>
    proof.valide === 1 && proof.validatedAt !== null
      ? [{ at: new Date(proof.validatedAt), actor, action: 'proof_validated', proof: index }]
      : [],
  );
  const changes = claim.stateChanges.map(
    (change): GeneratedEvent => ({ at: new Date(change.at), actor, action: 'etat', from: change.from, to: change.to }),
  );
  return [...validations, ...changes].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Writes a hand-written claim's history (historyOf) and the mails its claimant received, sent
 * shortly after each: the declaration's confirmation, then a mail per change, as staff's changes
 * send them; with the follow-up link they carry while it still opens the claim.
 */
async function insertHistory(
  tx: DatabaseTransaction,
  written: {
    claim: DemoClaim;
    events: readonly GeneratedEvent[];
    subscription: DemoSubscription;
    claimId: number;
    proofIds: readonly number[];
  },
  mail: { brands: BrandCatalog; now: Date; origin: string },
): Promise<void> {
  const { claim, events, subscription, claimId, proofIds } = written;
  await insertDemoRows(
    tx,
    'claimEvents',
    events.map((event) => ({
      claimId,
      staffLogin: event.actor,
      action: event.action,
      detail: detailOf(claim, event, proofIds),
      createdAt: event.at,
    })),
  );
  const mailed = {
    numero: claim.numero,
    company: claim.company ?? mail.brands.neutral.slug,
    lang: claim.lang,
    declarationDate: new Date(claim.declarationDate),
    events: [...events],
    proofs: claim.proofs,
    subscription,
  };
  const { mails, token } = claimantMailsOf({ claim: mailed, id: claimId, proofIds }, mail, (at) => ({
    status: 'sent',
    sentAt: new Date(at.getTime() + DEMO_MAIL_SENT_AFTER_MS),
  }));
  await insertDemoRows(tx, 'mailOutbox', mails);
  if (token) await insertDemoRows(tx, 'followUpTokens', [token]);
}

function toDate(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

async function insertContent(tx: DatabaseTransaction): Promise<void> {
  await insertDemoRows(
    tx,
    'legalPages',
    LEGAL_PAGES.map(({ slug }) => ({ id: slug })),
  );
  await insertDemoRows(
    tx,
    'legalParagraphs',
    LEGAL_PAGES.flatMap(({ slug, paragraphs }) =>
      paragraphs.flatMap(({ texts }, position) =>
        perLanguage((lang) => ({ pageId: slug, lang, position, nom: texts[lang].nom, contenu: texts[lang].contenu })),
      ),
    ),
  );
  await insertDemoRows(
    tx,
    'faqEntries',
    FAQ_ENTRIES.flatMap(({ key, sources, texts }) =>
      perLanguage((lang) => ({
        lang,
        question: texts[lang].question,
        reponse: sanitizeRichText(texts[lang].answer),
        keywords: FAQ_KEYWORDS[key]?.[lang] ?? '',
        // One title a line, as staff write them: the page links each to its document.
        sourceDocuments: sources.map((source) => knowledgeTitle(source, lang)).join('\n'),
        questionKey: questionKeyOf(texts[lang].question, lang),
      })),
    ),
  );
  await insertDemoRows(
    tx,
    'knowledgeDocuments',
    KNOWLEDGE_DOCUMENTS.flatMap(({ texts }) =>
      perLanguage((lang) => ({ lang, title: texts[lang].title, body: texts[lang].body })),
    ),
  );
}
