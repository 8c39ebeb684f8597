import type { ClaimInfo } from '../../../contracts/partner-api.ts';

/** The logic tests' claims (claim-view, whose-turn, claim-update): the part of `infos_sinistre` they read. */

export type ProofData = ClaimInfo['justificatifs_manquants'][string]['data_mysql'];

/** A proof `id` named "Document id", requested and not sent unless `flags` say otherwise. */
export function proof(
  id: number,
  flags: Partial<Pick<ProofData, 'demande' | 'dropbox' | 'valide' | 'refus_date' | 'refus_motif'>>,
): ProofData {
  return {
    id,
    demande: 1,
    dropbox: 0,
    valide: 0,
    nom_court: `Document ${id}`,
    nom_fichier: '',
    taille: 0,
    creation_date: '2026-11-04T09:12:00.000Z',
    ...flags,
  };
}

/** A claim in `etat` with `proofs`, and an unread item when `unread` says when it came. */
export function claim(etat: string, proofs: ProofData[], unread: ClaimInfo['a_justificatif_non_lu'] = false) {
  return {
    etat,
    a_justificatif_non_lu: unread,
    justificatifs_manquants: Object.fromEntries(proofs.map((item) => [String(item.id), { data_mysql: item }])),
  };
}

export const SENT = { dropbox: 1 } as const;
export const VALIDATED = { dropbox: 1, valide: 1 } as const;
/** Refused by staff on 2 December and asked again (dropbox back to 0), with their reason. */
export const REFUSED = {
  dropbox: 0,
  refus_date: '2026-12-02T09:30:00.000Z',
  refus_motif: 'Document illisible',
} as const;
