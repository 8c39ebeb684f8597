import { FAQ_FEEDBACK, type FaqFeedback } from '../../contracts/faq-base.ts';
import { hrefOf, type PagePlace } from '../lib/navigation.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { Notice, Spinner } from '../ui/Notice.tsx';
import type { Turn } from './logic/conversation.ts';

/**
 * One turn of the conversation: the question, then the wait, the failure, "no answer", the
 * refusal of a personal question with its link to the follow-up, or the answer with its sources
 * and its yes/no rating (thanked once given), whether a curated answer or the knowledge documents
 * built it.
 */
export function FaqTurn({
  turn,
  place,
  t,
  onRate,
}: {
  turn: Turn;
  place: PagePlace;
  t: IslandTranslator;
  onRate: (turn: Turn, feedback: FaqFeedback) => void;
}) {
  return (
    <li className="faq-turn">
      <div className="faq-turn__question">
        <span className="faq-turn__who">{t('faq.you')}</span>
        <p>{turn.question}</p>
      </div>
      <div className="faq-turn__answer">
        <span className="faq-turn__who">{t('faq.assistant.name')}</span>
        {turn.state === 'waiting' && <Spinner label={t('faq.thinking')} />}
        {turn.state === 'failed' && <Notice tone="error">{turn.failure ?? t('faq.error')}</Notice>}
        {turn.state === 'answered' && turn.answer?.kind === 'no_answer' && <p>{t('faq.noAnswer')}</p>}
        {turn.state === 'answered' && turn.answer?.kind === 'personal' && (
          <p>
            {t('faq.personal.text')} <a href={hrefOf(place, 'suivre-dossier')}>{t('faq.personal.link')}</a>
          </p>
        )}
        {turn.state === 'answered' && turn.answer?.kind === 'answer' && (
          <>
            {/* Sanitised by the server, then by DOMPurify with the same allow-list. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised twice, see above */}
            <div className="faq-turn__text rich-text" dangerouslySetInnerHTML={{ __html: turn.html ?? '' }} />
            {turn.answer.sources.length > 0 && (
              <p className="faq-turn__sources">
                {t('faq.sources')} : {turn.answer.sources.map((source) => source.title).join(' · ')}
              </p>
            )}
            <FaqRating turn={turn} t={t} onRate={onRate} />
          </>
        )}
      </div>
    </li>
  );
}

/** "Was this answer useful?": Oui / Non, then a thank-you in their place. */
function FaqRating({
  turn,
  t,
  onRate,
}: {
  turn: Turn;
  t: IslandTranslator;
  onRate: (turn: Turn, feedback: FaqFeedback) => void;
}) {
  return (
    <div className="faq-rating">
      {turn.feedback ? (
        <p className="faq-rating__thanks" role="status">
          {turn.feedback === FAQ_FEEDBACK.yes ? t('faq.rating.thanksYes') : t('faq.rating.thanksNo')}
        </p>
      ) : (
        <fieldset className="faq-rating__choices">
          <legend>{t('faq.rating.question')}</legend>
          <button type="button" className="button button--secondary" onClick={() => onRate(turn, FAQ_FEEDBACK.yes)}>
            {t('faq.rating.yes')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => onRate(turn, FAQ_FEEDBACK.no)}>
            {t('faq.rating.no')}
          </button>
        </fieldset>
      )}
    </div>
  );
}
