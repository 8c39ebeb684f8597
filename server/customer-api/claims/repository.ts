import { and, asc, desc, eq, getTableColumns, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Language } from '../../../contracts/languages.ts';
import {
  type DatabaseOrTransaction,
  complaints,
  contactMessages,
  inboxAnswers,
  inboxMessages,
  queryRows,
  drawClaimNumber,
  ENDS_TRANSACTION,
  type InsertOnceResult,
  insertOnce,
  claimEvents,
  claimProofs,
  claims,
  contracts,
  documentTypeTranslations,
  followUpTokens,
  guarantees,
  guaranteeTranslations,
  prepared,
  reasonDocuments,
  reasons,
  reasonTranslations,
  subscriptionGuarantees,
  subscriptions,
} from '../../db/public.ts';

/**
 * The claims module's queries, one named function each. Functions taking a
 * `DatabaseOrTransaction` run in the caller's transaction when given one.
 */

export type ClaimRow = typeof claims.$inferSelect;
export type NewClaim = typeof claims.$inferInsert;
type ClaimProofRow = typeof claimProofs.$inferSelect;

/** The claim of a number (`SI-0000003`), or undefined. */
export async function findClaimByNumber(db: DatabaseOrTransaction, numero: string): Promise<ClaimRow | undefined> {
  const [claim] = await db.select().from(claims).where(eq(claims.numero, numero)).limit(1);
  return claim;
}

/**
 * The latest claim declared on an insured number: on the subscription named, else on any of the
 * number's subscriptions; undefined when none (POST lien_suivi by insured number).
 */
export async function findLatestClaimOfInsuredNumber(
  db: DatabaseOrTransaction,
  insuredNumber: string,
  souscriptionId: number | undefined,
): Promise<ClaimRow | undefined> {
  const [claim] = await db
    .select()
    .from(claims)
    .where(
      and(
        eq(claims.assureNumero, insuredNumber.toUpperCase()),
        souscriptionId === undefined ? undefined : eq(claims.souscriptionId, souscriptionId),
      ),
    )
    .orderBy(desc(claims.declarationDate), desc(claims.id))
    .limit(1);
  return claim;
}

/** How a follow-up token reached the claimant (`follow_up_tokens.delivered_by`). */
export type FollowUpTokenDelivery = 'mail' | 'browser';

/**
 * The claim a follow-up token opens at `now`: its hash is known, it has not expired nor been
 * revoked, and its claim did not close (a state of `closedStates`) more than `closedFor` ms
 * before `now`. A claim closes at its latest state change in the handling history, or, for a
 * claim closed without one (imported, seeded), at its last update.
 */
export async function findClaimByFollowUpTokenHash(
  db: DatabaseOrTransaction,
  tokenHash: string,
  rules: { now: Date; closedStates: readonly string[]; closedFor: number },
): Promise<ClaimRow | undefined> {
  const closedBefore = new Date(rules.now.getTime() - rules.closedFor).toISOString();
  const closedStates = sql.join(
    rules.closedStates.map((state) => sql`${state}`),
    sql`, `,
  );
  const [row] = await db
    .select({ claim: claims })
    .from(followUpTokens)
    .innerJoin(claims, eq(claims.id, followUpTokens.claimId))
    .where(
      and(
        eq(followUpTokens.tokenHash, tokenHash),
        gt(followUpTokens.expiresAt, rules.now),
        sql`not (${claims.etat} in (${closedStates}) and coalesce(
          (select max(e.created_at) from ${claimEvents} e where e.claim_id = ${claims.id} and e.action = 'etat'),
          ${claims.updatedAt}) <= ${closedBefore})`,
      ),
    )
    .limit(1);
  return row?.claim;
}

/** Moves a token's expiry to `expiresAt`, never earlier than it was (a used link lasts on). */
export async function renewFollowUpToken(db: DatabaseOrTransaction, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .update(followUpTokens)
    .set({
      expiresAt: sql`greatest(${followUpTokens.expiresAt}, ${expiresAt.toISOString()})`,
    })
    .where(eq(followUpTokens.tokenHash, tokenHash));
}

/** Ends at `now` every token of a claim delivered so that is still valid; answers how many. */
export async function revokeFollowUpTokens(
  db: DatabaseOrTransaction,
  claimId: number,
  deliveredBy: FollowUpTokenDelivery,
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(followUpTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(followUpTokens.claimId, claimId),
        eq(followUpTokens.deliveredBy, deliveredBy),
        gt(followUpTokens.expiresAt, now),
      ),
    )
    .returning({ id: followUpTokens.id });
  return revoked.length;
}

