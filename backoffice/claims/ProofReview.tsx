import { useId, useRef, useState } from 'react';
import type { ClaimHandling, ProofVersion } from '../../contracts/backoffice.ts';
import { ActionMessage } from '../lib/ActionMessage.tsx';
import { formatDateTime } from '../lib/dates.ts';
import { formatSize } from '../lib/format.ts';
import { t } from '../lib/texts.ts';
import type { ClaimHandlingState } from './use-claim-handling.ts';

type Proof = ClaimHandling['proofs'][number];

/** A proof's state as the table names it; a refused one waits for its claimant again, saying when it was refused. */
function proofState(proof: Proof): { label: string; tone: string } {
  if (proof.valide === 1)
    return { label: t('claims.handling.proofs.validatedOn', { date: formatDateTime(proof.validatedAt) }), tone: 'ok' };
  if (proof.dropbox === 1)
    return proof.readAt
      ? { label: t('claims.handling.proofs.receivedRead'), tone: 'todo' }
      : { label: t('claims.handling.proofs.receivedUnread'), tone: 'new' };
  if (proof.refusal)
    return {
      label: t('claims.handling.proofs.refusedOn', { date: formatDateTime(proof.refusal.at) }),
      tone: 'refused',
    };
  return { label: t('claims.handling.proofs.requested'), tone: 'waiting' };
}

/**
 * The claim's proofs: each with its state, its file (opening it marks it read, so the claim is read
 * again shortly after), 'Valider' and 'Refuser' with a reason; then a document to ask for.
 */
