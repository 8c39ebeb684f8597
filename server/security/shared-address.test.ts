import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { PARTNER_API_BASE, SinistresCreatedAnswerSchema } from '../../contracts/partner-api.ts';
import { rateLimitHits } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { seedDemoData } from '../demo/seed.ts';
import { DECLARATIONS_PER_ADDRESS } from '../customer-api/claims/routes.ts';
import { postDeclaration, startClaimsApp, validDeclaration } from '../customer-api/claims/test-support.ts';
import { LOOKUPS_PER_ADDRESS } from '../customer-api/insured/routes.ts';
import { createFakeSite, type RunningApp } from '../test-support.ts';

/**
 * The per-address limits fit real traffic. 200 guests of one campsite (or of one
 * carrier NAT) reach the portal from one public address, each with their own insured number; an
 * attacker from one address tries numbers. The first must all pass, the second must be stopped.
 */

/** The campsite's public address, as the trusted proxy reports it. */
const CAMPSITE = '203.0.113.50';
const GUESTS = 200;
/** Subscriptions made for the guests (and two more), copies of the demo's generic SO-0000010 (id 1020). */
const FIRST_GUEST_SUBSCRIPTION = 70_001;

function guestNumber(guest: number): string {
  return `SO-NAT-${String(guest).padStart(4, '0')}`;
}