/** Deletes a claim's browser tokens but the `kept` newest: retried submits cannot pile them up. */
export async function trimBrowserTokens(db: DatabaseOrTransaction, claimId: number, kept: number): Promise<void> {
  await db.execute(sql`
    delete from ${followUpTokens}
    where claim_id = ${claimId} and delivered_by = 'browser' and id not in (
      select id from ${followUpTokens}
      where claim_id = ${claimId} and delivered_by = 'browser'
      order by id desc limit ${kept})`);
}

/**
 * The claims a submit must know of: the one created with its `Idempotency-Key` and the one
 * already declared on its subscription (the same claim for a retried submit), oldest first. A
 * group contract's subscription holds one claim per member, so for it (`souscriptionId` null)
 * only the key's claim is read.
 */
export async function findClaimsOfSubmit(
  db: DatabaseOrTransaction,
  submit: { idempotencyKey: string; souscriptionId: number | null },
): Promise<ClaimRow[]> {
  const sameKey = eq(claims.idempotencyKey, submit.idempotencyKey);
  return db
    .select()
    .from(claims)
    .where(submit.souscriptionId === null ? sameKey : or(sameKey, eq(claims.souscriptionId, submit.souscriptionId)))
    .orderBy(asc(claims.id));
}

/** What a declaration is checked against, read with its subscription (see lockSubscriptionOfDeclaration). */
export interface DeclarationPrerequisites {
  assureNumero: string;
  contratCompagnieId: number;
  /** `sinistre_affiche_declare` of the declared group, or null when the subscription does not cover it. */
  guaranteeShown: number | null;
  /** The group the declared reason belongs to, or null when the reason does not exist. */
  reasonGuaranteeId: number | null;
  /** `__from` of the subscription: the channel the claim's acquisition method ends with. */
  acquisitionFrom: string;
  /** The booking establishment's address, where a cancellation's copy goes; null: none given. */
  destinationEmail: string | null;
}

/** What a submit reads in its first statement (lockSubmitOfDeclaration). */
export interface SubmitPrerequisites {
  /** The declared contract's brand (`contracts.company`); undefined when no contract has its id. */
  contract: { company: string | null } | undefined;
  /** The subscription and what it covers; undefined when it does not exist. */
  subscription: DeclarationPrerequisites | undefined;
  /** Short names of the documents the declared reason requires, in `lang`, in the reason's order. */
  documents: string[];
  /** The counts the rate-limit hit answered (`rateHit`): its window's and the previous one's. */
  rateCounts: { current: unknown; previous: unknown };
  /** The keys of the mail recipients `lockRecipients` locked (none when the subscription does not exist). */
  lockedRecipients: string[];
  /**
   * With `copyLabels`: the names of the declared group and reason in every language they have
   * (language → name), for the establishment's copy of a cancellation.
   */
  copyLabels?: {
    guarantee: Partial<Record<Language, string>>;
    reason: Partial<Record<Language, string>>;
  };
}

/**
 * A submit's first statement, one round trip: reads the declared contract's brand, the
 * declaration's subscription, whether it covers the declared group (and whether the wizard shows
 * it), the group of the declared reason and the documents that reason requires (named in `lang`);
 * locks the subscription's row until the transaction ends (`FOR UPDATE`), so that submits on one
 * subscription run one after the other and the "one claim per subscription" check and the insert
 * cannot interleave; then, the row locked, takes the mail recipients' locks `lockRecipients`
 * builds (whose counts must come in a later statement), given the subscription's establishment
 * address as an SQL value. It also counts the submit's rate-limit hit (`rateHit`) and, with
 * `copyLabels`, reads the names of the declared group and reason in every language.
 * `contratCompagnieId` null: no contract is read.
 */
