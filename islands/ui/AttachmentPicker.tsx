import { useRef, useState } from 'react';
import { MAX_COMPLAINT_FILES, UPLOAD_PICKER_ACCEPT } from '../../contracts/partner-api-base.ts';
import type { Language } from '../../contracts/languages.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { type AttachmentProblem, attachmentProblem, fileSize } from './attachments.ts';

const PROBLEM_KEYS = { format: 'forms.files.format', size: 'forms.files.size', count: 'forms.files.count' } as const;

/**
 * The complaint's optional attachments: a file button (the native input, visually replaced but
 * focusable and labelled), the list of files kept with a remove button each, and the files refused
 * with why. Files are checked here, before any byte is sent.
 */
export function AttachmentPicker({
  id,
  files,
  onChange,
  disabled,
  t,
  lang,
}: {
  id: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled: boolean;
  t: IslandTranslator;
  lang: Language;
}) {
  const [refused, setRefused] = useState<{ name: string; problem: AttachmentProblem }[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement | null>(null);

  async function add(chosen: readonly File[]): Promise<void> {
    const kept = [...files];
    const problems: { name: string; problem: AttachmentProblem }[] = [];
    for (const file of chosen) {
      const problem = await attachmentProblem(file, kept.length);
      if (problem) problems.push({ name: file.name, problem });
      else kept.push(file);
    }
    setRefused(problems);
    setAnnouncement('');
    onChange(kept);
  }

  function remove(index: number): void {
    const file = files[index];
    onChange(files.filter((_, other) => other !== index));
    setRefused([]);
    if (file) setAnnouncement(t('forms.files.removed', { name: file.name }));
    // The removed row's button is gone: the focus goes back to the file button.
    input.current?.focus();
  }

  const size = (bytes: number) => {
    const { unit, size: value } = fileSize(bytes, lang);
    return t(`forms.files.${unit}`, { size: value });
  };
  const full = files.length >= MAX_COMPLAINT_FILES;

  return (
    <div className={`field attachments${refused.length > 0 ? ' field--invalid' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {t('forms.files.label')} <span className="field__optional">{t('forms.optional')}</span>
      </span>
      <p className="field__hint" id={`${id}-hint`}>
        {t('forms.files.hint', { max: MAX_COMPLAINT_FILES })}
      </p>
      <div className="attachments__picker">
        <input
          ref={input}
          id={id}
          className="attachments__input"
          type="file"
          multiple
          accept={UPLOAD_PICKER_ACCEPT}
          disabled={disabled || full}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={[`${id}-hint`, refused.length > 0 ? `${id}-error` : ''].filter(Boolean).join(' ')}
          aria-invalid={refused.length > 0 ? true : undefined}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            // The same file may be chosen again after a removal.
            event.target.value = '';
            void add(chosen);
          }}
        />
        <label htmlFor={id} id={`${id}-button`} className="button button--secondary attachments__button">
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path
              d="M13.5 6.5 7.8 12.2a1.5 1.5 0 0 0 2.1 2.1l6-6a3 3 0 0 0-4.2-4.2l-6 6a4.5 4.5 0 0 0 6.4 6.4l4.9-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          {t('forms.files.add')}
        </label>
      </div>
      {refused.length > 0 ? (
        <div className="field__error attachments__refused" id={`${id}-error`} role="alert">
          <ul>
            {refused.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two refused files may bear the same name
              <li key={`${item.name}-${index}`}>
                {t('forms.files.refused', {
                  name: item.name,
                  problem: t(PROBLEM_KEYS[item.problem], { max: MAX_COMPLAINT_FILES }),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="attachments__list" aria-label={t('forms.files.list')}>
          {files.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be attached twice
            <li key={`${file.name}-${index}`} className="attachments__item">
              <span className="attachments__name">{file.name}</span>
              <span className="attachments__size">{size(file.size)}</span>
              <button
                type="button"
                className="link-button attachments__remove"
                disabled={disabled}
                onClick={() => remove(index)}
              >
                {t('forms.files.remove')}
                <span className="visually-hidden"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
