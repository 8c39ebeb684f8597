import { FAQ_FEEDBACK, type FaqFeedback } from '../../contracts/faq-base.ts';
import { hrefOf, type PagePlace } from '../lib/navigation.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { Notice, Spinner } from '../ui/Notice.tsx';
import type { FaqAnswer, FaqSource } from '../../contracts/faq.ts';
import { faqDocumentAnchor } from './logic/documents.ts';
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
            <MatchedQuestion answer={turn.answer} t={t} />
            {/* Sanitised by the server, then by DOMPurify with the same allow-list. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised twice, see above */}
            <div className="faq-turn__text rich-text" dangerouslySetInnerHTML={{ __html: turn.html ?? '' }} />
            {turn.answer.sources.length > 0 && (
              <p className="faq-turn__sources">
                {t('faq.sources')}{' '}
                {turn.answer.sources.map((source, index) => (
                  <span key={source.title}>
                    {index > 0 && ' · '}
                    <SourceLink source={source} place={place} />
                  </span>
                ))}
              </p>
            )}
            <FaqRating turn={turn} t={t} onRate={onRate} />
          </>
        )}
      </div>
    </li>
  );
}

/**
 * Which question the answer answers: the curated entry's question, in the page's
 * language ("Réponse à : …"), or, for an answer taken from a knowledge document, that document.
 */
function MatchedQuestion({ answer, t }: { answer: FaqAnswer; t: IslandTranslator }) {
  const from = answer.matchedQuestion ?? (answer.origin === 'retrieval' ? answer.sources[0]?.title : undefined);
  if (!from) return null;
  return (
    <p className="faq-turn__matched">
      {t(answer.matchedQuestion ? 'faq.answerTo' : 'faq.answerFrom')} <strong>{from}</strong>
    </p>
  );
}

/**
 * A source as a link: a knowledge document opens on this FAQ page, under its anchor (its
 * accordion opened first); an address staff gave opens as it is (http and https only). A source
 * named by its title only stays text.
 */
function SourceLink({ source, place }: { source: FaqSource; place: PagePlace }) {
  if (source.document) {
    const anchor = faqDocumentAnchor(source.document);
    return (
      <a href={`${hrefOf(place, 'faq')}#${anchor}`} onClick={() => openDocument(anchor)}>
        {source.title}
      </a>
    );
  }
  if (source.url && /^https?:\/\//i.test(source.url))
    return (
      <a href={source.url} rel="noopener noreferrer">
        {source.title}
      </a>
    );
  return <>{source.title}</>;
}

/** Opens the accordion of a knowledge document before the browser scrolls to it. */
function openDocument(anchor: string): void {
  const target = document.getElementById(anchor);
  if (target instanceof HTMLDetailsElement) target.open = true;
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