export async function lockSubmitOfDeclaration(
  db: DatabaseOrTransaction,
  declaration: {
    souscriptionId: number;
    guaranteeId: number;
    reasonId: number;
    contratCompagnieId: number | null;
    lang: Language;
    /**
     * The mail recipients to lock once the row is locked: `addresses`, and the subscription's
     * establishment address with `establishment`, through `locks` (mail's recipientLocksOf).
     */
    lockRecipients: {
      addresses: readonly string[];
      establishment: boolean;
      locks: (addresses: SQL[]) => SQL;
    };
    /** Whether to read the group's and the reason's names in every language (copyLabels). */
    copyLabels?: boolean;
    /** A rate-limit hit counted by the statement (security's rateLimitHitInStatement). */
    rateHit?: { upsert: SQL; previous: SQL } | undefined;
  },
): Promise<SubmitPrerequisites> {
  const [row] = await queryRows<{
    contract: { company: string | null } | string | null;
    documents: string[] | string | null;
    souscription_id: number | null;
    assure_numero: string;
    contrat_compagnie_id: number;
    guarantee_shown: number | null;
    reason_guarantee_id: number | null;
    acquisition_from: string;
    destination_email: string | null;
    rate_current: unknown;
    rate_previous: unknown;
    locked: string[] | string | null;
    copy_guarantee_names?: Record<string, string> | string | null;
    copy_reason_names?: Record<string, string> | string | null;
  }>(
    db,
    prepared(
      'submit-read',
      sql`
    with rate_hit as (${declaration.rateHit?.upsert ?? sql`select null::integer as count`})
    select
      (select count from rate_hit) as rate_current,
      ${declaration.rateHit?.previous ?? sql`null::integer`} as rate_previous,
      (select json_build_object('company', c.company) from ${contracts} c
        where c.contrat_compagnie_id = ${declaration.contratCompagnieId}::integer) as contract,
      (select coalesce(json_agg(coalesce(t.nom_court, '') order by rd.position, rd.document_type_id), '[]'::json)
         from ${reasonDocuments} rd
         left join ${documentTypeTranslations} t on t.document_type_id = rd.document_type_id and t.lang = ${declaration.lang}
         where rd.reason_id = ${declaration.reasonId}) as documents,
      ${
        declaration.copyLabels
          ? sql`(select json_object_agg(gt.lang, gt.nom) from ${guaranteeTranslations} gt
                  where gt.guarantee_id = ${declaration.guaranteeId}) as copy_guarantee_names,
                (select json_object_agg(rt.lang, rt.nom) from ${reasonTranslations} rt
                  where rt.reason_id = ${declaration.reasonId}) as copy_reason_names,`
          : sql``
      }
      s.*,
      case when s.souscription_id is not null
        then ${declaration.lockRecipients.locks([
          ...declaration.lockRecipients.addresses.map((address) => sql`${address}`),
          ...(declaration.lockRecipients.establishment ? [sql`s.destination_email`] : []),
        ])} end as locked
    from (select 1) as one
    left join (
      select s.souscription_id, s.assure_numero, s.contrat_compagnie_id, s.acquisition_from, s.destination_email,
        (select g.sinistre_affiche_declare
           from ${subscriptionGuarantees} sg join ${guarantees} g on g.id = sg.guarantee_id
           where sg.souscription_id = s.souscription_id and sg.guarantee_id = ${declaration.guaranteeId}) as guarantee_shown,
        (select r.guarantee_id from ${reasons} r where r.id = ${declaration.reasonId}) as reason_guarantee_id
      from ${subscriptions} s
      where s.souscription_id = ${declaration.souscriptionId}
      for update of s
    ) s on true`,
    ),
  );
  const parsed = <T>(value: T | string | null): T | null =>
    typeof value === 'string' ? (JSON.parse(value) as T) : value;
  const contract = parsed(row?.contract ?? null);
  return {
    contract: contract ?? undefined,
    documents: parsed(row?.documents ?? null) ?? [],
    rateCounts: { current: row?.rate_current, previous: row?.rate_previous },
    lockedRecipients: parsed(row?.locked ?? null) ?? [],
    ...(declaration.copyLabels
      ? {
          copyLabels: {
            guarantee: parsed(row?.copy_guarantee_names ?? null) ?? {},
            reason: parsed(row?.copy_reason_names ?? null) ?? {},
          },
        }
      : {}),
    subscription:
      row === undefined || row.souscription_id === null
        ? undefined
        : {
            assureNumero: row.assure_numero,
            contratCompagnieId: Number(row.contrat_compagnie_id),
            guaranteeShown: row.guarantee_shown === null ? null : Number(row.guarantee_shown),
            reasonGuaranteeId: row.reason_guarantee_id === null ? null : Number(row.reason_guarantee_id),
            acquisitionFrom: row.acquisition_from,
            destinationEmail: row.destination_email,
          },
  };
}

