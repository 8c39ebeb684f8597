import { useEffect, useState } from 'react';
import { formatDateTimeInFull, formatDayInFull } from '../../contracts/dates.ts';
import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { IN_INSURER_ZONE } from '../../contracts/time-zone.ts';

/** DOMPurify with the rich-text allow-list, loaded only when the claim has answers to show. */
const loadPurify = async () => (await import('../../site/components/legal/purify.ts')).purify;

type Answer = NonNullable<ClaimInfo['reponses']>[number];

/**
 * 'Réponses à vos messages': staff's answers to the claimant's complaints and contact messages
 * about this claim, oldest first, each with its date, the message it answers, and its text. The
 * API gives them only with the follow-up link; the section shows only when there is one. The HTML
 * was sanitised by the server, and is sanitised again here before it is shown (the API may be a
 * partner's own).
 */
export function StaffAnswers({
  answers,
  lang,
  t,
}: {
  answers: readonly Answer[] | undefined;
  lang: Language;
  t: IslandTranslator;
}) {
  const [purify, setPurify] = useState<((html: string) => string) | undefined>();
  const count = answers?.length ?? 0;
  useEffect(() => {
    if (count > 0)
      void loadPurify()
        .then((loaded) => setPurify(() => loaded))
        .catch(() => undefined);
  }, [count]);
  if (!answers || answers.length === 0) return null;
  return (
    <details className="accordion staff-answers" open>
      <summary className="accordion__summary">
        <h2 className="accordion__title">{t('followup.staffAnswers.title')}</h2>
      </summary>
      <div className="accordion__body">
        <ol className="staff-answers__list">
          {answers.map((answer, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id on the wire; the list only grows at its end
            <li key={index} className="staff-answers__item">
              <h3 className="staff-answers__date">
                {t('followup.staffAnswers.answeredOn', {
                  date: formatDateTimeInFull(answer.date, lang, IN_INSURER_ZONE),
                })}
              </h3>
              <p className="staff-answers__about">
                {t(
                  answer.message.type === 'reclamation'
                    ? 'followup.staffAnswers.about.complaint'
                    : 'followup.staffAnswers.about.contact',
                  { date: formatDayInFull(answer.message.date, lang, IN_INSURER_ZONE) },
                )}
              </p>
              {purify ? (
                <div
                  className="staff-answers__text rich-text"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, then by DOMPurify with the same allow-list.
                  dangerouslySetInnerHTML={{ __html: purify(answer.contenu) }}
                />
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    </details>
  );
}
