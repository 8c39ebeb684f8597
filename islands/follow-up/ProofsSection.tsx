import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import type { ClaimCredentials } from '../api/partner-api-request.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { $followUp, addPendingProof, removePendingProofs } from '../session/follow-up.store.ts';
import { type PendingProof, pendingProofsOf } from '../session/follow-up-state.ts';
import { acceptsDocuments, type Proof, proofStateOf, visibleProofs } from './logic/claim-view.ts';
import { formatFileSize } from './logic/proof-file.ts';
import { OTHER_DOCUMENT, OtherDocumentItem, type ProofFocus, ProofItem, type ProofRowContext } from './ProofItems.tsx';
import { ProofValidation, useProofValidation } from './ProofValidation.tsx';
import { UnsentBar } from './UnsentBar.tsx';
import { FollowUpLinkButton } from '../ui/FollowUpLinkButton.tsx';

interface ProofsProps {
  claim: ClaimInfo;
  credentials: ClaimCredentials;
  /** The files chosen in this tab and not sent (usePendingProofs: the page's whose-turn block counts them too). */
  pending: PendingProof[];
  lang: Language;
  t: IslandTranslator;
  /** The server's state changed (a validation): read the claim again. */
  onTransmitted: () => void;
}

/**
 * "Vos documents" (spec 2 §4 proof states): each requested or dropped proof with its state, an
 * upload zone for each proof not sent, the "other document" zone, and Valider, which transmits
 * the uploaded files and the comment. Uploaded files wait in the follow-up store, so a reload
 * keeps them until Valider or Annuler (or until the server would no longer accept them).
 *
 * Transmitted files open, and documents are added, only from the mailed follow-up link (or in the
 * browser that declared the claim), since a number and a name are no secret: opened by number and
 * last name, the page shows
 * each proof's state, no upload zone, and offers to mail the link instead.
 */
export function ProofsSection({ claim, credentials, pending, lang, t, onTransmitted }: ProofsProps) {
  const claimNumber = claim.dossier_numero;
  const proofs = visibleProofs(claim);
  const accepting = acceptsDocuments(claim.etat);
  // Writing to a claim needs the follow-up token: opened by number and name, no upload zone.
  const open = accepting && canWriteTo(credentials);
  const [sends, setSends] = useState(0);
  const form = useProofValidation({
    claim,
    credentials,
    lang,
    pending,
    onTransmitted: () => {
      setSends((count) => count + 1);
      onTransmitted();
    },
  });
  const [focus, setFocus] = useState<ProofFocus>(null);
  const sizeUnits = { bytes: t('followup.size.bytes'), kilobytes: t('followup.size.kilobytes') };
  const fileUrl = useProofFileUrl(credentials, lang);
  const showsFiles = proofs.some((proof) => proofStateOf(proof) !== 'missing' && proof.nom_fichier !== '');
  const context: ProofRowContext = {
    claimNumber,
    lang,
    t,
    focus,
    size: (bytes) => formatFileSize(bytes, lang, sizeUnits),
    onUploaded: (item) => {
      addPendingProof(item);
      form.reset();
      setFocus({ type: item.type, on: 'pending' });
    },
    onCancel: (item) => {
      removePendingProofs([item.tempFile]);
      setFocus({ type: item.type, on: 'zone' });
    },
    sends,
  };

  return (
    <div className="proofs">
      {open ? <p className="proofs__intro">{t('followup.documents.intro')}</p> : null}
      {proofs.length === 0 ? <p>{t('followup.documents.none')}</p> : null}
      {fileUrl === undefined && showsFiles ? (
        <p className="proofs__hint proofs__by-link">{t('followup.documents.openFromLink')}</p>
      ) : null}
      <ul className="proofs__list">
        {proofs.map((proof) => (
          <ProofItem
            key={proof.id}
            proof={proof}
            mine={pending.filter((item) => item.type === proof.id)}
            open={open}
            closed={!accepting}
            fileUrl={fileUrl}
            context={context}
          />
        ))}
        {open ? (
          <OtherDocumentItem mine={pending.filter((item) => item.type === OTHER_DOCUMENT)} context={context} />
        ) : null}
      </ul>

      {accepting && !open ? <LinkNeeded claimNumber={claimNumber} lang={lang} t={t} /> : null}
      {open ? <ProofValidation form={form} t={t} /> : null}
      {open ? <UnsentBar count={pending.length} form={form} t={t} /> : null}
    </div>
  );
}

/** Whether the page may write to its claim: it holds a follow-up token (a mailed link, or the declaring browser's). */
export function canWriteTo(credentials: ClaimCredentials): boolean {
  return 'hash' in credentials;
}

/**
 * Where the upload zones would be on a page opened by number and name: why documents are added
 * from the mailed link only, and the button that mails one.
 */
function LinkNeeded({ claimNumber, lang, t }: { claimNumber: string; lang: Language; t: IslandTranslator }) {
  return (
    <section className="proofs__link-needed" aria-labelledby="proofs-link-needed-title">
      <h3 className="proofs__link-needed-title" id="proofs-link-needed-title">
        {t('followup.linkNeeded.title')}
      </h3>
      <p>{t('followup.linkNeeded.why')}</p>
      <p>{t('followup.linkNeeded.how')}</p>
      <FollowUpLinkButton
        claimNumber={claimNumber}
        lang={lang}
        t={t}
        className="proofs__link-needed-action"
        label={t('followup.linkNeeded.button')}
      />
    </section>
  );
}

/**
 * The uploaded files of this claim waiting for Valider. An upload for a proof the server now holds
 * (sent from elsewhere, validated), or for a claim that no longer accepts documents, would be
 * refused: it leaves the store.
 */
export function usePendingProofs(claim: ClaimInfo, proofs: Proof[], open: boolean): PendingProof[] {
  const followUp = useStore($followUp);
  const missingIds = new Set(proofs.filter((proof) => proofStateOf(proof) === 'missing').map((proof) => proof.id));
  const stored = pendingProofsOf(followUp.pendingProofs, claim.dossier_numero, Date.now());
  const pending = stored.filter((item) => open && (item.type === OTHER_DOCUMENT || missingIds.has(item.type)));
  const staleKey = stored
    .filter((item) => !pending.includes(item))
    .map((item) => item.tempFile)
    .join(',');
  useEffect(() => {
    if (staleKey) removePendingProofs(staleKey.split(','));
  }, [staleKey]);
  return pending;
}

/**
 * How a transmitted file is opened: with the mailed link's token only (undefined without one). The
 * client is already loaded by the page (it read the claim); its URL builder is kept here.
 */
function useProofFileUrl(
  credentials: ClaimCredentials,
  lang: Language,
): ((proof: Proof) => string | undefined) | undefined {
  const [api, setApi] = useState<Awaited<ReturnType<typeof partnerApi>> | null>(null);
  useEffect(() => {
    let cancelled = false;
    partnerApi()
      .then((module) => {
        if (!cancelled) setApi(module);
      })
      // Without the client, the proofs are listed without links to their files; nothing else waits on it.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  const token = 'hash' in credentials ? credentials.hash : undefined;
  if (token === undefined) return undefined;
  return (proof) => api?.proofFileUrl(token, proof.id, lang);
}