/** What insertDeclaredClaim did: the claim and its mail written, or nothing (see its cases). */
/** A mail the statement wrote, as the mail module's claimMailWritten reads it. */
type WrittenMailRow = {
  id: number | string;
  status: string;
  last_error: string | null;
};

export type DeclaredClaimInsert =
  | {
      status: 'created';
      claim: ClaimRow;
      mail: WrittenMailRow;
      copy?: WrittenMailRow;
    }
  /** A claim with the key, or on the subscription, was there: the caller answers it as before. */
  | { status: 'known' }
  /** The insert met a unique value (the drawn number, or a concurrent submit's key): nothing written. */
  | { status: 'conflict' };

/** A row of `claims` as the driver reads it (column names), as Drizzle's select would answer it. */
function claimOfDriverRow(row: Record<string, unknown>): ClaimRow {
  const claim: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(getTableColumns(claims))) {
    const value = row[column.name];
    claim[name] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return claim as ClaimRow;
}

/**
 * A new claim and everything it starts with, in ONE statement (one round trip, in the
 * transaction that locked its subscription with lockSubmitOfDeclaration): the claim, unless a
 * claim with its `Idempotency-Key` or on its subscription exists (`known`: nothing written) or its
 * drawn number or its key is taken meanwhile (`conflict`: nothing written); then one requested
 * proof per document its reason requires (named in its language, as insertClaimStart), the hashes
 * of its first two follow-up tokens (the mailed link's and the declaring browser's), and its mail,
 * `mail` (a data-modifying CTE body reading the claim from `ins`, such as mail's
 * claimMailUnderLimit), and the establishment's copy `copy` when given (the same way). For a
 * subscription that takes one claim only (not a group contract's).
 *
 * `last`: the caller runs nothing more in the transaction once this statement has created the
 * claim (and written its copy, when one is given). The statement then says so (`ENDS_TRANSACTION`),
 * and the embedded database commits it at once (db/embedded-client.ts).
 */
