import { utcDayOf } from '../../../contracts/dates.ts';
import type { AddressInfo } from 'node:net';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import { parseBrandModules } from '../../../brands/lib/parse.ts';
import type { BrandInput } from '../../../brands/lib/schema.ts';
import type { ClaimDeclarationInput } from '../../../contracts/partner-api.ts';
import { PARTNER_API_BASE } from '../../../contracts/partner-api.ts';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createLogger, type Logger } from '../../logger.ts';
import type { RunningApp } from '../../test-support.ts';

/** Shared by the claims tests and the bench: brands, valid declarations, a running app. */

function brand(name: string, logo: string, declaration: BrandInput['declaration'] = {}): BrandInput {
  return {
    name,
    logo,
    theme: { primary: '#1f4e8c', onPrimary: '#ffffff', primaryDark: '#153a6b', accent: '#f2a93b', tint: '#eef3fa' },
    support: [{ line: 'FR', phone: '+33 1 84 88 40 10' }],
    declaration,
  };
}

/**
 * The neutral brand and three partners whose rules differ: `bikeco` (no booking section, no
 * contract dates, no cancellation checkbox, like zenride), `velo` (label id 14, like veligo) and
 * `campings` (forced client id 7549, like homair).
 */
export function createClaimsTestCatalog(): BrandCatalog {
  return parseBrandModules(
    {
      'brands/_default.ts': { default: brand('Neutral Test', 'default.svg') },
      'brands/bikeco.ts': {
        default: brand('Bikeco Test', 'bikeco.svg', {
          bookingSection: 'hidden',
          contractDatesRequired: false,
          cancellationCheckbox: false,
        }),
      },
      'brands/velo.ts': {
        default: { ...brand('Velo Test', 'velo.svg', { amountField: false, labelId: 14 }), formerSlugs: ['oldvelo'] },
      },
      'brands/campings.ts': { default: brand('Campings Test', 'campings.svg', { forcedClientId: 7549 }) },
    },
    new Set(['default.svg', 'bikeco.svg', 'velo.svg', 'campings.svg']),
  );
}

/** `yyyy-mm-dd` of `days` days from now (UTC). */
export function isoDay(days: number, now: Date = new Date()): string {
  return utcDayOf(now.getTime() + days * 24 * 60 * 60_000);
}

/** `dd/mm/yyyy` of `days` days from now (UTC). */
export function frenchDay(days: number, now: Date = new Date()): string {
  const [year, month, day] = isoDay(days, now).split('-');
  return `${day}/${month}/${year}`;
}

/** Demo subscription id of the generic insured number SO-00000`n` (10 … 29). */
function genericSubscription(n: number): { souscription_id: string; assure_numero: string } {
  if (n < 10 || n > 29) throw new RangeError(`SO-00000${n} is not one of the generic demo numbers`);
  return { souscription_id: String(1020 + n - 10), assure_numero: `SO-${String(n).padStart(7, '0')}` };
}

/** Contract of the generic demo subscriptions (campsites, any brand). */
const GENERIC_CONTRACT_ID = '1201';

/**
 * A valid declaration (as form fields) on the generic demo subscription SO-00000`n`: a
 * non-cancellation claim (group 12, "interruption", reason 18) dated yesterday, stay from
 * yesterday to a week later, in French on the neutral brand.
 */
export function validDeclaration(
  n: number,
  overrides: Partial<Record<keyof ClaimDeclarationInput, string>> = {},
): Record<string, string> {
  return {
    ...genericSubscription(n),
    contrat_compagnie_id: GENERIC_CONTRACT_ID,
    assure_nom: 'Lefèvre',
    assure_prenom: 'Anaïs',
    assure_email: `anais.lefevre.${n}@example.com`,
    assure_adresse: '3 rue des Tilleuls',
    assure_cp: '69003',
    assure_ville: 'Lyon',
    assure_pays: '250',
    assure_telephone: '0611223344',
    destination_nom: 'Camping Les Pins',
    sejour_debut_date: isoDay(-1),
    sejour_fin_date: isoDay(6),
    sinistre_date: frenchDay(-1),
    sejour_montant: '640,50',
    motif_id: '18',
    justificatifs: '[1, 11]',
    garantie_type: '12',
    declaration_commentaire: 'Rapatriée après une chute.',
    lang: 'fr',
    acquisition_methode: 'portail__mail',
    ...overrides,
  };
}

/** POSTs a declaration, urlencoded by default, with an `Idempotency-Key` unless `key` is null. */
export async function postDeclaration(
  baseUrl: string,
  fields: Record<string, string>,
  key: string | null,
  options: { multipart?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  let body: URLSearchParams | FormData;
  if (options.multipart) {
    body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
  } else {
    body = new URLSearchParams(fields);
  }
  const response = await fetch(`${baseUrl}${PARTNER_API_BASE}/sinistres`, {
    method: 'POST',
    body,
    headers: { ...(key === null ? {} : { 'Idempotency-Key': key }), ...options.headers },
  });
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
}

/** Starts the real app on a free loopback port with `brands`, serving `database` (left open on close). */
export async function startClaimsApp(
  database: Database,
  staticDir: string,
  options: { brands?: BrandCatalog; logger?: Logger; config?: Record<string, string | undefined> } = {},
): Promise<RunningApp> {
  const app = createApp({
    config: loadConfig(options.config ?? {}),
    logger: options.logger ?? createLogger('silent'),
    brands: options.brands ?? createClaimsTestCatalog(),
    database,
    staticDir,
  });
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = app.httpServer.address() as AddressInfo;
  return { ...app, database, baseUrl: `http://127.0.0.1:${port}` };
}
