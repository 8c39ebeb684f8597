import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadBrands } from '../../brands/index.ts';
import { FAQ_PATH } from '../../contracts/faq.ts';
import { PARTNER_API_BASE, PROOF_UPLOAD_FILE_FIELD } from '../../contracts/partner-api.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { CLAIMS, SUBSCRIPTIONS } from '../demo/records/people.ts';
import { samplePdf } from '../files/test-support.ts';
import { createFakeSite, type RunningApp } from '../test-support.ts';
import { startClaimsApp } from './claims/test-support.ts';

/**
 * What a stranger learns from every customer endpoint without the mailed link: each anonymous
 * answer is read whole, its fields are listed (printed, so a reader sees what each endpoint says),
 * and the test fails on any personal field that holds a value, and on any value that holds a demo
 * claimant's name, e-mail, phone, street or claim number, whatever the field is called.
 */

/** Fields that name or reach a person: answered empty, or not at all, without the mailed link. */
const PERSONAL_FIELDS = new Set([
  'assure_nom',
  'assure_prenom',
  'assure_email',
  'assure_adresse',
  'assure_cp',
  'assure_ville',
  'assure_pays',
  'assure_telephone',
  '_numero_sinistre',
  'dossier_nom',
  'dossier_prenom',
  'dossier_email',
  'dossier_adresse',
  'dossier_adresse_cp',
  'dossier_telephone',
  'dossier_montant_sejour',
  'nom_fichier',
  'numero_sinistre',
]);

/** The demo claimants' personal values, each with how a stranger would find it in an answer. */
function personalValues(): { value: string; pattern: RegExp }[] {
  const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Last names as stored (upper case), as whole words: "BLANC" is a person, "Mont Blanc" a campsite.
  const names = SUBSCRIPTIONS.map((subscription) => ({
    value: subscription.assureNom,
    pattern: new RegExp(`\\b${literal(subscription.assureNom)}\\b`),
  }));
  const details = [
    ...SUBSCRIPTIONS.flatMap((subscription) => [
      subscription.assureEmail,
      subscription.assureTelephone,
      subscription.assureAdresse,
    ]),
    ...CLAIMS.map((claim) => claim.numero),
  ].map((value) => ({ value, pattern: new RegExp(literal(value), 'i') }));
  // Short values (an empty group contract's name) would match anything.
  return [...names, ...details].filter(({ value }) => value.length >= 4);
}

/** Every leaf of a JSON answer, by its path. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  return [[path, value]];
}

/** The field's own name: the last part of its path, without indexes. */
function fieldName(path: string): string {
  return (
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? path
  );
}

describeWithDatabases('anonymous answers of the customer API', { demo: true }, (context) => {
  let site: ReturnType<typeof createFakeSite> | undefined;
  let app: RunningApp | undefined;
  const running = (): RunningApp => {
    if (!app) throw new Error('the app starts in beforeAll');
    return app;
  };
  let calls = 0;

  beforeAll(async () => {
    site = createFakeSite();
    app = await startClaimsApp(context.database, site.staticDir, {
      brands: await loadBrands(),
      config: { TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });

  /** One anonymous call, from an address of its own (no rate limit is what is checked here). */
  async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    calls += 1;
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-For', `203.0.113.${calls % 250}`);
    const response = await fetch(`${running().baseUrl}${path}`, { ...init, headers });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  }

  const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });

  it('When a stranger calls every customer endpoint without the mailed link, then no answer holds a personal field or a claimant’s details', async () => {
    const P = PARTNER_API_BASE;
    const insuredNumbers = [...new Set(SUBSCRIPTIONS.map((subscription) => subscription.assureNumero))];
    const upload = new FormData();
    upload.append('type', '0');
    upload.append(
      PROOF_UPLOAD_FILE_FIELD,
      new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }),
      'a.pdf',
    );
    /** Each call, with what its caller already knew (sent in the request): finding it again is no leak. */
    const calls: { name: string; answer: Promise<{ status: number; body: unknown }>; known?: string[] }[] = [
      ...insuredNumbers.map((numero) => ({
        name: `GET infos_dossier ${numero}`,
        answer: call(`${P}/infos_dossier?numero=${numero}&lang=fr`),
      })),
      ...CLAIMS.map((claim) => {
        const holder = SUBSCRIPTIONS.find((subscription) => subscription.souscriptionId === claim.souscriptionId);
        const name = holder?.assureNom ?? '';
        const query = new URLSearchParams({ dossier_numero: claim.numero, dossier_nom: name, lang: 'fr' });
        return {
          name: `GET sinistres ${claim.numero} + name`,
          answer: call(`${P}/sinistres?${query}`),
          known: [claim.numero, name],
        };
      }),
      { name: 'POST code_identite', answer: call(`${P}/code_identite`, form({ numero: 'SO-0000003', lang: 'fr' })) },
      {
        name: 'POST lien_suivi by claim number',
        answer: call(`${P}/lien_suivi`, form({ numero_sinistre: 'SI-0000003', lang: 'fr' })),
        known: ['SI-0000003'],
      },
      {
        name: 'POST lien_suivi by insured number',
        answer: call(`${P}/lien_suivi`, form({ assure_numero: 'SO-0000003', lang: 'fr' })),
      },
      {
        name: 'POST lien_partenaire (forged)',
        answer: call(`${P}/lien_partenaire`, form({ jeton: 'x.y', marque: 'sandaya' })),
      },
      { name: 'GET garantie', answer: call(`${P}/garantie?garantie_id=1&lang=fr`) },
      { name: 'GET pays', answer: call(`${P}/pays?lang=fr`) },
      { name: 'GET pages', answer: call(`${P}/pages?page=mentions-legales&lang=fr`) },
      {
        name: 'POST attestation (a known address)',
        answer: call(
          `${P}/attestation`,
          form({ assure_email: SUBSCRIPTIONS[0]?.assureEmail ?? '', sejour_debut_date: '1', sejour_fin_date: '2' }),
        ),
        known: [SUBSCRIPTIONS[0]?.assureEmail ?? ''],
      },
      { name: 'POST justificatifs (upload)', answer: call(`${P}/justificatifs`, { method: 'POST', body: upload }) },
      {
        name: 'POST faq',
        answer: call(FAQ_PATH, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ question: 'Quand serai-je remboursé ?', lang: 'fr' }),
        }),
      },
    ];

    const searched = personalValues();
    const fieldsOf: Record<string, string[]> = {};
    const leaks: string[] = [];
    for (const { name, answer, known = [] } of calls) {
      const { status, body } = await answer;
      const knownValues = new Set(known.map((value) => value.toLowerCase()));
      const stranger = searched.filter(({ value }) => !knownValues.has(value.toLowerCase()));
      expect(status, `${name} answered ${status}`).toBeLessThan(500);
      const found = leaves(body);
      fieldsOf[name] = [...new Set(found.map(([path]) => fieldName(path)))].sort();
      for (const [path, value] of found) {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        if (PERSONAL_FIELDS.has(fieldName(path)) && text !== '' && text !== '0' && value !== null)
          leaks.push(`${name}: ${path} = ${text}`);
        for (const { value: personal, pattern } of stranger)
          if (pattern.test(text)) leaks.push(`${name}: ${path} holds "${personal}"`);
      }
    }
    console.log(
      Object.entries(fieldsOf)
        .map(([name, fields]) => `${name}: ${fields.join(', ')}`)
        .join('\n'),
    );
    expect(leaks).toEqual([]);
  });
});
