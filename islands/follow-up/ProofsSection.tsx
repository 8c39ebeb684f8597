import { useStore } from '@nanostores/react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import type { ClaimCredentials } from '../api/partner-api-request.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { Field } from '../ui/Field.tsx';
import { Notice, Spinner } from '../ui/Notice.tsx';
import { reportError } from '../api/report-error.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import {
  $followUp,
  addPendingProof,
  type PendingProof,
  pendingProofsOf,
  removePendingProofs,
} from '../session/follow-up.store.ts';
import { acceptsDocuments, type Proof, proofStateOf, visibleProofs } from './logic/claim-view.ts';
import { checkChosenFile, type FileProblem, formatFileSize } from './logic/proof-file.ts';

/** The `type` of an upload that answers no requested proof: "other document" (spec 2 §7). */
const OTHER_DOCUMENT = 0;

/** What the file picker offers: PDF and images, so a phone proposes its camera as well as its files. */
const PICKER_ACCEPT = 'image/*,application/pdf';

interface ProofsProps {
  claim: ClaimInfo;
  credentials: ClaimCredentials;
  lang: Language;
  t: IslandTranslator;
  /** The server's state changed (a validation): read the claim again. */
  onTransmitted: () => void;
}

type Validation =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'done' }
  | { state: 'nothing' }
  | { state: 'failed'; code: '452305F' | '452305V' };

/**
 * "Vos documents" (spec 2 §4 proof states): each requested or dropped proof with its state, an
 * upload zone for each proof not sent, the "other document" zone, and Valider, which transmits
 * the uploaded files and the comment. Uploaded files wait in the follow-up store, so a reload
 * keeps them until Valider or Annuler (or until the server would no longer accept them).
 *
 * Transmitted files open only from the mailed follow-up link (DESIGN.md §3): opened by number and
 * last name, which an insured number reveals, the page names each file and its state, offers no
 * link (the server would refuse it) and says where the files can be opened.
 */
