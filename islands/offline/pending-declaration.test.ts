import { describe, expect, it } from 'vitest';
import { completeDraft } from '../declaration/logic/test-fixtures.ts';
import {
  afterAnswer,
  isPendingDeclaration,
  newPendingDeclaration,
  outcomeOf,
  type PendingDeclaration,
  recordToShow,
  retryDelayMs,
} from './pending-declaration.ts';

const NOW = Date.UTC(2026, 10, 26, 22, 0, 0);

function kept(overrides: Partial<PendingDeclaration> = {}): PendingDeclaration {
  return {
    ...newPendingDeclaration({
      draft: completeDraft({ idempotencyKey: 'key-aaaaaaaaaaaaaaaa' }),
      fields: { assure_nom: 'DUPONT', justificatifs: '[3,"x",7]', lang: 'fr' },
      url: '/partenaire/api/v2/declare/sinistres',
      company: 'veligo',
      lang: 'fr',
      now: NOW,
    }),
    ...overrides,
  };
}

const success = (body: unknown, status = 200) => ({ answered: true as const, status, body });

describe('A declaration kept on the device until the network is back', () => {
  it('When a declaration is kept, then it holds the whole draft, its key, the documents it announced and waits', () => {
    const record = kept();
    expect(record).toMatchObject({
      idempotencyKey: 'key-aaaaaaaaaaaaaaaa',
      announcedDocuments: [3, 7],
      state: 'waiting',
      attempts: 0,
      lastAttemptAt: null,
      company: 'veligo',
    });
    expect(record.draft.idempotencyKey).toBe(record.idempotencyKey);
    expect(isPendingDeclaration(JSON.parse(JSON.stringify(record)))).toBe(true);
  });

  it('When a stored value is of another version or damaged, then it is not read as a kept declaration', () => {
    expect(isPendingDeclaration({ ...kept(), version: 2 })).toBe(false);
    expect(isPendingDeclaration({ ...kept(), state: 'lost' })).toBe(false);
    expect(isPendingDeclaration(null)).toBe(false);
    expect(isPendingDeclaration('text')).toBe(false);
  });

  it('When the server answers the claim number and a follow-up token, then the declaration is sent with that number, date and token', () => {
    const token = 'A'.repeat(43);
    const outcome = outcomeOf(
      success({
        status: 'success',
        data: { numero_sinistre: 'SI-0000042', declaration_date: '2026-11-26T22:00:00.000Z', hash: token },
      }),
    );
    expect(outcome).toEqual({
      kind: 'sent',
      claimNumber: 'SI-0000042',
      declarationDate: '2026-11-26T22:00:00.000Z',
      followUpToken: token,
    });
    expect(afterAnswer(kept(), outcome, NOW + 1)).toMatchObject({
      state: 'sent',
      claimNumber: 'SI-0000042',
      followUpToken: token,
      lastAttemptAt: NOW + 1,
    });
  });

  it('When the answer carries no token, or not a token, then the declaration is sent and the claimant waits for the mail', () => {
    for (const hash of [undefined, 'short', '<script>'.repeat(4)]) {
      const outcome = outcomeOf(
        success({
          status: 'success',
          data: { numero_sinistre: 'SI-0000042', declaration_date: '2026-11-26T22:00:00.000Z', hash },
        }),
      );
      expect(outcome).toMatchObject({ kind: 'sent', followUpToken: '' });
    }
  });

  it('When nothing answers, a gateway fails, the server is busy or a Wi-Fi login page answers 200, then it keeps waiting and counts the try', () => {
    for (const answer of [
      { answered: false as const },
      success(undefined, 502),
      success(undefined, 503),
      success(undefined, 504),
      success({ status: 'error', message: 'Trop de demandes' }, 429),
      success(undefined, 408),
      success(undefined, 200),
      success({ status: 'success', data: { numero_sinistre: 'not-a-number' } }),
    ]) {
      const outcome = outcomeOf(answer);
      expect(outcome, JSON.stringify(answer)).toEqual({ kind: 'unreachable' });
      expect(afterAnswer(kept({ attempts: 2 }), outcome, NOW)).toMatchObject({ state: 'waiting', attempts: 3 });
    }
  });

  it('When the API answers 200 with a status other than success, then it is a refusal with its message, never sent again by itself', () => {
    const outcome = outcomeOf(success({ status: 'error', message: 'Contrat résilié' }, 200));
    expect(outcome).toEqual({
      kind: 'refused',
      refusal: { status: 200, code: '', message: 'Contrat résilié', fields: [] },
    });
    expect(afterAnswer(kept(), outcome, NOW).state).toBe('refused');
  });

  it('When the server fails on it (500), then it is a server error, and a kept declaration still waits', () => {
    const outcome = outcomeOf(success({ status: 'error', message: 'Internal server error' }, 500));
    expect(outcome).toEqual({ kind: 'server-error', status: 500 });
    expect(afterAnswer(kept(), outcome, NOW).state).toBe('waiting');
  });

  it('When the server refuses it (4xx), then it waits for the visitor with the server message and field messages', () => {
    const outcome = outcomeOf(
      success(
        {
          status: 'error',
          message: 'Votre déclaration n’a pas été acceptée',
          code: 'invalid_request',
          fields: { assure_email: 'Email non valide', sinistre_date: 'Date invalide' },
        },
        400,
      ),
    );
    expect(outcome).toEqual({
      kind: 'refused',
      refusal: {
        status: 400,
        code: 'invalid_request',
        message: 'Votre déclaration n’a pas été acceptée',
        fields: ['Email non valide', 'Date invalide'],
      },
    });
    expect(afterAnswer(kept(), outcome, NOW)).toMatchObject({ state: 'refused', attempts: 0 });
    expect(outcomeOf(success({ status: 'error', message: 'Déjà', code: 'claim_exists' }, 409))).toMatchObject({
      kind: 'refused',
      refusal: { status: 409, code: 'claim_exists', fields: [] },
    });
  });

  it('When tries keep failing, then a page left open waits 30 s, then twice as long each time, at most 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([
      30_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000,
    ]);
  });

  it('When several declarations are kept, then the newest not refused is the one shown, else the newest refused', () => {
    const older = kept({ idempotencyKey: 'older', savedAt: NOW - 10 });
    const refused = kept({ idempotencyKey: 'refused', savedAt: NOW, state: 'refused' });
    expect(recordToShow([older, refused])?.idempotencyKey).toBe('older');
    expect(recordToShow([refused])?.idempotencyKey).toBe('refused');
    expect(recordToShow([])).toBeUndefined();
  });
});