export function ProofReview({ handling }: { handling: ClaimHandlingState & { claim: ClaimHandling } }) {
  const { claim } = handling;
  /** The proof whose refusal form is open. */
  const [refusing, setRefusing] = useState<number | undefined>();
  const bankDetailsChanged = claim.proofs.some((proof) => proof.bankDetailsChangedAt !== null);
  return (
    <section className="bo-card" aria-labelledby="proofs-title">
      <h2 id="proofs-title">{t('claims.handling.proofs.title')}</h2>
      {bankDetailsChanged && (
        <p className="bo-alert bo-alert--warning">{t('claims.handling.proofVersions.bankDetailsChangedClaims')}</p>
      )}
      <div className="bo-table-wrap">
        <table className="bo-table bo-table--stack">
          <thead>
            <tr>
              <th scope="col">{t('claims.handling.proofs.columns.document')}</th>
              <th scope="col">{t('claims.list.columns.state')}</th>
              <th scope="col">{t('claims.handling.proofs.columns.file')}</th>
              <th scope="col">{t('claims.handling.proofs.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {claim.proofs.map((proof) => (
              <ProofRow
                key={proof.id}
                proof={proof}
                handling={handling}
                // Closed with the read that shows the proof refused (so the focus then finds no form).
                refusing={refusing === proof.id && proof.dropbox === 1 && proof.valide === 0}
                onRefusing={(open) => setRefusing(open ? proof.id : undefined)}
              />
            ))}
            {claim.proofs.length === 0 && (
              <tr>
                <td colSpan={4} className="bo-muted">
                  {t('claims.handling.proofs.none')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <DocumentRequest handling={handling} />
    </section>
  );
}

/** One proof: its state, its file, and for a received one not yet validated, 'Valider' and 'Refuser'. */
function ProofRow({
  proof,
  handling,
  refusing,
  onRefusing,
}: {
  proof: Proof;
  handling: ClaimHandlingState;
  refusing: boolean;
  onRefusing: (open: boolean) => void;
}) {
  const { base, busy, change, load, feedbackAt } = handling;
  const [motif, setMotif] = useState('');
  /** Where this proof's validation and refusal say how they went. */
  const at = `proof-${proof.id}`;
  const state = proofState(proof);
  /** Where the focus goes once a validation or refusal removed the button pressed: what it says. */
  const messageRef = useRef<HTMLParagraphElement>(null);
  const keepFocus = () => [messageRef.current];
  return (
    <tr>
      <td className="bo-table__lead">{proof.nomCourt || t('claims.handling.proofs.otherDocument')}</td>
      <td data-label={t('claims.list.columns.state')}>
        <span className={`bo-proof bo-proof--${state.tone}`}>{state.label}</span>
        {proof.dropbox === 0 && proof.refusal && (
          <p className="bo-refusal-reason">
            {t('claims.handling.proofs.refusedReason', { reason: proof.refusal.motif })}
          </p>
        )}
        {proof.bankDetailsChangedAt !== null && (
          <p className="bo-bank-change">
            <strong className="bo-proof bo-proof--new">{t('claims.queue.bankDetailsChanged')}</strong>{' '}
            <span>
              {t('claims.handling.proofVersions.bankDetailsChangedHint', {
                date: formatDateTime(proof.bankDetailsChangedAt),
              })}
            </span>
          </p>
        )}
      </td>
      <td data-label={t('claims.handling.proofs.columns.file')}>
        {proof.dropbox === 1 && proof.nomFichier ? (
          <>
            <a
              href={`${base}/justificatifs/${proof.id}/fichier`}
              target="_blank"
              rel="noopener"
              onClick={() => setTimeout(() => void load(), 1_500)}
            >
              {t('claims.handling.proofs.open', { file: proof.nomFichier })}
            </a>{' '}
            <span className="bo-muted">{formatSize(proof.taille)}</span>
          </>
        ) : (
          <span className="bo-muted">—</span>
        )}
        <ProofVersions proof={proof} base={base} onOpen={() => setTimeout(() => void load(), 1_500)} />
      </td>
      <td data-label={t('claims.handling.proofs.columns.actions')} className="bo-table__actions">
        {proof.dropbox === 1 && proof.valide === 0 && (
          <div className="bo-toolbar">
            <button
              type="button"
              className="bo-button"
              disabled={busy}
              onClick={() =>
                void change(
                  `${base}/justificatifs/${proof.id}/validation`,
                  { method: 'POST' },
                  t('claims.handling.proofs.validated', { document: proof.nomCourt }),
                  at,
                  keepFocus,
                )
              }
            >
              {t('claims.handling.proofs.validate')}
            </button>
            <button
              type="button"
              className="bo-button"
              disabled={busy}
              aria-expanded={refusing}
              onClick={() => {
                onRefusing(!refusing);
                setMotif('');
              }}
            >
              {t('claims.handling.proofs.refuse')}
            </button>
          </div>
        )}
        {refusing && (
          <form
            className="bo-refusal"
            onSubmit={(event) => {
              event.preventDefault();
              void change(
                `${base}/justificatifs/${proof.id}/refus`,
                { method: 'POST', body: { motif } },
                t('claims.handling.proofs.refused', { document: proof.nomCourt }),
                at,
                keepFocus,
              ).then((done) => {
                if (done) onRefusing(false);
              });
            }}
          >
            <label className="bo-field">
              <span className="bo-field__label">{t('claims.handling.proofs.refusalReason')}</span>
              <input
                className="bo-input"
                value={motif}
                onChange={(event) => setMotif(event.target.value)}
                required
                maxLength={500}
              />
            </label>
            <button className="bo-button bo-button--primary" type="submit" disabled={busy}>
              {t('claims.handling.proofs.confirmRefusal')}
            </button>
          </form>
        )}
        <ActionMessage ref={messageRef} feedback={feedbackAt(at)} />
      </td>
    </tr>
  );
}

/** How a version came, in words. */
function channelLabel(version: ProofVersion): string {
  switch (version.channel) {
    case 'follow_up_link':
      return t('claims.handling.proofVersions.channels.follow_up_link');
    case 'demo':
      return t('claims.handling.proofVersions.channels.demo');
    case null:
      return t('claims.handling.proofVersions.channels.unknown');
  }
}

/** Every file received for the proof, newest first, each openable: a replaced file is never lost from sight. */
function ProofVersions({ proof, base, onOpen }: { proof: Proof; base: string; onOpen: () => void }) {
  if (proof.versions.length === 0) return null;
  return (
    <details className="bo-versions" open={proof.versions.length > 1}>
      <summary>
        {t('claims.handling.proofVersions.title')} ({proof.versions.length})
      </summary>
      <ol className="bo-versions__list">
        {proof.versions.map((version, index) => {
          const date = formatDateTime(version.transmittedAt);
          return (
            <li key={version.id}>
              <a
                href={`${base}/justificatifs/${proof.id}/versions/${version.id}/fichier`}
                target="_blank"
                rel="noopener"
                onClick={onOpen}
              >
                {t('claims.handling.proofVersions.open', { date, file: version.originalName })}
              </a>{' '}
              {index === 0 && <span className="bo-badge">{t('claims.handling.proofVersions.current')}</span>}{' '}
              <span className="bo-muted">
                {formatSize(version.size)} ·{' '}
                {t('claims.handling.proofVersions.receivedVia', { date, channel: channelLabel(version) })}
              </span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

/**
 * 'Demander un justificatif': a document type not asked for yet. Asking without choosing says so
 * under the list (named by it); the request's outcome shows beside 'Demander'.
 */
function DocumentRequest({ handling }: { handling: ClaimHandlingState & { claim: ClaimHandling } }) {
  const { claim, base, busy, change, feedbackAt } = handling;
  const [documentTypeId, setDocumentTypeId] = useState('');
  const [missing, setMissing] = useState(false);
  const ids = useId();
  return (
    <form
      className="bo-claim__request"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (documentTypeId === '') {
          setMissing(true);
          return;
        }
        void change(
          `${base}/justificatifs`,
          { method: 'POST', body: { documentTypeId: Number(documentTypeId) } },
          t('claims.handling.request.done'),
          'request',
        ).then((done) => {
          if (done) setDocumentTypeId('');
        });
      }}
    >
      <div className="bo-toolbar">
        <label>
          {t('claims.handling.request.label')}{' '}
          <select
            className="bo-select"
            value={documentTypeId}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${ids}-missing` : undefined}
            onChange={(event) => {
              setDocumentTypeId(event.target.value);
              setMissing(false);
            }}
          >
            <option value="">{t('claims.handling.request.choose')}</option>
            {claim.documentTypes
              // A document already asked for is not asked twice.
              .filter((type) => !claim.proofs.some((proof) => proof.documentTypeId === type.id && proof.demande === 1))
              .map((type) => (
                <option key={type.id} value={type.id}>
                  {type.nomCourt || type.code}
                </option>
              ))}
          </select>
        </label>
        <button className="bo-button" type="submit" disabled={busy}>
          {t('claims.handling.request.submit')}
        </button>
        <ActionMessage feedback={feedbackAt('request')} />
      </div>
      {missing && (
        <p id={`${ids}-missing`} className="bo-field-error" role="alert">
          {t('claims.handling.request.missing')}
        </p>
      )}
    </form>
  );
}
