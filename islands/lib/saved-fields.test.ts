import { describe, expect, it } from 'vitest';
import {
  forgetFields,
  readSavedFields,
  recordSentComplaint,
  SAVED_FORM_PREFIX,
  saveFields,
  sentComplaintNumber,
} from './saved-fields.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('saved form fields', () => {
  it('When fields are saved, then reading them back gives the strings of the asked fields only', () => {
    const storage = memoryStorage();
    saveFields('complaint', { nom: 'Durand', message: 'Bonjour', extra: 'x', count: 3 }, storage);
    expect(readSavedFields('complaint', ['nom', 'message', 'count'], storage)).toEqual({
      nom: 'Durand',
      message: 'Bonjour',
    });
  });

  it('When nothing or something unreadable is stored, then nothing is read', () => {
    const storage = memoryStorage();
    expect(readSavedFields('contact', ['nom'], storage)).toEqual({});
    storage.items.set(`${SAVED_FORM_PREFIX}contact`, '{not json');
    expect(readSavedFields('contact', ['nom'], storage)).toEqual({});
    storage.items.set(`${SAVED_FORM_PREFIX}contact`, '"text"');
    expect(readSavedFields('contact', ['nom'], storage)).toEqual({});
  });

  it('When the form is sent, then its fields are forgotten', () => {
    const storage = memoryStorage();
    saveFields('contact', { nom: 'Durand' }, storage);
    forgetFields('contact', storage);
    expect(readSavedFields('contact', ['nom'], storage)).toEqual({});
  });

  it('When the storage refuses, then the form goes on without it', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveFields('contact', { nom: 'x' }, refusing)).not.toThrow();
    expect(readSavedFields('contact', ['nom'], refusing)).toEqual({});
    expect(() => recordSentComplaint('SI-0000003', refusing)).not.toThrow();
    expect(sentComplaintNumber(refusing)).toBe('');
  });

  it('When a complaint was sent, then its claim number is there for the confirmation page', () => {
    const storage = memoryStorage();
    expect(sentComplaintNumber(storage)).toBe('');
    recordSentComplaint('SI-0000003', storage);
    expect(sentComplaintNumber(storage)).toBe('SI-0000003');
  });
});
