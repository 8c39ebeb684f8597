import type { claims } from '../../db/schema.ts';

/**
 * A claim of the demo's DURAND on subscription 1010 (contract 1201), as the tests of staff changes
 * insert it; `overrides` sets what a test needs otherwise (language, address, brand).
 */
export function durandClaimValues(overrides: Partial<typeof claims.$inferInsert> = {}): typeof claims.$inferInsert {
  return {
    souscriptionId: 1010,
    contratCompagnieId: 1201,
    assureNumero: 'SO-0000007',
    assureNom: 'DURAND',
    assurePrenom: 'Isabelle',
    assureEmail: 'isabelle.durand@example.org',
    assureAdresse: '19 rue Nationale',
    assureCp: '59000',
    assureVille: 'Lille',
    assurePays: '250',
    assureTelephone: '0320123456',
    sinistreDate: '2026-07-21',
    motifId: 6,
    garantieId: 5,
    lang: 'fr',
    acquisitionMethode: 'portail_yelloh_mail',
    ...overrides,
  };
}
