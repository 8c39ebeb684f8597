import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { LANGUAGES as LANGUAGE_LIST, type Language } from '../../contracts/languages.ts';

/**
 * The words of a question or an answer, as the FAQ assistant compares them: lower case, split on
 * anything that is not a letter or a digit, common words of the language left out, each word
 * reduced to its stem (Snowball stemmers of @orama/stemmers; Polish, which it lacks, by a light
 * suffix stripper below), then stripped of accents so "délai", "delai" and "délais" meet.
 */

/** Polish: the commonest inflectional endings, longest first; a stem keeps at least 3 letters. */
const POLISH_ENDINGS = [
  'owania',
  'owanie',
  'ami',
  'ach',
  'ego',
  'emu',
  'ich',
  'ych',
  'imi',
  'ymi',
  'ów',
  'om',
  'em',
  'ie',
  'ia',
  'ię',
  'ą',
  'ę',
  'a',
  'e',
  'i',
  'y',
  'u',
  'o',
];

function polish(word: string): string {
  for (const ending of POLISH_ENDINGS)
    if (word.endsWith(ending) && word.length - ending.length >= 3) return word.slice(0, -ending.length);
  return word;
}

const STEMMERS: Record<Language, (word: string) => string> = {
  fr: french,
  en: english,
  de: german,
  es: spanish,
  it: italian,
  nl: dutch,
  pl: polish,
  da: danish,
  pt: portuguese,
};

/** Words that say nothing of what is asked, per language (before stemming). */
const STOP_WORDS: Record<Language, string> = {
  fr: 'serai sera serons serez seront suis été avoir fait faire font le la les l un une des de du d et ou à a au aux en dans sur pour par avec sans ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs je j tu il elle on nous vous ils elles me m te t se s qui que qu quoi est sont être ai as avons avez ont y ne n pas plus comment quel quelle quels quelles quand où combien faut peut puis dois doit est-ce ça cela si c ça ca même aussi encore déjà alors donc mais bien très trop vraiment moi toi lui eux celle celui ceux lequel laquelle lesquels vais va vont veux veut voudrais voudrait aimerais pourrais pourrait',
  en: 'have has had get do the a an and or of to in on at for by with without from this that these those my your our their his her its i you we they he she it me us them is are was were be been am do does did can could should would will shall may might must how what which when where who why whose if not no any some there s t don doesn didn isn aren wasn won wouldn couldn shouldn haven hasn m ll ve re d still already also even just really very too so but then than im got getting any anything something',
  de: 'habe hat haben machen macht tun der die das den dem des ein eine einen einem einer und oder zu im in am an auf für mit ohne von vom zum zur ist sind war bin bist sein ich du er sie es wir ihr mein meine meinen mir mich dein ihre ihr unser wie was wann wo wer warum welche welcher welches kann können muss müssen soll nicht kein keine es gibt mich dich sich uns euch ihm ihn ihnen über damit dann denn doch noch schon auch nur sehr trotzdem würde möchte möchten will wollen hab bei um viel etwas man dass als so aber',
  es: 'hacer hace hacen tengo tiene el la los las un una unos unas y o de del al a en con sin por para este esta estos estas mi mis tu tus su sus nuestro nuestra yo tú él ella nosotros ustedes usted me te se lo le les es son está están ser cómo como qué que cuál cuándo dónde quién por qué puedo puede debo hay no me mí nos os les ya también todavía aún muy pero entonces luego algo nada igual igualmente quiero quiere podría',
  it: 'fare fa fate ho ha qual quali il lo la i gli le un uno una e o di del della dei delle a al alla in nel nella con senza su per da questo questa mio mia miei mie tuo suo sua nostro vostro io tu lui lei noi voi loro mi ti si ci è sono essere come cosa che quale quando dove chi perché posso può devo non mi ci vi ne già anche ancora ancora molto ma poi allora qualcosa niente comunque voglio vorrei potrei stesso stessa lo',
  nl: 'doen doet heb heeft hebben jullie de het een en of van in op aan voor met zonder bij uit dit dat deze die mijn jouw uw ons onze hun ik je jij u hij zij wij we ze me is zijn was ben hoe wat welke wanneer waar wie waarom kan kun moet mag niet geen er mij mijn me zich ons jullie hem haar al ook nog toch wel dan maar zeer heel iets niets wil wilt zou kunnen worden wordt werd',
  pl: 'robić robicie robi mam ma ile jaka jaki jakie jakich i lub oraz w we na z ze do od po przez dla bez o u ten ta to te mój moja moje mój twój jego jej nasz wasz ich ja ty on ona my wy oni mi mnie się jest są był być jak co który która które kiedy gdzie kto dlaczego czy mogę można muszę trzeba nie mnie mi nam wam ich już też także jeszcze bardzo ale potem więc coś nic chcę chciałbym chciałabym czy żeby aby',
  da: 'gør gøre har have den det de en et og eller af i på til for med uden fra ved denne dette disse min mit mine din dit dine hans hendes vores jeres deres jeg du han hun vi i de mig dig sig er var være har have hvordan hvad hvilken hvornår hvor hvem hvorfor kan skal må ikke mig dig os jer ham hende dem allerede også endnu stadig godt meget men så noget intet vil ville kunne bliver blev blevet',
  pt: 'fazer faz fazem tenho tem o a os as um uma uns umas e ou de do da dos das em no na nos nas com sem por para este esta estes estas meu minha meus minhas seu sua nosso eu tu ele ela nós vocês você me te se lhe é são está estão ser como que qual quando onde quem porque posso pode devo não há me mim nos vos lhes já também ainda muito mas então depois algo nada mesma mesmo quero queria poderia',
};

const STOP_SETS = Object.fromEntries(
  Object.entries(STOP_WORDS).map(([language, words]) => [language, new Set(words.split(' '))]),
) as Record<Language, Set<string>>;

/** Letters without their accents: "é" → "e", "ł" stays (it is a letter of its own). */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** The compared words of `text` in `language`, in order (repeats kept). */
export function termsOf(text: string, language: Language): string[] {
  const stop = STOP_SETS[language];
  const cache = STEM_CACHES[language];
  const terms: string[] = [];
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === '' || stop.has(word)) continue;
    let term = cache.get(word);
    if (term === undefined) {
      term = withoutAccents(STEMMERS[language](word));
      // A language's vocabulary is small; the cap only guards against a flood of random words.
      if (cache.size < 200_000) cache.set(word, term);
    }
    terms.push(term);
  }
  return terms;
}

/** Stems already computed, per language: the stemmers are the costly part of indexing. */
const STEM_CACHES = Object.fromEntries(
  LANGUAGE_LIST.map((language) => [language, new Map<string, string>()]),
) as Record<Language, Map<string, string>>;

/** Plain text of an answer's HTML (tags and entities out), for indexing and for a model. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The grouping key of a question: its distinct terms, sorted (word order and repeats aside). */
export function questionKeyOf(question: string, language: Language): string {
  return [...new Set(termsOf(question, language))].sort().join(' ');
}