describeWithDatabases('per-address limits behind one shared address', (context) => {
  let site: ReturnType<typeof createFakeSite>;
  let app: RunningApp;

  beforeAll(async () => {
    const { db } = context.database;
    await seedDemoData(db);
    await db.execute(sql`
      insert into subscriptions (souscription_id, contrat_compagnie_id, assure_numero, assure_nom, assure_prenom,
        assure_email, assure_adresse, assure_cp, assure_ville, assure_pays, assure_telephone, destination_nom,
        sejour_debut_date, sejour_fin_date, garantie_id, acquisition_from)
      select ${FIRST_GUEST_SUBSCRIPTION - 1} + guest, contrat_compagnie_id, 'SO-NAT-' || lpad(guest::text, 4, '0'),
        assure_nom, assure_prenom, 'guest' || guest || '@example.com', assure_adresse, assure_cp, assure_ville,
        assure_pays, assure_telephone, destination_nom, sejour_debut_date, sejour_fin_date, garantie_id,
        acquisition_from
      from subscriptions, generate_series(1, ${GUESTS + 2}) as guest where souscription_id = 1020`);
    await db.execute(sql`
      insert into subscription_guarantees (souscription_id, guarantee_id)
      select ${FIRST_GUEST_SUBSCRIPTION - 1} + guest, guarantee_id
      from subscription_guarantees, generate_series(1, ${GUESTS + 2}) as guest where souscription_id = 1020`);
    site = createFakeSite();
    app = await startClaimsApp(context.database, site.staticDir, { config: { TRUST_PROXY: '1' } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });

  async function lookUp(numero: string, client = CAMPSITE): Promise<number> {
    const url = new URL(`${PARTNER_API_BASE}/infos_dossier`, app.baseUrl);
    url.search = new URLSearchParams({ numero, lang: 'fr' }).toString();
    const response = await fetch(url, { headers: { 'X-Forwarded-For': client } });
    await response.body?.cancel();
    return response.status;
  }

  async function followUp(numero: string): Promise<number> {
    const url = new URL(`${PARTNER_API_BASE}/sinistres`, app.baseUrl);
    url.search = new URLSearchParams({ dossier_numero: numero, dossier_nom: 'Lefèvre', lang: 'fr' }).toString();
    const response = await fetch(url, { headers: { 'X-Forwarded-For': CAMPSITE } });
    await response.body?.cancel();
    return response.status;
  }

  /** A valid declaration of `guest`'s own subscription. */
  function declarationOf(guest: number): Record<string, string> {
    return validDeclaration(10, {
      souscription_id: String(FIRST_GUEST_SUBSCRIPTION - 1 + guest),
      assure_numero: guestNumber(guest),
      assure_email: `guest${guest}@example.com`,
    });
  }

  /** One guest's visit: a typo now and then, the look-up, a retry, the declaration (sent twice), the follow-up. */
  async function journey(guest: number): Promise<Record<string, number>> {
    const numero = guestNumber(guest);
    const statuses: Record<string, number> = {};
    // One guest in ten first types a neighbour's digit: an unknown number.
    if (guest % 10 === 0) statuses['typo'] = await lookUp(`SO-NAT-X${guest}`);
    statuses['lookUp'] = await lookUp(numero);
    statuses['retry'] = await lookUp(numero);
    const declaration = declarationOf(guest);
    const key = randomBytes(18).toString('base64url');
    const headers = { 'X-Forwarded-For': CAMPSITE };
    const declared = await postDeclaration(app.baseUrl, declaration, key, { headers });
    statuses['declare'] = declared.status;
    // A double click: the same key, the same claim, nothing more counted.
    statuses['declareAgain'] = (await postDeclaration(app.baseUrl, declaration, key, { headers })).status;
    const claimNumber = SinistresCreatedAnswerSchema.safeParse(declared.body).data?.data.numero_sinistre ?? '';
    statuses['followUp'] = await followUp(claimNumber);
    return statuses;
  }

  it('When 200 guests behind one address each look up their number, retry, declare and follow their claim, then none is refused', async () => {
    const refused: string[] = [];
    // Ten guests at a time, as they would arrive together at the reception's Wi-Fi.
    for (let first = 1; first <= GUESTS; first += 10) {
      const visits = await Promise.all(Array.from({ length: 10 }, (_, index) => journey(first + index)));
      visits.forEach((statuses, index) => {
        for (const [step, status] of Object.entries(statuses)) {
          const expected = step === 'typo' ? 404 : 200;
          if (status !== expected) refused.push(`guest ${first + index} ${step}: ${status}`);
        }
      });
    }
    expect(refused).toEqual([]);
  }, 300_000);

  it('When one address tries random insured numbers, then it is refused after the failure limit, while a guest elsewhere still finds theirs', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < LOOKUPS_PER_ADDRESS.limit + 5; guess++)
      statuses.push(await lookUp(`SO-${randomBytes(4).toString('hex').toUpperCase()}`, '198.51.100.66'));

    expect(statuses.slice(0, LOOKUPS_PER_ADDRESS.limit).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(LOOKUPS_PER_ADDRESS.limit)).toEqual(new Array(5).fill(429));
    // Even a real number is refused to that address now, but not to the campsite.
    expect(await lookUp(guestNumber(1), '198.51.100.66')).toBe(429);
    expect(await lookUp(guestNumber(1))).toBe(200);
  });

  it('When an address reaches the declaration limit, then a new claim is refused but a retried submit still gets its claim number', async () => {
    const client = { 'X-Forwarded-For': '192.0.2.77' };
    const declaration = declarationOf(GUESTS + 1);
    const key = randomBytes(18).toString('base64url');
    const first = await postDeclaration(app.baseUrl, declaration, key, { headers: client });
    expect(first.status).toBe(200);
    // The rest of the hour's allowance is spent by this address (as many submits would).
    await context.database.db.execute(sql`update rate_limit_hits set count = ${DECLARATIONS_PER_ADDRESS.limit}
      where bucket like ${`${DECLARATIONS_PER_ADDRESS.name}:%`}`);

    const retried = await postDeclaration(app.baseUrl, declaration, key, { headers: client });
    const another = await postDeclaration(
      app.baseUrl,
      declarationOf(GUESTS + 2),
      randomBytes(18).toString('base64url'),
      {
        headers: { ...client, 'Accept-Language': 'en' },
      },
    );

    expect(retried.status).toBe(200);
    expect(SinistresCreatedAnswerSchema.parse(retried.body).data.numero_sinistre).toBe(
      SinistresCreatedAnswerSchema.parse(first.body).data.numero_sinistre,
    );
    expect(another.status).toBe(429);
    expect(another.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
