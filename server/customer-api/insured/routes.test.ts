import { afterAll, beforeAll, beforeEach, expect, it, onTestFinished } from 'vitest';
import { loadBrands } from '../../../brands/index.ts';
import type { Language } from '../../../contracts/languages.ts';
import {
  ErrorAnswerSchema,
  GarantieAnswerSchema,
  type Guarantee,
  InfosDossierAnswerSchema,
  PARTNER_API_BASE,
  PagesAnswerSchema,
  PaysAnswerSchema,
} from '../../../contracts/partner-api.ts';
import { legalPages, legalParagraphs, rateLimitHits } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { COUNTRIES } from '../../../content/countries.ts';
import { GUARANTEES, guaranteeIdsOfFamily } from '../../demo/records/guarantees.ts';
import { LEGAL_NOTICE, LEGAL_PAGES } from '../../../content/legal-pages.ts';
import { fillComplaintAddress } from '../../../brands/lib/complaint-address.ts';
import { GOLFY_INSURED_NUMBER, SANDAYA_CONTRACT_NUMBER, YELLOH_CONTRACT_NUMBER } from '../../demo/records/people.ts';
import { createFakeSite, type RunningApp, startTestApp, TEST_COMPLAINT_ADDRESSES } from '../../test-support.ts';
import { startClaimsApp } from '../claims/test-support.ts';
import { LOOKUPS_PER_ADDRESS, LOOKUPS_PER_NUMBER } from './routes.ts';

/** The guarantee tree the wizard should receive for a family of contracts, from the demo content. */
function expectedTree(family: 'sejour' | 'velo' | 'golf', lang: Language): Guarantee[] {
  return guaranteeIdsOfFamily(family).map((id) => {
    const guarantee = GUARANTEES.find((candidate) => candidate.id === id);
    if (!guarantee) throw new Error(`no demo guarantee ${id}`);
    return {
      id,
      nom: guarantee.names[lang].nom,
      logo: guarantee.picture,
      ordre: guarantee.ordre,
      sinistre_affiche_declare: guarantee.sinistreAfficheDeclare,
      priorisation_declare: guarantee.priorisationDeclare,
      motifs: guarantee.motifs
        .map((reason, index) => ({ reason, index }))
        .sort((a, b) => b.reason.priorisationDeclare - a.reason.priorisationDeclare || a.index - b.index)
        .map(({ reason }) => ({
          id: reason.id,
          nom: reason.nom[lang],
          priorisation_declare: reason.priorisationDeclare,
        })),
    };
  });
}

function fullNameOf(guaranteeId: number, lang: Language): string {
  const guarantee = GUARANTEES.find((candidate) => candidate.id === guaranteeId);
  if (!guarantee) throw new Error(`no demo guarantee ${guaranteeId}`);
  return guarantee.names[lang].nomComplet;
}

