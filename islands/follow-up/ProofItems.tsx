import { useEffect, useRef } from 'react';
import type { Language } from '../../contracts/languages.ts';
import { formatDayInFull } from '../../contracts/dates.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import type { PendingProof } from '../session/follow-up-state.ts';
import { type Proof, proofStateOf, refusalOf } from './logic/claim-view.ts';
import { UploadZone } from './UploadZone.tsx';
import { proofRowId } from './WhoseTurn.tsx';
import { IN_INSURER_ZONE } from '../../contracts/time-zone.ts';

/** The `type` of an upload that answers no requested proof: "other document" (spec 2 §7). */
export const OTHER_DOCUMENT = 0;

/** Which of the pending or uploaded rows and zones takes the focus after an upload or an Annuler. */
export type ProofFocus = { type: number; on: 'zone' | 'pending' } | null;

/** What every row of the proofs list needs from the section. */
export interface ProofRowContext {
  claimNumber: string;
  lang: Language;
  t: IslandTranslator;
  focus: ProofFocus;
  /** A proof's file size as the page writes it ("1,2 Mo"). */
  size: (bytes: number) => string;
  onUploaded: (item: PendingProof) => void;
  onCancel: (item: PendingProof) => void;
  /** Counts the sends that went through: each gives the upload zones back empty (no earlier refusal left). */
  sends: number;
}

/**
 * One requested or dropped proof: its name and state badge, its transmitted file (a link with the
 * follow-up link's token, else its name), and while it is missing its pending files or its zone.
 */
export function ProofItem({
  proof,
  mine,
  open,
  closed,
  fileUrl,
  context,
}: {
  proof: Proof;
  /** The uploaded files waiting for Valider that answer this proof. */
  mine: PendingProof[];
  /** The claim accepts documents (and the page may send them). */
  open: boolean;
  /** The claim is closed: a document never received is no longer awaited. */
  closed: boolean;
  /** The transmitted file's address, or undefined when the page has no token (opened by number and name). */
  fileUrl: ((proof: Proof) => string | undefined) | undefined;
  context: ProofRowContext;
}) {
  const { claimNumber, lang, t, focus, size, onUploaded, onCancel, sends } = context;
  const state = proofStateOf(proof);
  const refusal = refusalOf(proof);
  const plain = state === 'missing' ? (closed ? 'notReceived' : mine.length > 0 ? 'pending' : 'missing') : state;
  // Refused and nothing chosen yet: the badge says when; a file chosen reads "not sent yet".
  const refusedBadge = plain === 'missing' ? refusal : undefined;
  const badge = refusedBadge ? 'refused' : plain;
  return (
    <li className={`proof proof--${badge}`} id={proofRowId(proof.id)}>
      <div className="proof__head">
        <h3 className="proof__name">{proof.nom_court}</h3>
        <span className={`proof__badge proof__badge--${badge}`}>
          {refusedBadge ? (
            <>
              <RefusedMark />
              {t('followup.proof.refusedOn', { date: formatDayInFull(refusedBadge.date, lang, IN_INSURER_ZONE) })}
            </>
          ) : (
            t(`followup.proof.${plain}`)
          )}
          {state === 'validated' && proof.validation_date
            ? ` ${t('followup.proof.validatedOn', { date: formatDayInFull(proof.validation_date, lang, IN_INSURER_ZONE) })}`
            : ''}
        </span>
      </div>
      {refusal && (refusal.reason || open) ? (
        // The reason comes with the follow-up link only (by number and name the badge alone says
        // it was refused); a closed file asks for nothing more.
        <p className="proof__refusal">
          {refusal.reason ? (
            <span className="proof__refusal-reason">
              {t('followup.proof.refusalReason', { reason: refusal.reason })}
            </span>
          ) : null}
          {refusal.reason && open ? ' ' : null}
          {open ? t('followup.proof.sendAnother') : null}
        </p>
      ) : null}
      {state !== 'missing' && proof.nom_fichier ? (
        <p className="proof__file">
          {fileUrl === undefined ? (
            <span className="proof__file-name">{proof.nom_fichier}</span>
          ) : (
            <FileLink name={proof.nom_fichier} href={fileUrl(proof)} t={t} />
          )}
          {proof.taille > 0 ? <span className="proof__size">{size(proof.taille)}</span> : null}
        </p>
      ) : null}
      {state === 'missing' && open
        ? mine.map((item) => (
            <PendingRow
              key={item.tempFile}
              item={item}
              size={size(item.size)}
              t={t}
              focus={focus?.type === proof.id && focus.on === 'pending'}
              onCancel={() => onCancel(item)}
            />
          ))
        : null}
      {state === 'missing' && open && mine.length === 0 ? (
        <UploadZone
          key={sends}
          type={proof.id}
          label={proof.nom_court}
          claimNumber={claimNumber}
          lang={lang}
          t={t}
          focus={focus?.type === proof.id && focus.on === 'zone'}
          onUploaded={onUploaded}
        />
      ) : null}
    </li>
  );
}

/** "Other document": any file that answers no requested proof, as many as wanted, each waiting for Valider. */
export function OtherDocumentItem({ mine, context }: { mine: PendingProof[]; context: ProofRowContext }) {
  const { claimNumber, lang, t, focus, size, onUploaded, onCancel, sends } = context;
  return (
    <li className={`proof proof--other${mine.length > 0 ? ' proof--pending' : ''}`}>
      <div className="proof__head">
        <h3 className="proof__name">{t('followup.other.title')}</h3>
      </div>
      <p className="proof__hint">{t('followup.other.hint')}</p>
      {mine.map((item, index, all) => (
        <PendingRow
          key={item.tempFile}
          item={item}
          size={size(item.size)}
          t={t}
          focus={focus?.type === OTHER_DOCUMENT && focus.on === 'pending' && index === all.length - 1}
          onCancel={() => onCancel(item)}
        />
      ))}
      <UploadZone
        key={sends}
        type={OTHER_DOCUMENT}
        label={t('followup.other.title')}
        claimNumber={claimNumber}
        lang={lang}
        t={t}
        focus={focus?.type === OTHER_DOCUMENT && focus.on === 'zone'}
        several
        onUploaded={onUploaded}
      />
    </li>
  );
}

/** The refused badge's mark (a crossed circle), beside its words: the state is never told by colour alone. */
function RefusedMark() {
  return (
    <svg className="proof__badge-mark" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M5.5 5.5l5 5M10.5 5.5l-5 5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** A transmitted file, opened from the API with the follow-up link's token (sent back as an attachment). */
function FileLink({ name, href, t }: { name: string; href: string | undefined; t: IslandTranslator }) {
  return (
    <a className="proof__link" href={href} download={name} aria-label={t('followup.proof.open', { name })}>
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <path
          d="M5 2.5h6.5L16 7v10.5H5zM11 2.5V7h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      {name}
    </a>
  );
}

/** An uploaded file waiting for Valider, with its Annuler. */
function PendingRow({
  item,
  size,
  t,
  focus,
  onCancel,
}: {
  item: PendingProof;
  size: string;
  t: IslandTranslator;
  focus: boolean;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div className="pending-file" ref={ref} tabIndex={-1}>
      <span className="pending-file__name">{item.name}</span>
      <span className="proof__size">{size}</span>
      <button type="button" className="button button--ghost button--small" onClick={onCancel}>
        {t('followup.upload.cancel')}
        <span className="visually-hidden"> {item.name}</span>
      </button>
    </div>
  );
}
