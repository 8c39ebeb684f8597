import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBrands } from '../../../brands/index.ts';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import {
  ErrorAnswerSchema,
  InfosDossierAnswerSchema,
  PARTNER_API_BASE,
  SinistresAnswerSchema,
  SinistresCreatedAnswerSchema,
} from '../../../contracts/partner-api.ts';
import { claims, mailOutbox, rateLimitHits } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { hitRateLimit, type RateLimitRule } from '../../security/rate-limit.ts';
import { getDemoGuarantee } from '../../demo/records/guarantees.ts';
import { GOLFY_INSURED_NUMBER } from '../../demo/records/people.ts';
import { createFakeSite, type RunningApp } from '../../test-support.ts';
import { createClaimsTestCatalog, postDeclaration, startClaimsApp, validDeclaration } from '../claims/test-support.ts';
import { groupInsuredNumbers, isGroupInsuredNumber } from './group-contracts.ts';
import { confirmGroupEmail } from './identity-code-test-support.ts';
import * as insuredRoutes from './routes.ts';

describe('group insured numbers', () => {
  it("When the brand files are read, then the group numbers are exactly their automatic numbers (golfy's today)", async () => {
    const brands = await loadBrands();
    const automatic = [brands.neutral, ...brands.partners].flatMap((brand) =>
      brand.declaration.automaticInsuredNumber === null ? [] : [brand.declaration.automaticInsuredNumber],
    );
    expect(automatic).toContain(GOLFY_INSURED_NUMBER);
    expect([...groupInsuredNumbers(brands)].sort()).toEqual([...automatic].sort());
  });

  it('When a number is compared, then spaces and case do not matter and a brand without automatic number adds none', () => {
    const catalog: BrandCatalog = createClaimsTestCatalog();
    expect(groupInsuredNumbers(catalog).size).toBe(0);
    const withGroup: BrandCatalog = {
      ...catalog,
      partners: catalog.partners.map((brand, index) =>
        index === 0
          ? { ...brand, declaration: { ...brand.declaration, automaticInsuredNumber: 'SO-CLUB-0001' } }
          : brand,
      ),
    };
    const numbers = groupInsuredNumbers(withGroup);
    expect(isGroupInsuredNumber(numbers, ' so-club-0001 ')).toBe(true);
    expect(isGroupInsuredNumber(numbers, 'SO-CLUB-0002')).toBe(false);
  });
});

