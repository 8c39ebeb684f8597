import { useCallback, useEffect, useId, useState } from 'react';
import {
  ChangeAnswerSchema,
  type ClaimHandling,
  ClaimHandlingAnswerSchema,
  ETAT_LABELS,
} from '../../contracts/backoffice.ts';
import { type StaffRequest, staffApi } from '../api/client.ts';
import { formatDateTime, formatSize } from '../lib/format.ts';
import { type TextKey, t } from '../lib/texts.ts';

/**
 * One claim for handling: its facts, its state, its proofs (open, validate, refuse, ask for
 * another) and the history of what staff did, with who and when. After each change the claim is
 * read again from the server: what shows is what is stored.
 */

/** What each recorded action is called in the history (an unknown one shows its code). */
const ACTION_LABELS: Partial<Record<string, TextKey>> = {
  etat: 'claims.handling.history.actions.state',
  document_requested: 'claims.handling.history.actions.documentRequested',
  proof_validated: 'claims.handling.history.actions.proofValidated',
  proof_refused: 'claims.handling.history.actions.proofRefused',
};

function actionLabel(action: string): string {
  const key = ACTION_LABELS[action];
  return key ? t(key) : action;
}

function describeEvent(action: string, detail: Record<string, unknown>): string {
  const text = (key: string) => (typeof detail[key] === 'string' ? (detail[key] as string) : '');
  switch (action) {
    case 'etat':
      return `${ETAT_LABELS[text('from')] ?? text('from')} → ${ETAT_LABELS[text('to')] ?? text('to')}`;
    case 'proof_refused':
      return `${text('document')}${text('file') ? ` (${text('file')})` : ''} : ${text('motif')}`;
    default:
      return text('document');
  }
}

function proofState(proof: ClaimHandling['proofs'][number]): { label: string; tone: string } {
  if (proof.valide === 1)
    return { label: t('claims.handling.proofs.validatedOn', { date: formatDateTime(proof.validatedAt) }), tone: 'ok' };
  if (proof.dropbox === 1)
    return proof.readAt
      ? { label: t('claims.handling.proofs.receivedRead'), tone: 'todo' }
      : { label: t('claims.handling.proofs.receivedUnread'), tone: 'new' };
  return { label: t('claims.handling.proofs.requested'), tone: 'waiting' };
}