export function ProofsSection({ claim, credentials, lang, t, onTransmitted }: ProofsProps) {
  const followUp = useStore($followUp);
  const claimNumber = claim.dossier_numero;
  const proofs = visibleProofs(claim);
  const open = acceptsDocuments(claim.etat);
  const missingIds = new Set(proofs.filter((proof) => proofStateOf(proof) === 'missing').map((proof) => proof.id));
  const stored = pendingProofsOf(followUp, claimNumber, Date.now());
  // An upload for a proof the server now holds (sent from elsewhere, validated) would be refused.
  const pending = stored.filter((item) => open && (item.type === OTHER_DOCUMENT || missingIds.has(item.type)));
  const stale = stored.filter((item) => !pending.includes(item)).map((item) => item.tempFile);
  const [comment, setComment] = useState('');
  const [validation, setValidation] = useState<Validation>({ state: 'idle' });
  const [focus, setFocus] = useState<{ type: number; on: 'zone' | 'pending' } | null>(null);
  const sizeUnits = { bytes: t('followup.size.bytes'), kilobytes: t('followup.size.kilobytes') };
  const size = (bytes: number) => formatFileSize(bytes, lang, sizeUnits);

  const staleKey = stale.join(',');
  useEffect(() => {
    if (staleKey) removePendingProofs(staleKey.split(','));
  }, [staleKey]);

  function uploaded(item: PendingProof): void {
    addPendingProof(item);
    setValidation({ state: 'idle' });
    setFocus({ type: item.type, on: 'pending' });
  }

  function cancel(item: PendingProof): void {
    removePendingProofs([item.tempFile]);
    setFocus({ type: item.type, on: 'zone' });
  }

  async function validate(): Promise<void> {
    const sent = pending;
    if (sent.length === 0 && comment.trim() === '') {
      setValidation({ state: 'nothing' });
      return;
    }
    setValidation({ state: 'sending' });
    const { validateProofs } = await partnerApi();
    const result = await validateProofs(
      {
        claimNumber,
        lastName: 'nom' in credentials ? credentials.nom : claim.dossier_nom,
        proofs: sent.map((item) => ({ type: item.type, value: item.tempFile, name: item.name.slice(0, 255) })),
        comment: comment.trim(),
      },
      lang,
    );
    if (result.ok) {
      removePendingProofs(sent.map((item) => item.tempFile));
      setComment('');
      setValidation({ state: 'done' });
      onTransmitted();
      return;
    }
    // Items the server no longer accepts (expired, already sent) are named `justificatifs[<index>]`.
    const refused =
      result.kind === 'http' && result.status === 400
        ? Object.keys(result.error?.fields ?? {})
            .map((field) => /^justificatifs\[(\d+)\]$/.exec(field)?.[1])
            .filter((index): index is string => index !== undefined)
            .map((index) => sent[Number(index)]?.tempFile)
            .filter((tempFile): tempFile is string => tempFile !== undefined)
        : [];
    const code = refused.length > 0 ? '452305V' : '452305F';
    reportError(code);
    if (refused.length > 0) removePendingProofs(refused);
    setValidation({ state: 'failed', code });
  }

  // The client is already loaded by the page (it read the claim); its URL builder is kept here.
  const [api, setApi] = useState<Awaited<ReturnType<typeof partnerApi>> | null>(null);
  useEffect(() => {
    let cancelled = false;
    void partnerApi().then((module) => {
      if (!cancelled) setApi(module);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  const token = 'hash' in credentials ? credentials.hash : undefined;
  const fileUrl = (proof: Proof) => (token === undefined ? undefined : api?.proofFileUrl(token, proof.id, lang));
  const showsFiles = proofs.some((proof) => proofStateOf(proof) !== 'missing' && proof.nom_fichier !== '');

  return (
    <div className="proofs">
      {open ? <p className="proofs__intro">{t('followup.documents.intro')}</p> : null}
      {proofs.length === 0 ? <p>{t('followup.documents.none')}</p> : null}
      {token === undefined && showsFiles ? (
        <p className="proofs__hint proofs__by-link">{t('followup.documents.openFromLink')}</p>
      ) : null}
      <ul className="proofs__list">
        {proofs.map((proof) => {
          const state = proofStateOf(proof);
          const mine = pending.filter((item) => item.type === proof.id);
          const badge =
            state === 'missing' && mine.length > 0
              ? 'pending'
              : state === 'missing'
                ? 'missing'
                : state === 'transmitted'
                  ? 'transmitted'
                  : 'validated';
          return (
            <li key={proof.id} className={`proof proof--${badge}`}>
              <div className="proof__head">
                <h3 className="proof__name">{proof.nom_court}</h3>
                <span className={`proof__badge proof__badge--${badge}`}>
                  {t(`followup.proof.${badge}`)}
                  {state === 'validated' && proof.validation_date
                    ? ` ${t('followup.proof.validatedOn', { date: formatShortDate(proof.validation_date, lang) })}`
                    : ''}
                </span>
              </div>
              {state !== 'missing' && proof.nom_fichier ? (
                <p className="proof__file">
                  {token === undefined ? (
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
                      onCancel={() => cancel(item)}
                    />
                  ))
                : null}
              {state === 'missing' && open && mine.length === 0 ? (
                <UploadZone
                  type={proof.id}
                  label={proof.nom_court}
                  claimNumber={claimNumber}
                  lang={lang}
                  t={t}
                  focus={focus?.type === proof.id && focus.on === 'zone'}
                  onUploaded={uploaded}
                />
              ) : null}
            </li>
          );
        })}
        {open ? (
          <li
            className={`proof proof--other${pending.some((item) => item.type === OTHER_DOCUMENT) ? ' proof--pending' : ''}`}
          >
            <div className="proof__head">
              <h3 className="proof__name">{t('followup.other.title')}</h3>
            </div>
            <p className="proof__hint">{t('followup.other.hint')}</p>
            {pending
              .filter((item) => item.type === OTHER_DOCUMENT)
              .map((item, index, all) => (
                <PendingRow
                  key={item.tempFile}
                  item={item}
                  size={size(item.size)}
                  t={t}
                  focus={focus?.type === OTHER_DOCUMENT && focus.on === 'pending' && index === all.length - 1}
                  onCancel={() => cancel(item)}
                />
              ))}
            <UploadZone
              type={OTHER_DOCUMENT}
              label={t('followup.other.title')}
              claimNumber={claimNumber}
              lang={lang}
              t={t}
              focus={focus?.type === OTHER_DOCUMENT && focus.on === 'zone'}
              onUploaded={uploaded}
            />
          </li>
        ) : null}
      </ul>

      {open ? (
        <div className="proofs__validate">
          <Field id="proof-comment" label={t('followup.comment.label')}>
            <textarea
              id="proof-comment"
              className="field__input field__textarea"
              rows={3}
              maxLength={5000}
              value={comment}
              onChange={(event) => {
                setComment(event.target.value);
                if (validation.state === 'nothing') setValidation({ state: 'idle' });
              }}
            />
          </Field>
          <p className="proofs__hint" id="proof-validate-hint">
            {t('followup.validate.hint')}
          </p>
          <div className="proofs__actions">
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => void validate()}
              disabled={validation.state === 'sending'}
              aria-describedby="proof-validate-hint"
            >
              {validation.state === 'sending' ? <Spinner label={t('wizard.common.loading')} /> : null}
              {t('followup.validate.button')}
            </button>
          </div>
          {validation.state === 'done' ? <Notice tone="success">{t('followup.validate.done')}</Notice> : null}
          {validation.state === 'nothing' ? <Notice tone="error">{t('followup.validate.nothing')}</Notice> : null}
          {validation.state === 'failed' ? (
            <Notice
              tone="error"
              code={validation.code}
              codeLabel={t('wizard.common.errorCode', { code: validation.code })}
            >
              {validation.code === '452305V' ? t('followup.validate.refused') : t('followup.validate.failed')}
            </Notice>
          ) : null}
        </div>
      ) : null}
    </div>
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

type Zone =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'uploading'; name: string; fraction: number; controller: AbortController }
  | { state: 'refused'; problem: FileProblem }
  | { state: 'failed'; code: '462301D' | '462301E' };

/**
 * Where a file is dropped or chosen for one proof. A file is checked here first (format by its
 * first bytes, size): a refused file sends nothing. Then it is uploaded with a progress bar; a
 * failed or cancelled upload gives the zone back as it was.
 */
function UploadZone({
  type,
  label,
  claimNumber,
  lang,
  t,
  focus,
  onUploaded,
}: {
  type: number;
  label: string;
  claimNumber: string;
  lang: Language;
  t: IslandTranslator;
  focus: boolean;
  onUploaded: (item: PendingProof) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [zone, setZone] = useState<Zone>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);

  async function take(file: File): Promise<void> {
    setZone({ state: 'checking' });
    const problem = await checkChosenFile(file);
    if (problem) {
      setZone({ state: 'refused', problem });
      return;
    }
    const controller = new AbortController();
    setZone({ state: 'uploading', name: file.name, fraction: 0, controller });
    const { uploadProof } = await partnerApi();
    const result = await uploadProof(
      { file, name: file.name, type, lang },
      {
        signal: controller.signal,
        onProgress: (fraction) =>
          setZone((current) => (current.state === 'uploading' ? { ...current, fraction } : current)),
      },
    );
    if (controller.signal.aborted) {
      setZone({ state: 'idle' });
      return;
    }
    if (result.ok) {
      setZone({ state: 'idle' });
      onUploaded({
        claimNumber,
        type,
        tempFile: result.data.data.temp_file,
        name: result.data.data.temp_name || file.name,
        size: file.size,
        uploadedAt: Date.now(),
      });
      return;
    }
    // The server's own check (format or size) answers like the browser's; anything else is a failure.
    const refusedCode = result.kind === 'http' ? result.error?.code : undefined;
    if (refusedCode === 'unsupported_format') setZone({ state: 'refused', problem: 'unsupported' });
    else if (refusedCode === 'file_too_large' || (result.kind === 'http' && result.status === 413))
      setZone({ state: 'refused', problem: 'tooLarge' });
    else {
      const code = result.kind === 'network' ? '462301E' : '462301D';
      reportError(code);
      setZone({ state: 'failed', code });
    }
  }

  function chosen(files: FileList | null): void {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (file) void take(file);
  }

  function dropped(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    if (zone.state === 'uploading' || zone.state === 'checking') return;
    chosen(event.dataTransfer.files);
  }

  if (zone.state === 'uploading') {
    const percent = Math.round(zone.fraction * 100);
    return (
      <div className="upload upload--busy">
        <label className="upload__progress-label" htmlFor={`${id}-progress`}>
          {t('followup.upload.sending', { name: zone.name })}
        </label>
        <div className="upload__progress-row">
          <progress id={`${id}-progress`} className="upload__progress" max={100} value={percent} />
          <span className="upload__percent" aria-hidden="true">
            {new Intl.NumberFormat(lang, { style: 'percent' }).format(zone.fraction)}
          </span>
          <button type="button" className="button button--ghost button--small" onClick={() => zone.controller.abort()}>
            {t('followup.upload.cancel')}
            <span className="visually-hidden"> {zone.name}</span>
          </button>
        </div>
      </div>
    );
  }

  const refusal =
    zone.state === 'refused'
      ? t(zone.problem === 'unsupported' ? 'followup.upload.unsupported' : 'followup.upload.tooLarge')
      : undefined;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; the button inside does the same by keyboard
    <div
      className={`upload${dragging ? ' upload--dragging' : ''}${refusal ? ' upload--invalid' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={dropped}
    >
      <svg className="upload__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path
          d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="upload__text">
        <span className="upload__drop">{t('followup.upload.drop')}</span>{' '}
        {/* The file input itself takes the focus (Enter or Space opens the picker); its label is the visible button. */}
        <input
          ref={input}
          id={`${id}-input`}
          className="upload__input"
          type="file"
          accept={PICKER_ACCEPT}
          disabled={zone.state === 'checking'}
          aria-describedby={`${id}-formats${refusal ? ` ${id}-error` : ''}`}
          aria-invalid={refusal ? true : undefined}
          onChange={(event) => chosen(event.target.files)}
        />
        <label htmlFor={`${id}-input`} className="button button--secondary button--small upload__choose">
          {zone.state === 'checking' ? <Spinner label={t('wizard.common.loading')} /> : null}
          {t('followup.upload.choose')}
          <span className="visually-hidden"> ({label})</span>
        </label>
      </p>
      <p className="upload__formats" id={`${id}-formats`}>
        {t('followup.upload.formats')}
      </p>
      {refusal ? (
        <p className="field__error upload__error" id={`${id}-error`} role="alert">
          {refusal}
        </p>
      ) : null}
      {zone.state === 'failed' ? (
        <Notice tone="error" code={zone.code} codeLabel={t('wizard.common.errorCode', { code: zone.code })}>
          {t('followup.upload.failed')}
        </Notice>
      ) : null}
    </div>
  );
}

/** A date-time as a short date of the page's language. */
function formatShortDate(iso: string, lang: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(lang, { dateStyle: 'short' }).format(date);
}
