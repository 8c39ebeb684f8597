import { describe, expect, it } from 'vitest';
import { SECURITY_EVENT_KINDS } from '../../server/security/security-events.ts';
import { t } from '../lib/texts.ts';
import { SECURITY_EVENT_LABELS } from './security-event-labels.ts';

describe('security event labels', () => {
  it('When the server records a kind of security event, then the dashboard names it in French, each kind its own name', () => {
    const missing = SECURITY_EVENT_KINDS.filter((kind) => SECURITY_EVENT_LABELS[kind] === undefined);
    expect(missing, 'add these kinds to backoffice/dashboard/security-event-labels.ts').toEqual([]);
    const names = SECURITY_EVENT_KINDS.map((kind) => t(SECURITY_EVENT_LABELS[kind] ?? 'common.error'));
    expect(new Set(names).size).toBe(SECURITY_EVENT_KINDS.length);
    for (const name of names) expect(name).not.toMatch(/^dashboard\.|^Erreur$/);
  });

  it('When a label names a kind, then the server still has that kind', () => {
    const known: readonly string[] = SECURITY_EVENT_KINDS;
    expect(Object.keys(SECURITY_EVENT_LABELS).filter((kind) => !known.includes(kind))).toEqual([]);
  });
});
