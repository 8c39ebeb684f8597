import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import type { Language } from '../../contracts/languages.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { reportError } from '../api/report-error.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import type { PendingProof } from '../session/follow-up-state.ts';
import { Notice, Spinner } from '../ui/Notice.tsx';
import { checkChosenFile, type FileProblem } from './logic/proof-file.ts';

/** What the file picker offers: PDF and images, so a phone proposes its camera as well as its files. */
const PICKER_ACCEPT = 'image/*,application/pdf';

type Zone =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'uploading'; name: string; fraction: number; controller: AbortController }
  /** `name`: the refused file's, shown when the zone takes several at once. */
  | { state: 'refused'; problem: FileProblem | 'oneFile'; name?: string }
  | { state: 'failed'; code: '462301D' | '462301E' };

interface UploadZoneProps {
  type: number;
  label: string;
  claimNumber: string;
  lang: Language;
  t: IslandTranslator;
  focus: boolean;
  /** Takes several files at once, sent one after the other (the "other document" zone). */
  several?: boolean;
  onUploaded: (item: PendingProof) => void;
}

/**
 * Where a file is dropped or chosen for one proof. A file is checked here first (format by its
 * first bytes, size): a refused file sends nothing. Then it is uploaded with a progress bar; a
 * failed or cancelled upload gives the zone back as it was. A requested document takes one file:
 * several dropped on its zone are refused together, with a message, rather than one kept unsaid.
 */
export function UploadZone({ type, label, claimNumber, lang, t, focus, several = false, onUploaded }: UploadZoneProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [zone, take, refuse] = useProofUpload({ type, claimNumber, lang, onUploaded });
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);

  function chosen(files: FileList | null): void {
    const list = [...(files ?? [])];
    if (input.current) input.current.value = '';
    if (list.length > 1 && !several) refuse('oneFile');
    else if (list.length > 0) void takeInTurn(list);
  }

  /** Sends the files one after the other; a refused one stops the rest, named in its message. */
  async function takeInTurn(files: File[]): Promise<void> {
    for (const file of files) if (!(await take(file, files.length > 1))) return;
  }

  function dropped(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    if (zone.state === 'uploading' || zone.state === 'checking') return;
    chosen(event.dataTransfer.files);
  }

  if (zone.state === 'uploading') return <UploadProgress id={id} zone={zone} lang={lang} t={t} />;

  const refusal = zone.state === 'refused' ? refusalText(zone, t) : undefined;

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
      <UploadIcon />
      <p className="upload__text">
        <span className="upload__drop">{t('followup.upload.drop')}</span>{' '}
        {/* The file input itself takes the focus (Enter or Space opens the picker); its label is the visible button. */}
        <input
          ref={input}
          id={`${id}-input`}
          className="upload__input"
          type="file"
          accept={PICKER_ACCEPT}
          multiple={several}
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

/** A refusal's words; with the file's name when the zone took several. */
function refusalText(zone: Extract<Zone, { state: 'refused' }>, t: IslandTranslator): string {
  const problem = t(
    zone.problem === 'oneFile'
      ? 'followup.upload.oneFile'
      : zone.problem === 'unsupported'
        ? 'followup.upload.unsupported'
        : 'followup.upload.tooLarge',
  );
  return zone.name === undefined ? problem : t('followup.upload.refusedFile', { name: zone.name, problem });
}

type Take = (file: File, named?: boolean) => Promise<boolean>;

/**
 * The state of one upload zone and what takes a file: the browser's check, then the upload with
 * its progress, then the server's answer (its own format or size check answers like the browser's).
 * `take` answers whether the file was uploaded; `named` puts its name in a refusal.
 */
function useProofUpload({
  type,
  claimNumber,
  lang,
  onUploaded,
}: Pick<UploadZoneProps, 'type' | 'claimNumber' | 'lang' | 'onUploaded'>): [Zone, Take, (problem: 'oneFile') => void] {
  const [zone, setZone] = useState<Zone>({ state: 'idle' });

  async function take(file: File, named = false): Promise<boolean> {
    const name = named ? file.name : undefined;
    setZone({ state: 'checking' });
    const problem = await checkChosenFile(file);
    if (problem) {
      setZone({ state: 'refused', problem, ...(name === undefined ? {} : { name }) });
      return false;
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
      return false;
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
      return true;
    }
    // The server's own check (format or size) answers like the browser's; anything else is a failure.
    const refusedCode = result.kind === 'http' ? result.error?.code : undefined;
    const refused = (problem: FileProblem) =>
      setZone({ state: 'refused', problem, ...(name === undefined ? {} : { name }) });
    if (refusedCode === 'unsupported_format') refused('unsupported');
    else if (refusedCode === 'file_too_large' || (result.kind === 'http' && result.status === 413)) refused('tooLarge');
    else {
      const code = result.kind === 'network' ? '462301E' : '462301D';
      reportError(code);
      setZone({ state: 'failed', code });
    }
    return false;
  }

  return [zone, take, (problem) => setZone({ state: 'refused', problem })];
}

/** A file on its way: its name, a progress bar with the percentage, and Annuler. */
function UploadProgress({
  id,
  zone,
  lang,
  t,
}: {
  id: string;
  zone: Extract<Zone, { state: 'uploading' }>;
  lang: Language;
  t: IslandTranslator;
}) {
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

/** The upload arrow drawn in each zone. */
function UploadIcon() {
  return (
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
  );
}