describeWithDatabases('partner API: insured lookups and reference data', { demo: true }, (context) => {
  let site: ReturnType<typeof createFakeSite>;
  let app: RunningApp;

  beforeAll(async () => {
    site = createFakeSite();
    app = await startTestApp(site.staticDir, undefined, { database: context.database });
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });
  // Every test starts with fresh abuse counters: they all come from 127.0.0.1.
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });

  async function get(endpoint: string, query: Record<string, string>, headers: Record<string, string> = {}) {
    const url = new URL(`${PARTNER_API_BASE}/${endpoint}`, app.baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
    const response = await fetch(url, { headers });
    return { response, body: (await response.json()) as unknown };
  }

  // infos_dossier ---------------------------------------------------------------------------------

  it('When SO-0000001 is looked up in French, then its one subscription comes with the guarantee tree, the identity masked, and is not cached', async () => {
    const { response, body } = await get('infos_dossier', { numero: 'SO-0000001', lang: 'fr' });

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = InfosDossierAnswerSchema.parse(body);
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toEqual({
      contrat_compagnie_id: 1201,
      _nb_souscriptions: 1,
      _numero_sinistre: '',
      _a_sinistre: 0,
      _garantie_nom_complet: fullNameOf(1, 'fr'),
      garanties_langues: expectedTree('sejour', 'fr'),
      souscription_id: 1001,
      assure_numero: 'SO-0000001',
      assure_nom: '',
      assure_prenom: '',
      assure_email: '',
      assure_adresse: '',
      assure_cp: '',
      assure_ville: '',
      assure_pays: '',
      assure_telephone: '',
      assure_nom_masque: 'M*** J***',
      assure_email_masque: 'j•••@example.com',
      appli_declaration_destination_mode: 'complet',
      __from: 'mail',
      sejour_debut_date: '2027-07-10',
      sejour_fin_date: '2027-07-24',
      contrat_url: 'https://documents.sinistre-assistance.example/contrats/sejour-campings.pdf',
      destination_nom: 'Camping Les Dunes d’Argent',
    });
    // Hidden groups are sent with their flag: the wizard filters them out.
    expect(answer.data[0]?.garanties_langues.find((guarantee) => guarantee.id === 70)?.sinistre_affiche_declare).toBe(
      0,
    );
  });

  it('When SO-0000002 is looked up in English, then its three subscriptions come in order, each with its own products in English', async () => {
    const { response, body } = await get('infos_dossier', { numero: 'SO-0000002', lang: 'en' });

    expect(response.status).toBe(200);
    const { data } = InfosDossierAnswerSchema.parse(body);
    expect(
      data.map((item) => [
        item.souscription_id,
        item._nb_souscriptions,
        item.assure_nom_masque,
        item._garantie_nom_complet,
      ]),
    ).toEqual([
      [1002, 3, 'L*** C***', fullNameOf(1, 'en')],
      [1003, 3, 'L*** C***', fullNameOf(102, 'en')],
      [1004, 3, 'L*** T***', fullNameOf(110, 'en')],
    ]);
    expect(data[1]?.garanties_langues).toEqual(expectedTree('velo', 'en'));
    expect(data[2]?.garanties_langues).toEqual(expectedTree('golf', 'en'));
  });

  it('When a number is typed in lower case between spaces, then it is found as if typed in capitals (German answer)', async () => {
    const { response, body } = await get('infos_dossier', { numero: '  so-fns-0000004 ', lang: 'de' });

    expect(response.status).toBe(200);
    const { data } = InfosDossierAnswerSchema.parse(body);
    expect(data.map((item) => item.assure_numero)).toEqual(['SO-FNS-0000004']);
    expect(data[0]?._garantie_nom_complet).toBe(fullNameOf(1, 'de'));
    expect(data[0]?.garanties_langues[0]?.nom).toBe(expectedTree('sejour', 'de')[0]?.nom);
  });

  it('When the number already has a claim, then the answer says there is one without naming it or its holder, so the wizard goes to the follow-up', async () => {
    const { body } = await get('infos_dossier', { numero: 'SO-0000003', lang: 'it' });

    const { data } = InfosDossierAnswerSchema.parse(body);
    expect(
      data.map((item) => [item.assure_nom, item._numero_sinistre, item._a_sinistre, item.assure_nom_masque]),
    ).toEqual([['', '', 1, 'M*** N***']]);
    expect(JSON.stringify(body)).not.toMatch(/SI-0000003|MARTIN/i);
  });

  it('When the zenride, veligo and golfy numbers are looked up, then each comes with its contract, and zenride without dates', async () => {
    const zenride = InfosDossierAnswerSchema.parse((await get('infos_dossier', { numero: 'SO-0000005' })).body);
    expect(zenride.data[0]).toMatchObject({
      contrat_compagnie_id: 5210,
      sejour_debut_date: '',
      sejour_fin_date: '',
      _garantie_nom_complet: fullNameOf(60, 'fr'),
    });
    const veligo = InfosDossierAnswerSchema.parse((await get('infos_dossier', { numero: 'SO-0000006' })).body);
    expect(veligo.data[0]).toMatchObject({ contrat_compagnie_id: 4410, sejour_debut_date: '2026-09-01' });
    const golfy = InfosDossierAnswerSchema.parse(
      (await get('infos_dossier', { numero: GOLFY_INSURED_NUMBER, lang: 'pt' })).body,
    );
    expect(golfy.data[0]).toMatchObject({ contrat_compagnie_id: 3102, _garantie_nom_complet: fullNameOf(110, 'pt') });
    expect(golfy.data[0]?.garanties_langues).toEqual(expectedTree('golf', 'pt'));
  });

  it.each([
    ['fr', "Erreur\u00a0: N° d'assuré ou N° de contrat incorrect"],
    ['de', 'Fehler: Versicherten- oder Vertragsnummer ist falsch'],
    ['pl', 'Błąd: nieprawidłowy numer ubezpieczonego lub numer umowy'],
  ] as const)(
    'When an unknown number is looked up in %s, then the answer is 404 with the translated message',
    async (lang, message) => {
      const { response, body } = await get('infos_dossier', { numero: 'SO-9999999', lang });

      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(ErrorAnswerSchema.parse(body)).toEqual({ status: 'error', message, code: 'unknown_insured_number' });
    },
  );

  it('When a contract number of sandaya’s or yelloh’s format is looked up, in any case and with spaces around, then the insured person it belongs to comes, with their insured number', async () => {
    // The brand files' own formats: the app of this test runs with the real brands.
    const partners = await startClaimsApp(context.database, site.staticDir, { brands: await loadBrands() });
    const get = async (endpoint: string, query: Record<string, string>) => {
      const url = new URL(`${PARTNER_API_BASE}/${endpoint}`, partners.baseUrl);
      for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
      const response = await fetch(url);
      return { response, body: (await response.json()) as unknown };
    };
    onTestFinished(() => partners.close());
    const sandaya = await get('infos_dossier', { numero: `  ${SANDAYA_CONTRACT_NUMBER.toLowerCase()} `, lang: 'en' });
    expect(sandaya.response.status, JSON.stringify(sandaya.body)).toBe(200);
    const [found] = InfosDossierAnswerSchema.parse(sandaya.body).data;
    expect(found).toMatchObject({
      assure_numero: 'SO-0000030',
      assure_nom: '',
      assure_nom_masque: expect.stringMatching(/^B\*\*\* /),
      contrat_compagnie_id: 1520,
      _nb_souscriptions: 1,
      _numero_sinistre: '',
      __from: 'mail',
    });
    expect(found?.garanties_langues).toEqual(expectedTree('sejour', 'en'));
    const unknown = await get('infos_dossier', { numero: 'SDY-2020-000000' });
    expect([unknown.response.status, ErrorAnswerSchema.parse(unknown.body).code]).toEqual([
      404,
      'unknown_insured_number',
    ]);
    const yelloh = await get('infos_dossier', { numero: YELLOH_CONTRACT_NUMBER });
    expect(InfosDossierAnswerSchema.parse(yelloh.body).data.map((item) => item.assure_numero)).toEqual(['SO-0000031']);
  });

  it.each([
    ['a random string', 'hello world 42'],
    ['a number of a format no brand file gives', 'SDY-2020-000000'],
    ['a claim number', 'SI-0000003'],
    ['an unknown insured number', 'SO-0000099'],
  ])(
    'When %s is looked up, then the look-up answers 404 with the not-found message, not a format error',
    async (_case, numero) => {
      const { response, body } = await get('infos_dossier', { numero, lang: 'fr' });
      expect(response.status).toBe(404);
      expect(ErrorAnswerSchema.parse(body)).toEqual({
        status: 'error',
        message: "Erreur\u00a0: N° d'assuré ou N° de contrat incorrect",
        code: 'unknown_insured_number',
      });
    },
  );

  it('When the number holds a character no insured or contract number has, or is too long, then the answer is 400 with the same wording and the field named', async () => {
    const tooLong = await get('infos_dossier', { numero: `SO-${'1'.repeat(41)}`, lang: 'en' });
    expect(tooLong.response.status).toBe(400);
    expect(ErrorAnswerSchema.parse(tooLong.body).message).toBe('Error: incorrect insured number or contract number');
    const { response, body } = await get('infos_dossier', { numero: "SO-0000001'<script>", lang: 'en' });

    expect(response.status).toBe(400);
    expect(ErrorAnswerSchema.parse(body)).toEqual({
      status: 'error',
      message: 'Error: incorrect insured number or contract number',
      fields: { numero: 'This value is not valid' },
      code: 'invalid_insured_number',
    });
  });

  it('When the query has an unknown parameter or an unsupported language, then the answer is 400 naming the field', async () => {
    const unknown = await get('infos_dossier', { numero: 'SO-0000001', lang: 'es', company: 'veligo' });
    expect(unknown.response.status).toBe(400);
    expect(ErrorAnswerSchema.parse(unknown.body)).toMatchObject({
      message: 'Falta información o es incorrecta.',
      fields: { company: 'Este campo no se esperaba' },
    });

    const badLanguage = await get('infos_dossier', { numero: 'SO-0000001', lang: 'xx' }, { 'Accept-Language': 'nl' });
    expect(badLanguage.response.status).toBe(400);
    expect(ErrorAnswerSchema.parse(badLanguage.body)).toMatchObject({
      message: 'Sommige gegevens ontbreken of zijn onjuist.',
      fields: { lang: 'Deze waarde is ongeldig' },
    });
  });

  it('When one address looks up too many numbers, then it is answered 429 in its language with Retry-After, whatever X-Forwarded-For it forges', async () => {
    for (let index = 0; index < LOOKUPS_PER_ADDRESS.limit; index++) {
      // TRUST_PROXY is 0: a forged X-Forwarded-For does not make each request a new client.
      const forged = { 'X-Forwarded-For': `198.51.100.${index}` };
      const { response } = await get('infos_dossier', { numero: `SO-TRY-${index}`, lang: 'es' }, forged);
      expect(response.status).toBe(404);
    }

    const { response, body } = await get('infos_dossier', { numero: 'SO-0000001', lang: 'es' });

    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(ErrorAnswerSchema.parse(body)).toMatchObject({ code: 'rate_limited' });
    expect((body as { message: string }).message).toMatch(/^Demasiados intentos/);
  });

  it('When the server is behind one trusted proxy, then each client address the proxy reports is limited on its own', async () => {
    const proxied = await startTestApp(site.staticDir, undefined, {
      database: context.database,
      config: { TRUST_PROXY: '1' },
    });
    try {
      const lookUp = async (index: number, client: string) => {
        const url = new URL(`${PARTNER_API_BASE}/infos_dossier`, proxied.baseUrl);
        url.searchParams.set('numero', `SO-PROXY-${index}`);
        return (await fetch(url, { headers: { 'X-Forwarded-For': client } })).status;
      };
      for (let index = 0; index < LOOKUPS_PER_ADDRESS.limit; index++)
        expect(await lookUp(index, '203.0.113.7')).toBe(404);
      expect(await lookUp(LOOKUPS_PER_ADDRESS.limit, '203.0.113.7')).toBe(429);
      // Another visitor behind the same proxy is not held back by the first one's tries.
      expect(await lookUp(LOOKUPS_PER_ADDRESS.limit + 1, '203.0.113.8')).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('When one number is looked up too often, then that number is answered 429 while other numbers still answer', async () => {
    for (let index = 0; index < LOOKUPS_PER_NUMBER.limit; index++) {
      // Spelled differently each time: the limit counts the number, not how it was typed.
      const numero = index % 2 === 0 ? 'SO-0000010' : ' so-0000010';
      expect((await get('infos_dossier', { numero, lang: 'it' })).response.status).toBe(200);
    }

    const refused = await get('infos_dossier', { numero: 'SO-0000010', lang: 'it' });
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((refused.body as { message: string }).message).toMatch(/^Troppi tentativi/);

    expect((await get('infos_dossier', { numero: 'SO-0000011', lang: 'it' })).response.status).toBe(200);
  });

  // garantie --------------------------------------------------------------------------------------

  it.each([
    ['fr', 60, 'materiel'],
    ['en', 60, 'materiel'],
    ['da', 1, 'annulation'],
    ['nl', 125, 'interruption'],
  ] as const)(
    'When guarantee %s/%i is asked, then its translated name and type %s come back, cacheable',
    async (lang, id, type) => {
      const { response, body } = await get('garantie', { garantie_id: String(id), lang });

      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      const guarantee = GUARANTEES.find((candidate) => candidate.id === id);
      expect(GarantieAnswerSchema.parse(body).data).toEqual({ id, nom: guarantee?.names[lang].nom, type });
    },
  );

  it('When an unknown guarantee is asked, then the answer is a translated 404 that is not cached', async () => {
    const { response, body } = await get('garantie', { garantie_id: '9999', lang: 'en' });

    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(ErrorAnswerSchema.parse(body)).toEqual({
      status: 'error',
      message: 'This request type does not exist.',
      code: 'unknown_guarantee',
    });
  });

  it('When the guarantee id is not a number, is missing or is too large, then the answer is 400 naming garantie_id', async () => {
    for (const query of [{ garantie_id: 'abc' }, {}, { garantie_id: '99999999999' }]) {
      const { response, body } = await get('garantie', { ...query, lang: 'de' });
      expect(response.status).toBe(400);
      expect(Object.keys(ErrorAnswerSchema.parse(body).fields ?? {})).toEqual(['garantie_id']);
    }
  });

  // pays ------------------------------------------------------------------------------------------

  it.each(['fr', 'de', 'da', 'pl'] as const)(
    'When the countries are asked in %s, then all come back with their alpha-2 code, sorted as that language sorts them',
    async (lang) => {
      const { response, body } = await get('pays', { lang });

      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      const { data } = PaysAnswerSchema.parse(body);
      const collator = new Intl.Collator(lang, { sensitivity: 'base' });
      const expected = COUNTRIES.map(({ id, code, nom }) => ({ id, nom: nom[lang], code })).sort(
        (a, b) => collator.compare(a.nom, b.nom) || a.id - b.id,
      );
      expect(data).toEqual(expected);
      expect(data).toContainEqual({
        id: 250,
        nom: COUNTRIES.find((country) => country.id === 250)?.nom[lang],
        code: 'FR',
      });
    },
  );

  it('When the countries are asked without a language, then they are in French', async () => {
    const { body } = await get('pays', {});

    const { data } = PaysAnswerSchema.parse(body);
    expect(data).toContainEqual({ id: 276, nom: 'Allemagne', code: 'DE' });
  });

  it('When the countries query has an unknown parameter, then the answer is 400 naming it', async () => {
    const { response, body } = await get('pays', { lang: 'fr', tri: 'nom' });

    expect(response.status).toBe(400);
    expect(ErrorAnswerSchema.parse(body).fields).toEqual({ tri: "Ce champ n'est pas attendu" });
  });

  // pages -----------------------------------------------------------------------------------------

  it.each([
    ['mentions-legales', 'fr'],
    ['mentions-legales', 'en'],
    ['politique-confidentialite', 'pl'],
    ['politique-confidentialite', 'pt'],
  ] as const)('When page %s is asked in %s, then its paragraphs come in order, cacheable', async (page, lang) => {
    const { response, body } = await get('pages', { page, lang });

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const content = LEGAL_PAGES.find((candidate) => candidate.slug === page);
    expect(PagesAnswerSchema.parse(body).data).toEqual({
      paragraphes: content?.paragraphs.map(({ texts }) => ({
        data_mysql: { nom: texts[lang].nom, contenu: fillComplaintAddress(texts[lang].contenu, neutralAddress) },
      })),
    });
  });

  const neutralAddress = TEST_COMPLAINT_ADDRESSES.neutral;
  /** The text of the legal notice's "Réclamations et médiation" paragraph, as GET pages gives it. */
  async function complaintsParagraph(query: Record<string, string>): Promise<string> {
    const { response, body } = await get('pages', { page: 'mentions-legales', ...query });
    expect(response.status).toBe(200);
    const paragraphs = PagesAnswerSchema.parse(body).data.paragraphes.map((paragraph) => paragraph.data_mysql);
    const index = LEGAL_NOTICE.paragraphs.findIndex((paragraph) => paragraph.anchor === 'reclamations');
    return paragraphs[index]?.contenu ?? '';
  }

  it("When the legal notice of a brand is asked, then it gives the complaint page's address of that brand, filled by the server", async () => {
    // The complaint page shows `complaintAddressOf(brand)`: the same lines, here on one line.
    expect(await complaintsParagraph({ lang: 'fr' })).toContain(
      'écrivez à Neutral Test – Complaints, 1 rue du Test, 75001 Paris.',
    );
    expect(await complaintsParagraph({ lang: 'en', marque: 'veligo' })).toContain(
      'write to Veligo &lt;Test&gt; &amp; Co – Réclamations, 2 quai des Vélos, 69001 Lyon.',
    );
    // A brand the deployment does not know gets the deployment's address; the token never leaves.
    const unknown = await complaintsParagraph({ lang: 'de', marque: 'inconnue' });
    expect(unknown).toContain('schreiben Sie an Neutral Test – Complaints, 1 rue du Test, 75001 Paris.');
    for (const lang of ['fr', 'en', 'de', 'es', 'it', 'nl', 'pl', 'da', 'pt']) {
      expect(await complaintsParagraph({ lang, marque: 'veligo' })).not.toContain('{{');
    }
    // A malformed brand is refused like any other bad query.
    expect((await get('pages', { page: 'mentions-legales', marque: '../veligo' })).response.status).toBe(400);
  });

  it('When a page has no paragraph in the asked language, then its French paragraphs are given', async () => {
    const { db } = context.database;
    await db.insert(legalPages).values({ id: 'conditions-jeu' });
    await db.insert(legalParagraphs).values([
      { pageId: 'conditions-jeu', lang: 'fr', position: 1, nom: 'Deuxième', contenu: '<p>B</p>' },
      { pageId: 'conditions-jeu', lang: 'fr', position: 0, nom: 'Premier', contenu: '<p>A</p>' },
    ]);

    const { response, body } = await get('pages', { page: 'conditions-jeu', lang: 'da' });

    expect(response.status).toBe(200);
    expect(PagesAnswerSchema.parse(body).data.paragraphes.map(({ data_mysql }) => data_mysql.nom)).toEqual([
      'Premier',
      'Deuxième',
    ]);
  });

  it('When a stored paragraph carries a script, an event handler or a javascript: link, then the answer has none of them', async () => {
    const { db } = context.database;
    await db.insert(legalPages).values({ id: 'page-piegee' });
    await db.insert(legalParagraphs).values({
      pageId: 'page-piegee',
      lang: 'en',
      position: 0,
      nom: 'Terms',
      contenu:
        '<p onclick="steal()">Read <a href="javascript:alert(1)">this</a> and <a href="claim">that</a>.</p>' +
        '<script>alert(1)</script><img src="x" onerror="alert(2)"><iframe src="https://evil.example"></iframe>' +
        '<p style="color:red"><a href="//evil.example/x">away</a> <a href="mailto:dpo@example.com">DPO</a></p>',
    });

    const { body } = await get('pages', { page: 'page-piegee', lang: 'en' });

    expect(PagesAnswerSchema.parse(body).data.paragraphes).toEqual([
      {
        data_mysql: {
          nom: 'Terms',
          contenu:
            '<p>Read <a>this</a> and <a href="claim">that</a>.</p><p><a>away</a> <a href="mailto:dpo@example.com">DPO</a></p>',
        },
      },
    ]);
  });

  it('When an unknown page is asked, then the answer is a translated 404; a malformed id is a 400 naming page', async () => {
    const unknown = await get('pages', { page: 'cgv', lang: 'it' });
    expect(unknown.response.status).toBe(404);
    expect(ErrorAnswerSchema.parse(unknown.body)).toEqual({
      status: 'error',
      message: 'Questa pagina non esiste.',
      code: 'unknown_page',
    });

    const malformed = await get('pages', { page: '../mentions-legales', lang: 'it' });
    expect(malformed.response.status).toBe(400);
    expect(Object.keys(ErrorAnswerSchema.parse(malformed.body).fields ?? {})).toEqual(['page']);
  });
});
