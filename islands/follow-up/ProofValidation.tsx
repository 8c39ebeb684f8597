import { useState } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import type { ClaimCredentials } from '../api/partner-api-request.ts';
import { reportError } from '../api/report-error.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { keepProofComment, proofCommentOf, removePendingProofs } from '../session/follow-up.store.ts';
import type { PendingProof } from '../session/follow-up-state.ts';
import { Field } from '../ui/Field.tsx';
import { Notice, Spinner } from '../ui/Notice.tsx';
import { SEND_BLOCK_ID } from './WhoseTurn.tsx';

type Validation =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'done' }
  | { state: 'nothing' }
  | { state: 'failed'; code: '452305F' | '452305V' };

/** The comment, the state of Valider and what it does; the section resets it when a file arrives. */
export interface ProofValidationState {
  comment: string;
  setComment: (comment: string) => void;
  validation: Validation;
  /** A new upload makes the last answer stale. */
  reset: () => void;
  validate: () => Promise<void>;
}

/**
 * Valider: transmits the uploaded files waiting in the store and the comment, with the page's
 * follow-up token (the section offers Valider only when the page has one). Files the server no
 * longer accepts (expired, already sent) leave the store and the visitor is told so.
 */
export function useProofValidation({
  claim,
  credentials,
  lang,
  pending,
  onTransmitted,
}: {
  claim: ClaimInfo;
  credentials: ClaimCredentials;
  lang: Language;
  pending: PendingProof[];
  onTransmitted: () => void;
}): ProofValidationState {
  // What the visitor typed survives a reload of the tab, until Valider sends it.
  const [comment, setTypedComment] = useState(() => proofCommentOf(claim.dossier_numero));
  const setComment = (next: string) => {
    setTypedComment(next);
    keepProofComment(claim.dossier_numero, next);
  };
  const [validation, setValidation] = useState<Validation>({ state: 'idle' });

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
        hash: 'hash' in credentials ? credentials.hash : '',
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

  return {
    comment,
    setComment: (next) => {
      setComment(next);
      if (validation.state === 'nothing') setValidation({ state: 'idle' });
    },
    validation,
    reset: () => setValidation({ state: 'idle' }),
    validate,
  };
}

/** The ids the unsent-files bar reads: Valider's row (the bar steps aside while it shows) and the answer. */
export const VALIDATE_ACTIONS_ID = 'proof-validate-actions';
export const VALIDATE_RESULT_ID = 'proof-validate-result';

/** The comment field, Valider with its hint, and the answer to the last Valider. */
export function ProofValidation({ form, t }: { form: ProofValidationState; t: IslandTranslator }) {
  const { comment, setComment, validation, validate } = form;
  return (
    <div className="proofs__validate" id={SEND_BLOCK_ID}>
      <Field id="proof-comment" label={t('followup.comment.label')}>
        <textarea
          id="proof-comment"
          className="field__input field__textarea"
          rows={3}
          maxLength={5000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </Field>
      <p className="proofs__hint" id="proof-validate-hint">
        {t('followup.validate.hint')}
      </p>
      <div className="proofs__actions" id={VALIDATE_ACTIONS_ID}>
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
      {/* The unsent-files bar's "Envoyer maintenant" brings the focus here once the answer is in. */}
      <div className="proofs__result" id={VALIDATE_RESULT_ID} tabIndex={-1}>
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
    </div>
  );
}
