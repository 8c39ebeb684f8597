import { describe, expect, it } from 'vitest';
import { FAQ_FEEDBACK } from '../../../contracts/faq-base.ts';
import type { FaqAnswer } from '../../../contracts/faq.ts';
import { canRate, decodeTurns, encodeTurns, MAX_KEPT_TURNS, type Turn, voteOf } from './conversation.ts';

const answerFromDocuments: FaqAnswer = {
  kind: 'answer',
  text: '<p>Toutes les garanties.</p>',
  sources: [{ title: 'Guide', document: 'guide-declaration' }],
  entryId: null,
  matchedQuestion: null,
  origin: 'retrieval',
};
const documentAnswer: Turn = {
  id: 1,
  question: 'Le bouton Voir plus affiche quoi ?',
  state: 'answered',
  answer: answerFromDocuments,
  html: '<p>Toutes les garanties.</p>',
};

describe('FAQ rating sends the partner payload', () => {
  it('When the visitor answers yes (feedback 2) or no (feedback 1), then the body names the question and adds one vote to one counter', () => {
    expect(voteOf(documentAnswer, 'fr', FAQ_FEEDBACK.yes)).toEqual({
      question: 'Le bouton Voir plus affiche quoi ?',
      lang: 'fr',
      add_reponse_utile_oui: 1,
      add_reponse_utile_non: 0,
    });
    expect(voteOf(documentAnswer, 'fr', FAQ_FEEDBACK.no)).toMatchObject({
      add_reponse_utile_oui: 0,
      add_reponse_utile_non: 1,
    });
    expect([FAQ_FEEDBACK.yes, FAQ_FEEDBACK.no]).toEqual([2, 1]);
  });

  it('When an answer was built from the knowledge documents (no curated entry), then it can be rated, once', () => {
    expect(canRate(documentAnswer)).toBe(true);
    expect(canRate({ ...documentAnswer, feedback: FAQ_FEEDBACK.no })).toBe(false);
    expect(canRate({ ...documentAnswer, answer: { ...answerFromDocuments, kind: 'no_answer' } })).toBe(false);
    expect(canRate({ id: 2, question: 'x', state: 'failed' })).toBe(false);
  });
});

describe('The FAQ conversation of the tab survives a reload', () => {
  it('When turns are kept and read back, then they come back without their HTML, a waiting one as failed', () => {
    const turns: Turn[] = [
      { ...documentAnswer, feedback: FAQ_FEEDBACK.yes },
      { id: 2, question: 'Trop de questions ?', state: 'failed', failure: 'Attendez 5 minutes.' },
      { id: 3, question: 'Encore une ?', state: 'waiting' },
    ];
    const kept = encodeTurns(turns);
    expect(kept).not.toContain('"html"');
    expect(decodeTurns(kept)).toEqual([
      { id: 1, question: documentAnswer.question, state: 'answered', answer: answerFromDocuments, feedback: 2 },
      { id: 2, question: 'Trop de questions ?', state: 'failed', failure: 'Attendez 5 minutes.' },
      { id: 3, question: 'Encore une ?', state: 'failed' },
    ]);
  });

  it('When the storage holds something else, then nothing or only the well-formed turns come back', () => {
    expect(decodeTurns(null)).toEqual([]);
    expect(decodeTurns('{')).toEqual([]);
    expect(decodeTurns('{"id":1}')).toEqual([]);
    expect(
      decodeTurns(
        JSON.stringify([
          null,
          { id: 'x', question: 'a' },
          { id: 4, question: '  ' },
          { id: 5, question: 'b', state: 'answered', answer: { kind: 'evil', text: 1 }, feedback: 7 },
        ]),
      ),
    ).toEqual([{ id: 5, question: 'b', state: 'failed' }]);
  });

  it('When a conversation is long, then the latest turns are kept', () => {
    const many = Array.from(
      { length: MAX_KEPT_TURNS + 5 },
      (_, index): Turn => ({
        id: index + 1,
        question: `q${index + 1}`,
        state: 'failed',
      }),
    );
    const back = decodeTurns(encodeTurns(many));
    expect(back).toHaveLength(MAX_KEPT_TURNS);
    expect(back[0]?.id).toBe(6);
  });
});

describe('The FAQ says which question it answers', () => {
  it('When a kept answer names its matched question and linked sources, then they come back; kept before, without them, it still reads', () => {
    const curated: FaqAnswer = {
      kind: 'answer',
      text: '<p>Sous 48 h.</p>',
      sources: [
        { title: 'Délais de traitement et de remboursement', document: 'delais-remboursement' },
        { title: 'https://example.org/guide', url: 'https://example.org/guide' },
      ],
      entryId: 9,
      matchedQuestion: 'Quand serai-je remboursé ?',
      origin: 'retrieval',
    };
    const turn: Turn = { id: 1, question: 'remboursé quand ?', state: 'answered', answer: curated };
    expect(decodeTurns(encodeTurns([turn]))).toEqual([turn]);
    const older = JSON.stringify([
      { ...turn, answer: { ...curated, matchedQuestion: undefined, sources: [{ title: 'Guide', document: 3 }] } },
    ]);
    expect(decodeTurns(older)[0]?.answer).toMatchObject({ matchedQuestion: null, sources: [{ title: 'Guide' }] });
  });
});
