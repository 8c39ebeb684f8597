import { describe, expect, it } from 'vitest';
import { apiMessages, commonMessages, translate } from './messages.ts';

describe('Server messages (locales/<lang>/api.json)', () => {
  it('When a message is read, then it is in the asked language', () => {
    expect(translate(commonMessages, 'invalid_request', 'de')).toBe('Einige Angaben fehlen oder sind fehlerhaft.');
  });

  it('When a message has a placeholder, then it is filled', () => {
    expect(translate(commonMessages, 'field_too_long', 'en', { max: 120 })).toBe(
      'This field is too long (120 characters at most)',
    );
  });

  it('When a group is read, then each of its keys maps to its full key', () => {
    expect(apiMessages('faq')).toEqual({ unknown_question: 'faq.unknown_question' });
  });
});
