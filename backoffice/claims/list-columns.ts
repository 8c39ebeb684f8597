import type { ClaimListItem } from '../../contracts/backoffice.ts';
import { type TextKey, t } from '../lib/texts.ts';
import type { Filters } from './use-claims-list.ts';

/**
 * The columns of 'Tous les sinistres': spec 3's five (ID, Numéro sinistre, ID socket création, Nom,
 * Création, each with its filter), then the state, brand, missing documents and age.
 * 'ID socket création' is the key of the visitor session that declared the claim (the activity
 * record's `socket_id`): each opens that session's journey in Activités, which is what it is for.
 * A technical key staff rarely need while handling a claim: hidden until chosen (and shown while
 * its filter holds something). The choice is kept in this browser.
 */
export type ColumnKey = 'id' | 'numero' | 'socketId' | 'nom' | 'created' | 'etat' | 'brand' | 'missing' | 'age';

export interface ClaimColumn {
  key: ColumnKey;
  label: TextKey;
  /** The list filter of this column (spec 3's columns only). */
  filter?: keyof Filters;
  /** What the column holds and is for, said under its title. */
  help?: TextKey;
}

export const CLAIM_COLUMNS: readonly ClaimColumn[] = [
  { key: 'id', label: 'common.id', filter: 'id' },
  { key: 'numero', label: 'claims.list.columns.number', filter: 'numero' },
  { key: 'socketId', label: 'claims.list.columns.socket', filter: 'socketId', help: 'claims.list.columns.socketHelp' },
  { key: 'nom', label: 'claims.list.columns.name', filter: 'nom' },
  { key: 'created', label: 'common.created', filter: 'created' },
  { key: 'etat', label: 'claims.list.columns.state' },
  { key: 'brand', label: 'claims.list.columns.brand' },
  { key: 'missing', label: 'claims.list.columns.missing' },
  { key: 'age', label: 'claims.list.columns.age' },
];

const HIDDEN_BY_DEFAULT: readonly ColumnKey[] = ['socketId'];
const STORAGE_KEY = 'bo.claims.columns';

/** The columns shown: the staff member's choice in this browser, else all but 'ID socket création'. */
export function readShownColumns(): Set<ColumnKey> {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (Array.isArray(saved)) {
      const keys = CLAIM_COLUMNS.map((column) => column.key);
      return new Set(saved.filter((key): key is ColumnKey => keys.includes(key)));
    }
  } catch {
    // A broken or refused storage: the defaults.
  }
  return new Set(CLAIM_COLUMNS.map((column) => column.key).filter((key) => !HIDDEN_BY_DEFAULT.includes(key)));
}

export function saveShownColumns(shown: ReadonlySet<ColumnKey>): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify([...shown]));
  } catch {
    // Not kept: the choice holds for this page only.
  }
}

/** "2 : Facture, RIB", or "Aucun". */
export function missingText(claim: ClaimListItem): string {
  return claim.missing.length === 0
    ? t('claims.list.noneMissing')
    : t('claims.list.missingCount', { count: claim.missing.length, names: claim.missing.join(', ') });
}
