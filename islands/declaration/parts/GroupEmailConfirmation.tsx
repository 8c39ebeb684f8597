import type { Ref } from 'react';
import type { Language } from '../../../contracts/languages.ts';
import { partnerApi } from '../../api/lazy-partner-api.ts';
import type { IslandTranslator } from '../../lib/translate.ts';
import type { ClaimDraft } from '../logic/draft.ts';
import type { EmailConfirmation } from '../use-review-submit.ts';
import { codeFailureMessage } from './identity-code-calls.ts';
import { OneTimeCode } from './OneTimeCode.tsx';

/**
 * On a group contract, the member confirms the address they typed with a code mailed to it before
 * the claim is sent; a submit without it says it is needed here (the card takes the focus).
 */
export function GroupEmailConfirmation({
  containerRef,
  draft,
  typedEmail,
  confirmed,
  showNeeded,
  onConfirmed,
  lang,
  company,
  t,
}: {
  containerRef: Ref<HTMLDivElement>;
  draft: ClaimDraft;
  typedEmail: string;
  confirmed: boolean;
  showNeeded: boolean;
  onConfirmed: (confirmation: EmailConfirmation) => void;
  lang: Language;
  company: string;
  t: IslandTranslator;
}) {
  return (
    <div ref={containerRef} tabIndex={-1} className="card group-email">
      <h2 className="group-email__title">{t('wizard.identityCode.confirmTitle')}</h2>
      {showNeeded && !confirmed ? (
        <p className="field__error" role="alert">
          {t('wizard.identityCode.confirmNeeded')}
        </p>
      ) : null}
      <OneTimeCode
        key={typedEmail}
        t={t}
        idPrefix="group-email"
        askedFor={`${draft.contractNumber}:${typedEmail.trim().toLowerCase()}`}
        offer={t('wizard.identityCode.confirmIntro', { email: typedEmail })}
        askLabel={t('wizard.identityCode.confirmButton')}
        done={confirmed ? t('wizard.identityCode.confirmed') : undefined}
        onAsk={async () => {
          const { askIdentityCode } = await partnerApi();
          const result = await askIdentityCode({
            numero: draft.contractNumber,
            souscriptionId: draft.souscription_id ?? 0,
            email: typedEmail,
            lang,
            company: company ?? '',
          });
          return result.ok
            ? { ok: true, message: result.data.message }
            : { ok: false, message: codeFailureMessage(result, t) };
        }}
        onVerify={async (code) => {
          const { verifyIdentityCode } = await partnerApi();
          const result = await verifyIdentityCode({
            numero: draft.contractNumber,
            souscriptionId: draft.souscription_id ?? 0,
            email: typedEmail,
            code,
            lang,
          });
          if (!result.ok) return { ok: false, message: codeFailureMessage(result, t) };
          onConfirmed({ email: typedEmail, jeton: result.data.data.jeton_email });
          return { ok: true };
        }}
      />
    </div>
  );
}
