import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  ErrorAnswerSchema,
  PARTNER_API_BASE,
  PROOF_UPLOAD_FILE_FIELD,
  ProofUploadAnswerSchema,
  SinistresAnswerSchema,
} from '../../contracts/partner-api.ts';
import { claimantComments, claimProofs, claims, securityEventCounts, uploadedFiles } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { samplePdf } from '../files/test-support.ts';
import { expectLegitimateTrafficServed, type LegitimateOutcome, useAttackedApp } from './legitimate-traffic.ts';

/**
 * The proof swap: a stranger who knows a claim number and its claimant's last name (no secret:
 * a booking mail or a relative may show them) uploads their own file and validates it for a proof the
 * claimant must send, or in place of the RIB staff already hold. Writing to a claim needs the
 * mailed follow-up link: the stranger is refused, the claim is untouched, and everyone else is
 * served meanwhile.
 */

/** Addresses the stranger plays (RFC 5737 TEST-NET-3). */
const ATTACKER_ADDRESSES = ['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13'];
/** Swap attempts per address: bounded, local to the test server. */
const ATTEMPTS_PER_ADDRESS = 5;

describeWithDatabases('abuse: proof swap by claim number and last name', (context) => {
  const { running } = useAttackedApp(context);

  /** What the claim holds that a swap would change: its proofs, their files and its comments. */
  async function claimSnapshot(claimId: number) {
    const { db } = context.database;
    const proofs = await db
      .select()
      .from(claimProofs)
      .where(eq(claimProofs.claimId, claimId))
      .orderBy(asc(claimProofs.id));
    const files = await db.select().from(uploadedFiles).orderBy(asc(uploadedFiles.id));
    const attached = files.filter((file) => proofs.some((proof) => proof.id === file.claimProofId));
    const comments = await db.select().from(claimantComments).where(eq(claimantComments.claimId, claimId));
    return { proofs, attached, comments };
  }

  /** One swap attempt from `address`: read the claim, upload a file, validate it as the claim's proofs. */
  async function attemptSwap(baseUrl: string, address: string, proofIds: readonly number[]) {
    const from = { 'X-Forwarded-For': address };
    const lookup = await fetch(
      `${baseUrl}${PARTNER_API_BASE}/sinistres?${new URLSearchParams({ dossier_numero: 'SI-0000003', dossier_nom: 'martin' })}`,
      { headers: from },
    );
    const lookupBody = (await lookup.json()) as unknown;
    const form = new FormData();
    form.append('type', String(proofIds[0]));
    form.append(
      PROOF_UPLOAD_FILE_FIELD,
      new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }),
      'rib-stranger.pdf',
    );
    const upload = await fetch(`${baseUrl}${PARTNER_API_BASE}/justificatifs`, {
      method: 'POST',
      headers: from,
      body: form,
    });
    const uploaded = upload.ok ? ProofUploadAnswerSchema.parse(await upload.json()).data : undefined;
    const validation = new FormData();
    validation.append('claimNumber', 'SI-0000003');
    validation.append('lastName', 'MARTIN');
    validation.append(
      'justificatifs',
      JSON.stringify(proofIds.map((type) => ({ type, value: uploaded?.temp_file, name: 'rib-stranger.pdf' }))),
    );
    validation.append('additionalComment', 'Nouveau RIB : merci de payer sur ce compte.');
    const validated = await fetch(`${baseUrl}${PARTNER_API_BASE}/justificatifs`, {
      method: 'POST',
      headers: from,
      body: validation,
    });
    return {
      lookup: { status: lookup.status, body: lookupBody },
      uploadStatus: upload.status,
      tempFile: uploaded?.temp_file,
      validation: { status: validated.status, body: (await validated.json()) as unknown },
    };
  }

  it("When a stranger with the claim number and last name uploads and validates files as the claimant's proofs, then every validation is refused, the claimant's RIB and proofs are untouched, nothing is written, and other users are served within a second", async () => {
    const app = running();
    const { db } = context.database;
    const [claim] = await db.select().from(claims).where(eq(claims.numero, 'SI-0000003'));
    if (!claim) throw new Error('no demo claim SI-0000003');
    const before = await claimSnapshot(claim.id);
    // The RIB staff already hold (transmitted) and a proof still missing: both targets of the swap.
    const rib = before.proofs.find((proof) => proof.nomFichier === 'rib-nathalie-martin.png');
    const missing = before.proofs.find((proof) => proof.dropbox === 0);
    expect(rib).toBeDefined();
    expect(missing).toBeDefined();
    const targets = [rib?.id ?? 0, missing?.id ?? 0];

    const baseUrl = app.baseUrl;
    const attack = Promise.all(
      ATTACKER_ADDRESSES.map(async (address) => {
        const attempts = [];
        for (let attempt = 0; attempt < ATTEMPTS_PER_ADDRESS; attempt++)
          attempts.push(await attemptSwap(baseUrl, address, targets));
        return attempts;
      }),
    );
    const legitimate: LegitimateOutcome[] = await expectLegitimateTrafficServed(app);
    const attempts = (await attack).flat();

    expect(attempts).toHaveLength(ATTACKER_ADDRESSES.length * ATTEMPTS_PER_ADDRESS);
    for (const attempt of attempts) {
      // The stranger reads the claim's state, never who the claimant is.
      expect(attempt.lookup.status).toBe(200);
      const info = SinistresAnswerSchema.parse(attempt.lookup.body).data.infos_sinistre;
      expect(info.etat).toBe('en_cours');
      expect([info.dossier_email, info.dossier_telephone, info.dossier_adresse, info.dossier_prenom]).toEqual([
        '',
        '',
        '',
        '',
      ]);
      // Uploading stays anonymous; validating is refused with what to do instead.
      expect(attempt.uploadStatus).toBe(200);
      expect(attempt.validation.status).toBe(403);
      expect(ErrorAnswerSchema.parse(attempt.validation.body)).toMatchObject({ code: 'proofs_by_link_only' });
      expect(ErrorAnswerSchema.parse(attempt.validation.body).message).toMatch(/lien de suivi envoyé par e-mail/);
    }

    // The claim is exactly as it was: same proofs, same RIB file, no comment; the stranger's files attach to nothing.
    expect(await claimSnapshot(claim.id)).toEqual(before);
    const strangerFiles = await db.select().from(uploadedFiles);
    for (const attempt of attempts) {
      const file = strangerFiles.find((row) => row.id === attempt.tempFile);
      expect(file).toMatchObject({ status: 'temporary', claimProofId: null });
    }

    // Staff see the refused writes among the security events (a kind and a count, never who).
    await app.securityEvents.flush();
    const counted = await db
      .select()
      .from(securityEventCounts)
      .where(eq(securityEventCounts.kind, 'claim_write_without_link'));
    expect(counted.reduce((sum, row) => sum + Number(row.count), 0)).toBeGreaterThanOrEqual(attempts.length);

    const worst = Math.max(...legitimate.map((outcome) => outcome.ms));
    console.info(
      `proof swap: legitimate calls answered in ${legitimate.map((o) => `${o.action} ${o.ms} ms`).join(', ')}; worst ${worst} ms`,
    );
  });
});
