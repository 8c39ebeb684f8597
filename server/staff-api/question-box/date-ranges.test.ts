import { describe, expect, it } from 'vitest';
import { readDayMentions } from './date-mentions.ts';
import { type FormContext, understandQuestion } from './question-forms.ts';

/**
 * The periods of the question box as staff write them, French and English, resolved in Paris from
 * a fixed now: whole days, a period reaching past now ending at the end of now's minute, the end
 * excluded. Wall clocks "YYYY-MM-DD HH:mm:ss" in Europe/Paris.
 */

const RANGE = { start: '2026-03-01 00:00:00', end: '2026-03-31 23:59:00' };

function periodOf(question: string, now: string): [string, string] | string[] {
  const context: FormContext = { range: RANGE, now: new Date(now), brands: [] };
  const understanding = understandQuestion(question, context);
  if (understanding.kind === 'partly') return understanding.notUnderstood;
  const { from, to } = understanding.interpretation.period;
  return [from, to];
}

const day = (date: string) => `${date} 00:00:00`;

describe('The question box reads date ranges as staff write them', () => {
  // Tuesday 31 March 2026, 22:00 in Paris (summer time since Sunday 29 March).
  const NOW = '2026-03-31T20:00:00Z';
  const UNTIL_NOW = '2026-03-31 22:01:00';

  it.each([
    ["entre le 1er janvier 2024 et aujourd'hui", day('2024-01-01'), UNTIL_NOW],
    ['depuis le 1er mars', day('2026-03-01'), UNTIL_NOW],
    // May 2026 is still to come: the May staff mean is last year's.
    ['du 3 au 10 mai', day('2025-05-03'), day('2025-05-11')],
    ['le mois dernier', day('2026-02-01'), day('2026-03-01')],
    ['cette semaine', day('2026-03-30'), UNTIL_NOW],
    ['en 2025', day('2025-01-01'), day('2026-01-01')],
    ['hier', day('2026-03-30'), day('2026-03-31')],
    ['avant-hier', day('2026-03-29'), day('2026-03-30')],
    ['il y a 3 jours', day('2026-03-28'), day('2026-03-29')],
    ['depuis lundi', day('2026-03-30'), UNTIL_NOW],
    ['entre le 15 février et le 15 mars', day('2026-02-15'), day('2026-03-16')],
    ['du 25/12/2025 au 2026-01-02', day('2025-12-25'), day('2026-01-03')],
    ['depuis le début de l’année', day('2026-01-01'), UNTIL_NOW],
    ['les 2 dernières semaines', day('2026-03-18'), UNTIL_NOW],
    ['ce weekend', day('2026-03-28'), day('2026-03-30')],
    ['last month', day('2026-02-01'), day('2026-03-01')],
    ['since Monday', day('2026-03-30'), UNTIL_NOW],
    ['between March 1 and today', day('2026-03-01'), UNTIL_NOW],
    ['from 3 to 10 May', day('2025-05-03'), day('2025-05-11')],
    ['in the last 30 days', day('2026-03-02'), UNTIL_NOW],
    ['this year', day('2026-01-01'), UNTIL_NOW],
    ['last Friday', day('2026-03-27'), day('2026-03-28')],
    ['3 days ago', day('2026-03-28'), day('2026-03-29')],
    ['from March 1st to March 15th, 2025', day('2025-03-01'), day('2025-03-16')],
    ['between January 1st, 2024 and November 25, 2026', day('2024-01-01'), UNTIL_NOW],
    ['de novembre à février', day('2025-11-01'), day('2026-03-01')],
    ['from November 2024 to February 2025', day('2024-11-01'), day('2025-03-01')],
    ['depuis 2025', day('2025-01-01'), UNTIL_NOW],
    ['since yesterday', day('2026-03-30'), UNTIL_NOW],
  ])('When staff ask "Combien de visiteurs %s ?", then the period is %s to %s', (words, from, to) => {
    expect(periodOf(`Combien de visiteurs ${words} ?`, NOW)).toEqual([from, to]);
  });

  it('When a date is French or English with a slash, then it is read day first, as staff write it', () => {
    expect(periodOf('How many visitors on 03/04/2025?', NOW)).toEqual([day('2025-04-03'), day('2025-04-04')]);
    expect(periodOf('Combien de visiteurs le 03/04/2025 ?', NOW)).toEqual([day('2025-04-03'), day('2025-04-04')]);
  });

  it('When a date is not a day the box counts, then it is said not understood rather than read as another', () => {
    expect(periodOf('Combien de visiteurs demain ?', NOW)).toEqual(['demain']);
    expect(periodOf('Combien de visiteurs le 2 mars à 14h ?', NOW)).toEqual(['2', 'mars', '14h']);
    expect(periodOf('Combien de visiteurs le 30 février ?', NOW)).toEqual(['30', 'février']);
    expect(periodOf('How many visitors between 9am and 5pm yesterday?', NOW)).toEqual(['between', '9am', '5pm']);
    expect(periodOf('Combien de visiteurs avant le 3 mars ?', NOW)).toEqual(['avant']);
  });

  it('When a question runs past the first 1,000 characters, then a date after them is said not understood', () => {
    const padding = ' '.repeat(1_000);
    expect(periodOf(`Combien de visiteurs le 3 mars ?`, NOW)).toEqual([day('2026-03-03'), day('2026-03-04')]);
    expect(periodOf(`Combien de visiteurs${padding} le 3 mars ?`, NOW)).toEqual(['3', 'mars']);
  });

  it('When it is just past midnight in Paris but still the day before in UTC, then "today" and "this month" are Paris days', () => {
    // 1 April 2026, 00:30 in Paris; 31 March, 22:30 UTC.
    const now = '2026-03-31T22:30:00Z';
    expect(periodOf("Combien de visiteurs aujourd'hui ?", now)).toEqual([day('2026-04-01'), '2026-04-01 00:31:00']);
    expect(periodOf('Combien de visiteurs ce mois-ci ?', now)).toEqual([day('2026-04-01'), '2026-04-01 00:31:00']);
    expect(periodOf('Combien de visiteurs le mois dernier ?', now)).toEqual([day('2026-03-01'), day('2026-04-01')]);
    expect(periodOf('Combien de visiteurs depuis le 1er mars ?', now)).toEqual([
      day('2026-03-01'),
      '2026-04-01 00:31:00',
    ]);
  });

  it('When the clocks go forward in Paris (29 March 2026), then days stay whole Paris days on either side', () => {
    // Sunday 29 March, 01:30 in Paris, before the change at 02:00.
    const before = '2026-03-29T00:30:00Z';
    expect(periodOf("Combien de visiteurs aujourd'hui ?", before)).toEqual([day('2026-03-29'), '2026-03-29 01:31:00']);
    expect(periodOf('Combien de visiteurs hier ?', before)).toEqual([day('2026-03-28'), day('2026-03-29')]);
    expect(periodOf('How many visitors since Monday?', before)).toEqual([day('2026-03-23'), '2026-03-29 01:31:00']);
    // Monday 30 March, 00:30 in Paris (summer time), still Sunday 22:30 in UTC.
    const after = '2026-03-29T22:30:00Z';
    expect(periodOf('Combien de visiteurs hier ?', after)).toEqual([day('2026-03-29'), day('2026-03-30')]);
    expect(periodOf('How many visitors last week?', after)).toEqual([day('2026-03-23'), day('2026-03-30')]);
    expect(periodOf('Combien de visiteurs il y a 2 jours ?', after)).toEqual([day('2026-03-28'), day('2026-03-29')]);
    expect(periodOf('How many visitors since Monday?', after)).toEqual([day('2026-03-30'), '2026-03-30 00:31:00']);
  });

  it('When the clocks go back in Paris (25 October 2026), then "yesterday" is that 25-hour day and "the last 7 days" end now', () => {
    // Monday 26 October, 00:30 in Paris (winter time), Sunday 23:30 in UTC.
    const now = '2026-10-25T23:30:00Z';
    expect(periodOf('How many visitors yesterday?', now)).toEqual([day('2026-10-25'), day('2026-10-26')]);
    expect(periodOf('Combien de visiteurs la semaine dernière ?', now)).toEqual([day('2026-10-19'), day('2026-10-26')]);
    expect(periodOf('Combien de visiteurs les 7 derniers jours ?', now)).toEqual([
      day('2026-10-20'),
      '2026-10-26 00:31:00',
    ]);
    expect(periodOf('Combien de visiteurs depuis dimanche ?', now)).toEqual([day('2026-10-25'), '2026-10-26 00:31:00']);
  });

  it('When chrono-node reads a question, then each day mention keeps its place in the question', () => {
    const question = "Combien de visiteurs entre le 1er janvier 2024 et aujourd'hui ?";
    const mentions = readDayMentions(question, new Date(NOW));
    expect(mentions.map((mention) => question.slice(mention.index, mention.end))).toEqual([
      '1er janvier 2024',
      "aujourd'hui",
    ]);
    expect(mentions.map(({ first, last, relative }) => ({ first, last, relative }))).toEqual([
      { first: '2024-01-01', last: '2024-01-01', relative: undefined },
      { first: '2026-03-31', last: '2026-03-31', relative: 'today' },
    ]);
  });
});