describeWithDatabases("partner API: a brand's automatic number is a group contract", { demo: true }, (context) => {
  let site: ReturnType<typeof createFakeSite>;
  let app: RunningApp;
  const golfGroup = getDemoGuarantee(22);
  const golfReason = golfGroup.motifs[0]?.id ?? 0;

  beforeAll(async () => {
    site = createFakeSite();
    // Behind one trusted proxy: X-Forwarded-For gives each request its client address.
    app = await startClaimsApp(context.database, site.staticDir, {
      brands: await loadBrands(),
      config: { TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });

  async function lookUp(numero: string, client = '203.0.113.1') {
    const url = new URL(`${PARTNER_API_BASE}/infos_dossier`, app.baseUrl);
    url.search = new URLSearchParams({ numero, lang: 'fr' }).toString();
    const response = await fetch(url, { headers: { 'X-Forwarded-For': client } });
    return { status: response.status, text: await response.text() };
  }

  /** A golfy member's own declaration on the group subscription, under their own name. */
  function memberDeclaration(member: { nom: string; prenom: string; email: string; telephone: string }) {
    return {
      ...validDeclaration(10, {
        souscription_id: '1009',
        assure_numero: GOLFY_INSURED_NUMBER,
        contrat_compagnie_id: '3102',
        assure_nom: member.nom,
        assure_prenom: member.prenom,
        assure_email: member.email,
        assure_telephone: member.telephone,
        assure_adresse: `${member.prenom} street 1`,
        destination_nom: 'Golf des Trois Chênes',
        garantie_type: String(golfGroup.id),
        motif_id: String(golfReason),
        company: 'golfy',
        acquisition_methode: 'portail_golfy_mail',
      }),
    };
  }

  /** A member's declaration, their typed address confirmed first by the code mailed to it. */
  async function declare(fields: Record<string, string>, key: string, client: string) {
    const email = fields['assure_email'] ?? '';
    const jeton_email = await confirmGroupEmail(app.baseUrl, context.database.db, {
      numero: GOLFY_INSURED_NUMBER,
      email,
      client,
    });
    const answer = await postDeclaration(app.baseUrl, { ...fields, jeton_email }, key, {
      headers: { 'X-Forwarded-For': client },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return SinistresCreatedAnswerSchema.parse(answer.body).data.numero_sinistre;
  }

  async function follow(numero: string, nom: string) {
    const url = new URL(`${PARTNER_API_BASE}/sinistres`, app.baseUrl);
    url.search = new URLSearchParams({ dossier_numero: numero, dossier_nom: nom, lang: 'fr' }).toString();
    const response = await fetch(url, { headers: { 'X-Forwarded-For': '203.0.113.99' } });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('When two golfy members declare in a row, then each gets their own claim and the next look-up shows neither their claim numbers nor their details', async () => {
    const before = await lookUp(GOLFY_INSURED_NUMBER);
    expect(before.status).toBe(200);
    const [contract] = InfosDossierAnswerSchema.parse(JSON.parse(before.text)).data;
    // The contract's own values only: whoever the subscription row was imported with, no person shows.
    expect(contract).toMatchObject({
      assure_numero: GOLFY_INSURED_NUMBER,
      contrat_compagnie_id: 3102,
      souscription_id: 1009,
      _numero_sinistre: '',
      _a_sinistre: 0,
      assure_nom_masque: '',
      assure_email_masque: '',
      assure_nom: '',
      assure_prenom: '',
      assure_email: '',
      assure_adresse: '',
      assure_cp: '',
      assure_ville: '',
      assure_pays: '',
      assure_telephone: '',
      destination_nom: 'Golf des Trois Chênes',
    });
    expect(contract?.garanties_langues.map((guarantee) => guarantee.id)).toContain(golfGroup.id);

    const first = {
      nom: 'Premiermembre',
      prenom: 'Aline',
      email: 'aline.premier@example.com',
      telephone: '0611111111',
    };
    const firstKey = randomBytes(18).toString('base64url');
    const firstClaim = await declare(memberDeclaration(first), firstKey, '203.0.113.10');

    const afterFirst = await lookUp(GOLFY_INSURED_NUMBER, '203.0.113.11');
    expect(afterFirst.status).toBe(200);
    expect(InfosDossierAnswerSchema.parse(JSON.parse(afterFirst.text)).data[0]?._numero_sinistre).toBe('');
    for (const revealed of [firstClaim, first.nom, first.prenom, first.email, first.telephone])
      expect(afterFirst.text).not.toContain(revealed);

    // The second member is not told of the first one's claim: they declare their own.
    const second = { nom: 'Secondmembre', prenom: 'Bruno', email: 'bruno.second@example.com', telephone: '0622222222' };
    const secondKey = randomBytes(18).toString('base64url');
    const secondClaim = await declare(memberDeclaration(second), secondKey, '203.0.113.11');
    expect(secondClaim).not.toBe(firstClaim);
    // A retried submit still answers its own claim: the key, not the subscription, tells a retry.
    expect(await declare(memberDeclaration(second), secondKey, '203.0.113.11')).toBe(secondClaim);
    const mailsBefore = await context.database.db.$count(mailOutbox);
    expect(
      (
        await postDeclaration(app.baseUrl, memberDeclaration(second), secondKey, {
          headers: { 'X-Forwarded-For': '203.0.113.11' },
        })
      ).status,
      'a retry with the spent confirmation left out',
    ).toBe(200);
    expect(await context.database.db.$count(mailOutbox)).toBe(mailsBefore);

    const afterSecond = await lookUp(GOLFY_INSURED_NUMBER, '203.0.113.12');
    expect(InfosDossierAnswerSchema.parse(JSON.parse(afterSecond.text)).data[0]?._numero_sinistre).toBe('');
    for (const revealed of [firstClaim, secondClaim, first.nom, second.nom, second.email])
      expect(afterSecond.text).not.toContain(revealed);

    const stored = await context.database.db
      .select({ numero: claims.numero, nom: claims.assureNom, email: claims.assureEmail })
      .from(claims)
      .where(eq(claims.souscriptionId, 1009));
    expect(stored).toEqual(
      expect.arrayContaining([
        { numero: firstClaim, nom: first.nom, email: first.email },
        { numero: secondClaim, nom: second.nom, email: second.email },
      ]),
    );
    expect(stored).toHaveLength(2);

    // Each member opens their own claim with their own name, and no other.
    const own = await follow(secondClaim, second.nom);
    expect(own.status).toBe(200);
    expect(SinistresAnswerSchema.parse(own.body).data.infos_sinistre.dossier_numero).toBe(secondClaim);
    expect((await follow(firstClaim, second.nom)).status).toBe(404);
  });

  it('When a declaration on the group number comes without a confirmed address, or with a confirmation of another address or already spent, then it is refused naming jeton_email, and nothing is created or mailed', async () => {
    const { db } = context.database;
    const member = { nom: 'Canon', prenom: 'Mail', email: 'victim@example.net', telephone: '0633333333' };
    const claimsBefore = await db.$count(claims);
    const mailsBefore = await db.$count(mailOutbox);
    const client = { headers: { 'X-Forwarded-For': '203.0.113.30' } };

    const without = await postDeclaration(
      app.baseUrl,
      memberDeclaration(member),
      randomBytes(18).toString('base64url'),
      client,
    );
    expect(without.status).toBe(400);
    expect(ErrorAnswerSchema.parse(without.body).fields?.['jeton_email']).toBe(
      'Confirmez votre adresse e-mail avec le code que nous vous envoyons avant d’envoyer votre déclaration.',
    );
    const forged = await postDeclaration(
      app.baseUrl,
      { ...memberDeclaration(member), jeton_email: 'x'.repeat(32) },
      randomBytes(18).toString('base64url'),
      client,
    );
    expect(forged.status).toBe(400);
    // A confirmation of the attacker's own address does not open another address.
    const own = await confirmGroupEmail(app.baseUrl, db, {
      numero: GOLFY_INSURED_NUMBER,
      email: 'attacker@example.net',
      client: '203.0.113.30',
    });
    const other = await postDeclaration(
      app.baseUrl,
      { ...memberDeclaration(member), jeton_email: own },
      randomBytes(18).toString('base64url'),
      client,
    );
    expect(ErrorAnswerSchema.parse(other.body).fields).toHaveProperty('jeton_email');
    expect(await db.$count(claims)).toBe(claimsBefore);
    // The only mail: the code the attacker asked for their own address.
    expect(await db.$count(mailOutbox)).toBe(mailsBefore + 1);

    // Spent once, a confirmation makes no second claim.
    const attacker = { ...member, email: 'attacker@example.net' };
    expect(
      (
        await postDeclaration(
          app.baseUrl,
          { ...memberDeclaration(attacker), jeton_email: own },
          randomBytes(18).toString('base64url'),
          client,
        )
      ).status,
    ).toBe(200);
    const again = await postDeclaration(
      app.baseUrl,
      { ...memberDeclaration(attacker), jeton_email: own },
      randomBytes(18).toString('base64url'),
      client,
    );
    expect(ErrorAnswerSchema.parse(again.body).fields).toHaveProperty('jeton_email');
    expect(await db.$count(claims)).toBe(claimsBefore + 1);
  });

  it(`When the group number is looked up 15 times from 15 addresses, then none is limited (an individual number is after ${insuredRoutes.LOOKUPS_PER_NUMBER.limit})`, async () => {
    for (let index = 0; index < 15; index++)
      expect((await lookUp(GOLFY_INSURED_NUMBER, `198.51.100.${index + 1}`)).status).toBe(200);

    const individual: number[] = [];
    for (let index = 0; index <= insuredRoutes.LOOKUPS_PER_NUMBER.limit; index++)
      individual.push((await lookUp('SO-0000012', `192.0.2.${index + 1}`)).status);
    expect(individual.at(-1)).toBe(429);
    expect(individual.slice(0, -1).every((status) => status === 200)).toBe(true);
  });

  it('When one address has used up its look-ups, then the group number is refused to it all the same', async () => {
    const { db } = context.database;
    // Every per-address rule of infos_dossier, filled up for one address as by an hour of look-ups.
    const perAddress = Object.values(insuredRoutes).filter(
      (value): value is RateLimitRule =>
        typeof value === 'object' && value !== null && 'name' in value && value.name.startsWith('infos_dossier:ip'),
    );
    expect(perAddress.length).toBeGreaterThan(0);
    for (const rule of perAddress) await hitRateLimit(db, rule, '198.51.100.200', Date.now(), rule.limit);

    expect((await lookUp(GOLFY_INSURED_NUMBER, '198.51.100.200')).status).toBe(429);
    expect((await lookUp(GOLFY_INSURED_NUMBER, '198.51.100.201')).status).toBe(200);
  });
});