export async function insertDeclaredClaim(
  db: DatabaseOrTransaction,
  claim: NewClaim & { idempotencyKey: string; numero: string },
  start: {
    mailTokenHash: string;
    browserTokenHash: string;
    expiresAt: Date;
    mail: (source: { from: SQL; claimId: SQL }) => SQL;
    copy?: ((source: { from: SQL; claimId: SQL }) => SQL) | undefined;
    last: boolean;
  },
): Promise<DeclaredClaimInsert> {
  const source = { from: sql`ins`, claimId: sql`ins.id` };
  const written = Object.entries(getTableColumns(claims)).filter(
    ([key]) => (claim as Record<string, unknown>)[key] !== undefined,
  );
  const names = sql.join(
    written.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  // Typed: the values of `insert … select` are read before the table's types apply.
  const values = sql.join(
    written.map(
      ([key, column]) =>
        sql`${sql.param((claim as Record<string, unknown>)[key], column)}::${sql.raw(column.getSQLType())}`,
    ),
    sql`, `,
  );
  // Named columns, not `*`: a prepared statement's result type must not change (prepared-statements.ts).
  const returned = sql.join(
    Object.values(getTableColumns(claims)).map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    prepared(
      'submit-write',
      sql`
    with known as (
      select 1 from ${claims}
      where idempotency_key = ${claim.idempotencyKey} or souscription_id = ${claim.souscriptionId}::integer
      limit 1
    ), ins as (
      insert into ${claims} (${names})
      select ${values} where not exists (select 1 from known)
      on conflict do nothing
      returning ${returned}
    ), tokens as (
      insert into ${followUpTokens} (claim_id, token_hash, expires_at, delivered_by)
      select ins.id, token.hash, ${start.expiresAt.toISOString()}::timestamptz, token.delivered_by
      from ins, (values (${start.mailTokenHash}::text, 'mail'), (${start.browserTokenHash}::text, 'browser'))
        as token (hash, delivered_by)
    ), proofs as (
      insert into ${claimProofs} (claim_id, document_type_id, demande, nom_court)
      select ins.id, rd.document_type_id, 1, coalesce(t.nom_court, '')
      from ins
      join ${reasonDocuments} rd on rd.reason_id = ins.motif_id
      left join ${documentTypeTranslations} t on t.document_type_id = rd.document_type_id and t.lang = ins.lang
      order by rd.position, rd.document_type_id
    ), mail as (${start.mail(source)}),
    copy as (${start.copy ? start.copy(source) : sql`select null::integer as id, null::text as status, null::text as last_error`})
    select (select count(*) from known) as known_claims, mail.id as mail_id, mail.status as mail_status,
      mail.last_error as mail_last_error, copy.id as copy_mail_id, copy.status as copy_mail_status,
      copy.last_error as copy_mail_last_error,
      (ins.id is not null and ${start.last}::boolean${start.copy ? sql` and copy.id is not null` : sql``})
        as ${sql.identifier(ENDS_TRANSACTION)},
      ins.*
    from (select 1) as one left join ins on true left join mail on true left join copy on true`,
    ),
  );
  if (row === undefined || row['id'] === null || row['id'] === undefined)
    return Number(row?.['known_claims'] ?? 0) > 0 ? { status: 'known' } : { status: 'conflict' };
  return {
    status: 'created',
    claim: claimOfDriverRow(row),
    mail: {
      id: row['mail_id'] as number,
      status: String(row['mail_status']),
      last_error: (row['mail_last_error'] as string | null) ?? null,
    },
    ...(row['copy_mail_id'] === null || row['copy_mail_id'] === undefined
      ? {}
      : {
          copy: {
            id: row['copy_mail_id'] as number,
            status: String(row['copy_mail_status']),
            last_error: (row['copy_mail_last_error'] as string | null) ?? null,
          },
        }),
  };
}

/**
 * Inserts the claim unless its `Idempotency-Key` exists (db/idempotent-insert.ts): concurrent
 * submits with one key create one row and all get it. Its number is drawn at random
 * (db/claim-numbers.ts), again when the drawn one is taken; a retried submit gets the number of
 * the claim its key created.
 */
export function insertClaimOnce(
  db: DatabaseOrTransaction,
  claim: Omit<NewClaim, 'numero'> & { idempotencyKey: string },
) {
  return insertOnce(db, claims, { column: claims.idempotencyKey, value: claim.idempotencyKey }, () => ({
    ...claim,
    numero: drawClaimNumber(),
  })) as Promise<InsertOnceResult<ClaimRow>>;
}

/**
 * Writes what a new claim starts with, in one statement (one round trip of its transaction): one
 * requested proof (`demande` 1) per document the claim's reason requires, named in the claim's
 * language, and the hash of its first follow-up token. Returns the proofs' short names in the
 * reason's order.
 */
export async function insertClaimStart(
  db: DatabaseOrTransaction,
  claim: { id: number; motifId: number; lang: Language },
  token: { tokenHash: string; expiresAt: Date },
): Promise<string[]> {
  const inserted = await db.execute(sql`
    with token as (
      insert into ${followUpTokens} (claim_id, token_hash, expires_at)
      values (${claim.id}, ${token.tokenHash}, ${token.expiresAt.toISOString()})
    ), proofs as (
      insert into ${claimProofs} (claim_id, document_type_id, demande, nom_court)
      select ${claim.id}, ${reasonDocuments.documentTypeId}, 1, coalesce(${documentTypeTranslations.nomCourt}, '')
      from ${reasonDocuments}
      left join ${documentTypeTranslations}
        on ${documentTypeTranslations.documentTypeId} = ${reasonDocuments.documentTypeId}
        and ${documentTypeTranslations.lang} = ${claim.lang}
      where ${reasonDocuments.reasonId} = ${claim.motifId}
      order by ${reasonDocuments.position}, ${reasonDocuments.documentTypeId}
      returning id, nom_court
    )
    select id, nom_court from proofs`);
  const rows = (inserted as unknown as { rows: { id: number; nom_court: string }[] }).rows;
  // Identity values follow the insertion order, which follows the select's order.
  return [...rows].sort((a, b) => Number(a.id) - Number(b.id)).map((row) => row.nom_court);
}

/** Stores a follow-up token's hash for a claim. */
export async function insertFollowUpToken(
  db: DatabaseOrTransaction,
  token: {
    claimId: number;
    tokenHash: string;
    expiresAt: Date;
    deliveredBy?: FollowUpTokenDelivery;
  },
): Promise<void> {
  await db.insert(followUpTokens).values(token);
}

/** Names of a claim's group and reason in one language ('' when untranslated). */
export async function findClaimLabels(
  db: DatabaseOrTransaction,
  claim: { garantieId: number; motifId: number },
  lang: Language,
): Promise<{ objet: string; motif: string }> {
  const [objet] = await db
    .select({ nom: guaranteeTranslations.nom })
    .from(guaranteeTranslations)
    .where(and(eq(guaranteeTranslations.guaranteeId, claim.garantieId), eq(guaranteeTranslations.lang, lang)));
  const [motif] = await db
    .select({ nom: reasonTranslations.nom })
    .from(reasonTranslations)
    .where(and(eq(reasonTranslations.reasonId, claim.motifId), eq(reasonTranslations.lang, lang)));
  return { objet: objet?.nom ?? '', motif: motif?.nom ?? '' };
}

/** A proof of a claim with its short name in the asked language (the stored one for "other"). */
export interface ClaimProofView {
  proof: ClaimProofRow;
  nomCourt: string;
}

/** Every proof of a claim, in creation order. */
export async function findClaimProofs(
  db: DatabaseOrTransaction,
  claimId: number,
  lang: Language,
): Promise<ClaimProofView[]> {
  const rows = await db
    .select({
      proof: claimProofs,
      translated: documentTypeTranslations.nomCourt,
    })
    .from(claimProofs)
    .leftJoin(
      documentTypeTranslations,
      and(
        eq(documentTypeTranslations.documentTypeId, claimProofs.documentTypeId),
        eq(documentTypeTranslations.lang, lang),
      ),
    )
    .where(eq(claimProofs.claimId, claimId))
    .orderBy(asc(claimProofs.id));
  return rows.map(({ proof, translated }) => ({
    proof,
    nomCourt: translated ?? proof.nomCourt,
  }));
}

/** A refusal staff made of a proof the claimant has not replaced yet. */
export interface StandingRefusal {
  proofId: number;
  /** When staff refused it. */
  at: Date;
  /** The reason staff gave (the staff-api's `proof_refused` history entry). */
  motif: string;
}

/**
 * The refusals of a claim's proofs that still stand: for each proof asked again after a refusal
 * and not transmitted since (`dropbox` 0, `valide` 0), its latest `proof_refused` history entry.
 * A new file (dropbox 1) or a validation ends it; the history keeps it.
 */
export async function listStandingRefusals(db: DatabaseOrTransaction, claimId: number): Promise<StandingRefusal[]> {
  const rows = await db
    .selectDistinctOn([claimProofs.id], {
      proofId: claimProofs.id,
      at: claimEvents.createdAt,
      motif: sql<string>`coalesce(${claimEvents.detail}->>'motif', '')`,
    })
    .from(claimProofs)
    .innerJoin(
      claimEvents,
      and(
        eq(claimEvents.claimId, claimProofs.claimId),
        eq(claimEvents.action, 'proof_refused'),
        sql`${claimEvents.detail}->>'proofId' = ${claimProofs.id}::text`,
      ),
    )
    .where(and(eq(claimProofs.claimId, claimId), eq(claimProofs.dropbox, 0), eq(claimProofs.valide, 0)))
    .orderBy(asc(claimProofs.id), desc(claimEvents.createdAt), desc(claimEvents.id));
  return rows;
}

/** The latest reception date of the claim's received proofs that staff has not opened yet. */
export async function findLatestUnreadReception(db: DatabaseOrTransaction, claimId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ receptionDate: claimProofs.receptionDate })
    .from(claimProofs)
    .where(
      and(
        eq(claimProofs.claimId, claimId),
        eq(claimProofs.dropbox, 1),
        sql`${claimProofs.receptionDate} is not null`,
        sql`${claimProofs.readAt} is null`,
      ),
    )
    .orderBy(desc(claimProofs.receptionDate))
    .limit(1);
  return row?.receptionDate ?? undefined;
}

/**
 * Staff's answers to the complaints and contact messages about a claim (linked to it by their
 * claim number), oldest first: when, the sanitised HTML, and the message answered (kind, receipt).
 */
export async function findStaffAnswersOfClaim(db: DatabaseOrTransaction, claimId: number) {
  return db
    .select({
      at: inboxAnswers.createdAt,
      html: inboxAnswers.html,
      kind: inboxMessages.kind,
      receivedAt: inboxMessages.receivedAt,
    })
    .from(inboxAnswers)
    .innerJoin(inboxMessages, eq(inboxMessages.id, inboxAnswers.inboxMessageId))
    .leftJoin(complaints, eq(complaints.id, inboxMessages.complaintId))
    .leftJoin(contactMessages, eq(contactMessages.id, inboxMessages.contactMessageId))
    .where(or(eq(complaints.claimId, claimId), eq(contactMessages.claimId, claimId)))
    .orderBy(asc(inboxAnswers.createdAt), asc(inboxAnswers.id));
}
