import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../contracts/languages.ts';
import { messagesUnder } from '../../../site/i18n/index.ts';
import { createTranslator } from '../../lib/translate.ts';
import { findNumberFailureMessage } from './find-number-failure.ts';

describe('Find-my-number says when the network or the server fails', () => {
  it.each(LANGUAGES)(
    'When no answer comes or the server fails without a message (%s), then the forms’ server error shows, never “no number found”',
    (lang) => {
      const t = createTranslator(messagesUnder(lang, ['forms']), lang);
      const serverError = t('forms.serverError');
      expect(serverError).not.toBe('forms.serverError');
      for (const failure of [
        { ok: false, kind: 'network' },
        { ok: false, kind: 'http', status: 500, error: undefined },
        { ok: false, kind: 'http', status: 503, error: undefined },
        { ok: false, kind: 'invalid', status: 200 },
      ] as const)
        expect(findNumberFailureMessage(failure, t)).toBe(serverError);
      expect(serverError).not.toBe(t('forms.find.notFound'));
    },
  );

  it('When the server gives its own message, then that message shows, whatever the status', () => {
    const t = createTranslator(messagesUnder('fr', ['forms']), 'fr');
    for (const status of [400, 429, 500, 502]) {
      const message = `Le service des attestations est en maintenance (${status}).`;
      expect(
        findNumberFailureMessage({ ok: false, kind: 'http', status, error: { status: 'error', message } }, t),
      ).toBe(message);
    }
  });

  it('When the server refuses without a message, then the specification’s default text shows (the wait for a 429)', () => {
    const t = createTranslator(messagesUnder('fr', ['forms']), 'fr');
    expect(findNumberFailureMessage({ ok: false, kind: 'http', status: 404, error: undefined }, t)).toBe(
      'Erreur\u00a0: Nous ne retrouvons aucun numéro avec les informations soumises. Veuillez vérifier vos informations.',
    );
    expect(findNumberFailureMessage({ ok: false, kind: 'http', status: 429, error: undefined }, t)).toBe(
      t('forms.rateLimited'),
    );
  });
});
