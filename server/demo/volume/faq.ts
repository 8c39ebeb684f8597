import { FAQ_ENTRIES } from '../../../content/faq.ts';
import { LANGUAGES, type Language } from '../../../contracts/languages.ts';
import { questionKeyOf } from '../../faq/public.ts';
import { createRandom } from '../random.ts';

/**
 * The FAQ assistant's use over the demo's 18 months, as staff see it on /bo_faq and in « À
 * traiter »: the shipped questions asked, the common ones (declaring, the insured number, the
 * documents, the refund's delay) far more than the others, in each language in proportion to the
 * visitors' languages; the visitors' « utile » and « pas utile » votes, with two answers that
 * visitors rate poorly (« Les moins bien notées » brings them up), each with a staff comment; the
 * last time each was asked; and questions visitors asked that no entry answers yet, which staff
 * see as questions without an answer. Each of those reached the assistant's threshold of distinct
 * askers, so it counts a few occurrences.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The visitors' languages, as the demo's activity spreads them: most guests are not French. */
const LANGUAGE_WEIGHTS: Record<Language, number> = {
  fr: 30,
  en: 18,
  de: 15,
  nl: 14,
  es: 6,
  it: 6,
  pl: 4,
  da: 4,
  pt: 3,
};

/** How often each shipped question is asked, relative to the others (others: 1). */
const QUESTION_WEIGHTS: Readonly<Record<string, number>> = {
  'declarer-sinistre': 9,
  'numero-assure': 7,
  'numero-oublie': 6,
  'justificatifs-liste': 8,
  'delai-remboursement': 8,
  'suivre-dossier': 5,
  'justificatifs-formats': 3,
  'etats-dossier': 3,
  'delai-declaration': 3,
  reclamation: 2,
};

/** The answers visitors rate poorly, with what staff noted about them (the back office is in French). */
const POORLY_RATED: Readonly<Record<string, string>> = {
  'delai-remboursement':
    'Beaucoup de « pas utile » : les assurés veulent la date de leur propre virement. Ajouter le lien vers le suivi du dossier.',
  'justificatifs-formats':
    'Des « pas utile » depuis des iPhone : dire comment envoyer en JPEG une photo enregistrée en HEIC.',
};

/** Questions visitors asked that no shipped entry answers (no answer written yet). */
const UNANSWERED: readonly { lang: Language; question: string }[] = [
  { lang: 'fr', question: 'Mon chien est-il couvert par l’assurance annulation ?' },
  { lang: 'fr', question: 'Puis-je être remboursé si la météo m’empêche de venir ?' },
  { lang: 'en', question: 'Am I covered if my flight is cancelled?' },
  { lang: 'de', question: 'Kann die Erstattung auf ein Konto im Ausland überwiesen werden?' },
  { lang: 'nl', question: 'Is mijn aanbetaling ook verzekerd?' },
  { lang: 'es', question: '¿Puedo declarar un siniestro en nombre de mi hijo?' },
  { lang: 'it', question: 'Posso annullare solo una parte del soggiorno?' },
  { lang: 'pl', question: 'Czy ubezpieczenie obejmuje kwarantannę?' },
  { lang: 'da', question: 'Dækker forsikringen, hvis min bil bryder sammen på vejen?' },
  { lang: 'pt', question: 'O seguro cobre uma lesão durante a estadia?' },
];

/** Times the most asked question is asked in French over the 18 months. */
const MOST_ASKED_FRENCH = 420;

/** The usage of one shipped entry, by its question in its language. */
interface FaqEntryUsage {
  lang: Language;
  question: string;
  occurence: number;
  reponseUtileOui: number;
  reponseUtileNon: number;
  commentaire: string;
  lastAskedAt: Date;
  dateReponseUtileNon: Date | null;
}

/** A question asked without an answer, as the assistant writes its entry. */
interface UnansweredQuestion {
  lang: Language;
  question: string;
  questionKey: string;
  reponse: '';
  occurence: number;
  lastAskedAt: Date;
  createdAt: Date;
}

export interface DemoFaqUsage {
  entries: FaqEntryUsage[];
  unanswered: UnansweredQuestion[];
}

/** The FAQ's use, the same for one seed and one `now`. */
export function demoFaqUsageOf({ now, seed }: { now: Date; seed: number }): DemoFaqUsage {
  const random = createRandom(seed ^ 0x0faf);
  const french = LANGUAGE_WEIGHTS.fr;
  const mostAsked = Math.max(...Object.values(QUESTION_WEIGHTS));
  const ago = (minDays: number, maxDays: number) =>
    new Date(now.getTime() - random.between(minDays * 24, maxDays * 24) * (DAY_MS / 24));
  const entries = FAQ_ENTRIES.flatMap(({ key, texts }) =>
    LANGUAGES.map((lang): FaqEntryUsage => {
      const expected =
        (MOST_ASKED_FRENCH * (QUESTION_WEIGHTS[key] ?? 1) * LANGUAGE_WEIGHTS[lang]) / (mostAsked * french);
      const occurence = Math.max(1, Math.round(expected * (0.8 + 0.4 * random.next())));
      // Most visitors do not vote; those who do mostly find the answer useful.
      const comment = POORLY_RATED[key];
      const notUsefulShare = comment === undefined ? 0.02 + 0.05 * random.next() : 0.18 + 0.1 * random.next();
      const reponseUtileNon = Math.round(occurence * notUsefulShare);
      const reponseUtileOui = Math.round(occurence * (0.2 + 0.2 * random.next()));
      // The more a question is asked, the more recently: the rarest were last asked weeks ago.
      const lastAskedAt = occurence >= 20 ? ago(0, 3) : occurence >= 5 ? ago(1, 20) : ago(10, 120);
      return {
        lang,
        question: texts[lang].question,
        occurence,
        reponseUtileOui,
        reponseUtileNon,
        commentaire: comment ?? '',
        lastAskedAt,
        dateReponseUtileNon: reponseUtileNon > 0 ? ago(0, 30) : null,
      };
    }),
  );
  const unanswered = UNANSWERED.map(({ lang, question }): UnansweredQuestion => {
    const lastAskedAt = ago(0, 6);
    return {
      lang,
      question,
      questionKey: questionKeyOf(question, lang),
      reponse: '',
      occurence: random.between(3, 14),
      lastAskedAt,
      createdAt: new Date(lastAskedAt.getTime() - random.between(2, 40) * DAY_MS),
    };
  });
  return { entries, unanswered };
}
