import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ClaimNumberSchema, TypedClaimNumberSchema } from './claim-number-schema.ts';
import {
  claimNumberOf,
  findClaimNumber,
  isClaimNumber,
  replaceClaimNumbers,
  splitAtClaimNumbers,
  startsAsClaimNumber,
} from './claim-number.ts';

describe('claim number', () => {
  it('When a text is cut around its claim numbers, then they stand at the odd places, whole', () => {
    expect(splitAtClaimNumbers('Dossier SI-0000003 reçu, voir SI-1234567')).toEqual([
      'Dossier ',
      'SI-0000003',
      ' reçu, voir ',
      'SI-1234567',
      '',
    ]);
    expect(splitAtClaimNumbers('Votre message')).toEqual(['Votre message']);
  });

  it('When a sequence number is given, then it is written SI- and seven digits', () => {
    expect(claimNumberOf(3)).toBe('SI-0000003');
    expect(claimNumberOf(9_999_999)).toBe('SI-9999999');
  });

  it('When the API reads a number, then it is trimmed and must be SI- and seven digits', () => {
    expect(z.parse(ClaimNumberSchema, ' SI-0000003 ')).toBe('SI-0000003');
    for (const bad of ['SI-1', 'SI-00000031', 'si-0000003', 'SO-0000003', 'SI-000000a'])
      expect(z.safeParse(ClaimNumberSchema, bad).success).toBe(false);
  });

  it('When a visitor types a number in a form, then it is trimmed and read in capitals', () => {
    expect(z.parse(TypedClaimNumberSchema, ' si-0000003 ')).toBe('SI-0000003');
    for (const bad of ['si-1', 'SI-00000031', 'so-0000003', 'SI-000000a'])
      expect(z.safeParse(TypedClaimNumberSchema, bad).success).toBe(false);
  });

  it('When a visitor types a number, then its case is ignored', () => {
    expect(isClaimNumber('si-0000003')).toBe(true);
    expect(isClaimNumber('SI-3')).toBe(false);
    expect(startsAsClaimNumber('si-12')).toBe(true);
    expect(startsAsClaimNumber('SO-12')).toBe(false);
  });

  it('When a message holds a claim number, then it is found', () => {
    expect(findClaimNumber('Un sinistre SI-0000003 existe déjà.')).toBe('SI-0000003');
    expect(findClaimNumber('Aucun numéro')).toBeUndefined();
  });

  it('When a text holds claim numbers, then each is replaced, case aside', () => {
    expect(replaceClaimNumbers('/sinistres/si-0000003 and SI-0000008', (found) => `<${found}>`)).toBe(
      '/sinistres/<si-0000003> and <SI-0000008>',
    );
  });
});