export default function ClaimHandlingView({ numero }: { numero: string }) {
  const [claim, setClaim] = useState<ClaimHandling | undefined>();
  const [loadFailed, setLoadFailed] = useState<string | undefined>();
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; text: string } | undefined>();
  const [etat, setEtat] = useState('');
  const [documentTypeId, setDocumentTypeId] = useState('');
  const [refusing, setRefusing] = useState<number | undefined>();
  const [motif, setMotif] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const load = useCallback(async () => {
    const result = await staffApi(`/sinistres/${encodeURIComponent(numero)}`, ClaimHandlingAnswerSchema);
    if (result.ok) {
      setClaim(result.data.datas);
      setEtat(result.data.datas.etat);
      setLoadFailed(undefined);
    } else setLoadFailed(result.kind === 'http' && result.message ? result.message : t('claims.handling.loadFailed'));
  }, [numero]);

  useEffect(() => {
    void load();
  }, [load]);

  async function change(path: string, request: StaffRequest, success: string): Promise<boolean> {
    setBusy(true);
    const result = await staffApi(path, ChangeAnswerSchema, request);
    setBusy(false);
    if (result.ok) {
      setFeedback({ tone: 'success', text: success });
      await load();
      return true;
    }
    setFeedback({
      tone: 'error',
      text: result.kind === 'http' && result.message ? result.message : t('claims.handling.changeFailed'),
    });
    return false;
  }

  const base = `/sinistres/${encodeURIComponent(numero)}`;

  if (loadFailed)
    return (
      <section className="bo-card">
        <p>
          <a href="/bo_sinistres">← {t('common.pages.claims')}</a>
        </p>
        <p className="bo-alert bo-alert--error" role="alert">
          {loadFailed}
        </p>
      </section>
    );
  if (!claim)
    return (
      <p role="status">
        <span className="bo-spinner" aria-hidden="true" /> {t('claims.handling.loading')}
      </p>
    );

  return (
    <div className="bo-claim">
      <p>
        <a href="/bo_sinistres">← {t('common.pages.claims')}</a>
      </p>
      <div className="bo-claim__feedback" aria-live="polite">
        {feedback && (
          <p className={`bo-alert bo-alert--${feedback.tone}`} role={feedback.tone === 'error' ? 'alert' : undefined}>
            {feedback.text}
          </p>
        )}
      </div>
      <section className="bo-card" aria-labelledby={titleId}>
        <h1 id={titleId}>
          {t('claims.handling.title', { number: claim.numero })}{' '}
          <span className="bo-badge">{ETAT_LABELS[claim.etat] ?? claim.etat}</span>
        </h1>
        <dl className="bo-facts">
          <div>
            <dt>{t('claims.handling.facts.insured')}</dt>
            <dd>
              {claim.assurePrenom} {claim.assureNom} ({claim.assureNumero})
            </dd>
          </div>
          <div>
            <dt>{t('claims.handling.facts.contact')}</dt>
            <dd>
              {claim.assureEmail} · {claim.contact.telephone}
              <br />
              {claim.contact.adresse}, {claim.contact.cp} {claim.contact.ville}
            </dd>
          </div>
          <div>
            <dt>{t('claims.handling.facts.declaredOn')}</dt>
            <dd>{formatDateTime(claim.declarationDate)}</dd>
          </div>
          <div>
            <dt>{t('claims.handling.facts.partnerLanguage')}</dt>
            <dd>
              {claim.company || t('claims.handling.facts.noPartner')} · {claim.lang}
            </dd>
          </div>
          <div>
            <dt>{t('claims.handling.facts.objectReason')}</dt>
            <dd>
              {claim.garantie.nom} · {claim.motif.nom}
            </dd>
          </div>
          <div>
            <dt>{t('claims.handling.facts.claimDate')}</dt>
            <dd>{claim.sinistreDate.split('-').reverse().join('/')}</dd>
          </div>
          {claim.contact.destination && (
            <div>
              <dt>{t('claims.handling.facts.establishment')}</dt>
              <dd>{claim.contact.destination}</dd>
            </div>
          )}
          <div className="bo-facts__wide">
            <dt>{t('claims.handling.facts.comment')}</dt>
            <dd>{claim.contact.commentaire || '—'}</dd>
          </div>
        </dl>
        <form
          className="bo-toolbar"
          onSubmit={(event) => {
            event.preventDefault();
            void change(`${base}/etat`, { method: 'PATCH', body: { etat } }, t('claims.handling.state.saved'));
          }}
        >
          <label>
            {t('claims.handling.state.label')}{' '}
            <select className="bo-select" value={etat} onChange={(event) => setEtat(event.target.value)}>
              {claim.etats.map((option) => (
                <option key={option} value={option}>
                  {ETAT_LABELS[option] ?? option}
                </option>
              ))}
            </select>
          </label>
          <button className="bo-button bo-button--primary" type="submit" disabled={busy || etat === claim.etat}>
            {t('claims.handling.state.save')}
          </button>
        </form>
      </section>

      <section className="bo-card" aria-labelledby="proofs-title">
        <h2 id="proofs-title">{t('claims.handling.proofs.title')}</h2>
        <div className="bo-table-wrap">
          <table className="bo-table bo-table--stack">
            <thead>
              <tr>
                <th scope="col">{t('claims.handling.proofs.columns.document')}</th>
                <th scope="col">{t('claims.handling.proofs.columns.state')}</th>
                <th scope="col">{t('claims.handling.proofs.columns.file')}</th>
                <th scope="col">{t('claims.handling.proofs.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {claim.proofs.map((proof) => {
                const state = proofState(proof);
                return (
                  <tr key={proof.id}>
                    <td className="bo-table__lead">{proof.nomCourt || t('claims.handling.proofs.otherDocument')}</td>
                    <td data-label={t('claims.handling.proofs.columns.state')}>
                      <span className={`bo-proof bo-proof--${state.tone}`}>{state.label}</span>
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
                              )
                            }
                          >
                            {t('claims.handling.proofs.validate')}
                          </button>
                          <button
                            type="button"
                            className="bo-button"
                            disabled={busy}
                            aria-expanded={refusing === proof.id}
                            onClick={() => {
                              setRefusing(refusing === proof.id ? undefined : proof.id);
                              setMotif('');
                            }}
                          >
                            {t('claims.handling.proofs.refuse')}
                          </button>
                        </div>
                      )}
                      {refusing === proof.id && (
                        <form
                          className="bo-refusal"
                          onSubmit={(event) => {
                            event.preventDefault();
                            void change(
                              `${base}/justificatifs/${proof.id}/refus`,
                              { method: 'POST', body: { motif } },
                              t('claims.handling.proofs.refused', { document: proof.nomCourt }),
                            ).then((done) => {
                              if (done) setRefusing(undefined);
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
                    </td>
                  </tr>
                );
              })}
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
        <form
          className="bo-toolbar bo-claim__request"
          onSubmit={(event) => {
            event.preventDefault();
            if (documentTypeId === '') {
              setFeedback({ tone: 'error', text: t('claims.handling.request.missing') });
              return;
            }
            void change(
              `${base}/justificatifs`,
              { method: 'POST', body: { documentTypeId: Number(documentTypeId) } },
              t('claims.handling.request.done'),
            ).then((done) => {
              if (done) setDocumentTypeId('');
            });
          }}
        >
          <label>
            {t('claims.handling.request.label')}{' '}
            <select
              className="bo-select"
              value={documentTypeId}
              onChange={(event) => setDocumentTypeId(event.target.value)}
            >
              <option value="">{t('claims.handling.request.choose')}</option>
              {claim.documentTypes
                // A document already asked for is not asked twice.
                .filter(
                  (type) => !claim.proofs.some((proof) => proof.documentTypeId === type.id && proof.demande === 1),
                )
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
        </form>
      </section>

      {claim.comments.length > 0 && (
        <section className="bo-card" aria-labelledby="comments-title">
          <h2 id="comments-title">{t('claims.handling.comments')}</h2>
          <ul className="bo-timeline">
            {claim.comments.map((comment) => (
              <li key={comment.at}>
                <span className="bo-muted">{formatDateTime(comment.at)}</span>
                <p>{comment.comment}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="bo-card" aria-labelledby="history-title">
        <h2 id="history-title">{t('claims.handling.history.title')}</h2>
        {claim.history.length === 0 ? (
          <p className="bo-muted">{t('claims.handling.history.empty')}</p>
        ) : (
          <ol className="bo-timeline">
            {claim.history.map((event) => (
              <li key={event.id}>
                <span className="bo-muted">
                  {formatDateTime(event.at)} · {event.staffLogin}
                </span>
                <p>
                  <strong>{actionLabel(event.action)}</strong> {describeEvent(event.action, event.detail)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
