import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadBrands } from '../../../brands/index.ts';
import {
  ErrorAnswerSchema,
  InfosDossierAnswerSchema,
  LienPartenaireAnswerSchema,
  PARTNER_API_BASE,
} from '../../../contracts/partner-api.ts';
import { claims, rateLimitHits } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { createFakeSite, type RunningApp } from '../../test-support.ts';
import { startClaimsApp } from '../claims/test-support.ts';
import { signPartnerLink } from './partner-link.ts';
import { LOOKUPS_PER_ADDRESS } from './routes.ts';

describeWithDatabases('POST lien_partenaire over HTTP', { demo: true }, (context) => {
  let site: ReturnType<typeof createFakeSite>;
  let app: RunningApp;
  const veligoKey = randomBytes(32);
  const sandayaKey = randomBytes(32);
  const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

  beforeAll(async () => {
    site = createFakeSite();
    app = await startClaimsApp(context.database, site.staticDir, {
      brands: await loadBrands(),
      config: {
        TRUST_PROXY: '1',
        PARTNER_LINK_KEYS: `veligo:${veligoKey.toString('base64')},sandaya:${sandayaKey.toString('base64')}`,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });

  async function openLink(fields: Record<string, string>, client = '203.0.113.7') {
    const response = await fetch(`${app.baseUrl}${PARTNER_API_BASE}/lien_partenaire`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': client },
      body: new URLSearchParams(fields),
    });
    return {
      status: response.status,
      cache: response.headers.get('cache-control'),
      body: (await response.json()) as unknown,
    };
  }

  async function lookUp(numero: string, lang: string) {
    const url = new URL(`${PARTNER_API_BASE}/infos_dossier`, app.baseUrl);
    url.search = new URLSearchParams({ numero, lang }).toString();
    const response = await fetch(url, { headers: { 'X-Forwarded-For': '203.0.113.250' } });
    return (await response.json()) as unknown;
  }

  it('When a valid veligo link is opened on veligo, then the answer is the look-up of its number with the identity filled in, never cached', async () => {
    const jeton = signPartnerLink({ brand: 'veligo', number: 'SO-0000025', exp: inOneHour(), lang: 'en' }, veligoKey);
    const answer = await openLink({ jeton, marque: 'veligo', lang: 'en' });
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe('no-store');
    const [linked] = LienPartenaireAnswerSchema.parse(answer.body).data;
    expect(linked?.assure_numero).toBe('SO-0000025');
    // The signed link proves possession: the holder's details come, which the anonymous look-up masks.
    expect(linked?.assure_nom).not.toBe('');
    expect(linked?.assure_email).toContain('@');
    const [anonymous] = InfosDossierAnswerSchema.parse(await lookUp('SO-0000025', 'en')).data;
    expect(anonymous?.assure_nom).toBe('');
    expect({ ...linked, ...anonymous }).toEqual({ ...anonymous });
    expect(linked?.assure_nom_masque).toBe(anonymous?.assure_nom_masque);
  });

  it('When a link is expired, altered, of another brand or malformed, then 400 says so in the visitor’s language, and nothing is written', async () => {
    const claimsBefore = await context.database.db.$count(claims);
    const expired = signPartnerLink({ brand: 'veligo', number: 'SO-0000025', exp: inOneHour() - 7200 }, veligoKey);
    const expiredAnswer = await openLink({ jeton: expired, marque: 'veligo', lang: 'de' });
    expect(expiredAnswer.status).toBe(400);
    expect(ErrorAnswerSchema.parse(expiredAnswer.body)).toMatchObject({
      code: 'expired_partner_link',
      message: 'Dieser Link ist abgelaufen: Geben Sie Ihre Versichertennummer ein, um fortzufahren.',
    });

    const valid = signPartnerLink({ brand: 'veligo', number: 'SO-0000025', exp: inOneHour() }, veligoKey);
    const [payload = '', signature = ''] = valid.split('.');
    const otherNumber = Buffer.from(
      JSON.stringify({ brand: 'veligo', number: 'SO-0000026', exp: inOneHour() }),
    ).toString('base64url');
    const refused = [
      {
        jeton: `${payload}.${signature.slice(0, 10)}${signature[10] === 'x' ? 'y' : 'x'}${signature.slice(11)}`,
        marque: 'veligo',
      },
      { jeton: `${otherNumber}.${signature}`, marque: 'veligo' },
      // Sandaya's own link, shown on veligo's page; veligo's link on sandaya's.
      {
        jeton: signPartnerLink({ brand: 'sandaya', number: 'SO-0000025', exp: inOneHour() }, sandayaKey),
        marque: 'veligo',
      },
      { jeton: valid, marque: 'sandaya' },
      // A brand without key (zenride), and the neutral brand's page.
      {
        jeton: signPartnerLink({ brand: 'zenride', number: 'SO-0000025', exp: inOneHour() }, veligoKey),
        marque: 'zenride',
      },
      { jeton: 'not-a-token', marque: 'veligo' },
      { jeton: `${'A'.repeat(600)}.${signature}`, marque: 'veligo' },
    ];
    for (const fields of refused) {
      const answer = await openLink({ ...fields, lang: 'fr' });
      expect(answer.status, fields.jeton).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body)).toMatchObject({
        code: 'invalid_partner_link',
        message: 'Ce lien n’est pas valable\u00a0: saisissez votre N° d’assuré pour continuer.',
      });
      expect(JSON.stringify(answer.body)).not.toContain('SO-0000025');
    }
    expect(await context.database.db.$count(claims)).toBe(claimsBefore);
  });

  it('When a signed number is unknown, then 404 as for a typed one', async () => {
    const jeton = signPartnerLink({ brand: 'veligo', number: 'SO-9999999', exp: inOneHour() }, veligoKey);
    const answer = await openLink({ jeton, marque: 'veligo', lang: 'fr' });
    expect(answer.status).toBe(404);
    expect(ErrorAnswerSchema.parse(answer.body).code).toBe('unknown_insured_number');
  });

  it(`When one address sends ${LOOKUPS_PER_ADDRESS.limit} refused links, then it is limited like a look-up, and another address is not`, async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= LOOKUPS_PER_ADDRESS.limit; index++)
      statuses.push(
        (await openLink({ jeton: `bad${index}.${'A'.repeat(43)}`, marque: 'veligo' }, '198.51.100.77')).status,
      );
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const jeton = signPartnerLink({ brand: 'veligo', number: 'SO-0000025', exp: inOneHour() }, veligoKey);
    expect((await openLink({ jeton, marque: 'veligo' }, '198.51.100.77')).status).toBe(429);
    expect((await openLink({ jeton, marque: 'veligo' }, '198.51.100.78')).status).toBe(200);
  });
});
