import { expect, it } from 'vitest';
import { InfosDossierAnswerSchema, PARTNER_API_BASE } from '../../contracts/partner-api.ts';
import { claims, subscriptions } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { expectLegitimateTrafficServed, useAttackedApp } from './legitimate-traffic.ts';

/**
 * The identity harvest: insured numbers are printed on booking mails and run in
 * sequence, so one address reads SO-0000001, SO-0000002… in a row. Each found number answers what
 * the wizard needs, never the holder's name, e-mail, phone, address or claim number, while a
 * visitor, a staff member and a claimant elsewhere are served as usual.
 */

const HARVESTER = '192.0.2.31';

/** `value` as a whole word, as written (a surname inside "Mont Blanc" or "Annulation" is no leak). */
function wholeWord(value: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');
}
const NUMBERS = 31;

describeWithDatabases('abuse: harvesting identities by insured number', (context) => {
  const { running } = useAttackedApp(context);

  it(`When one address looks up ${NUMBERS} insured numbers in sequence, then no answer holds a name, e-mail, phone, address or claim number, and legitimate traffic is served meanwhile`, async () => {
    const app = running();
    const { db } = context.database;
    const people = await db.select().from(subscriptions);
    const claimNumbers = (await db.select({ numero: claims.numero }).from(claims)).map((claim) => claim.numero);
    // What must never show: every holder's identity (values long enough to be unambiguous).
    const secrets = new Set(
      [
        ...people.flatMap((person) => [
          person.assureNom,
          person.assurePrenom,
          person.assureEmail,
          person.assureTelephone,
          person.assureAdresse,
        ]),
        ...claimNumbers,
      ].filter((value) => value.trim().length >= 4),
    );
    expect(secrets.size).toBeGreaterThan(30);

    const baseUrl = app.baseUrl;
    const harvest = (async () => {
      const answers: { numero: string; status: number; text: string; ms: number }[] = [];
      for (let n = 1; n <= NUMBERS; n++) {
        const numero = `SO-${String(n).padStart(7, '0')}`;
        const url = new URL(`${PARTNER_API_BASE}/infos_dossier`, baseUrl);
        url.search = new URLSearchParams({ numero, lang: 'fr' }).toString();
        const started = performance.now();
        const response = await fetch(url, { headers: { 'X-Forwarded-For': HARVESTER } });
        answers.push({ numero, status: response.status, text: await response.text(), ms: performance.now() - started });
      }
      return answers;
    })();
    const [answers, legitimate] = await Promise.all([harvest, expectLegitimateTrafficServed(app)]);

    const found = answers.filter((answer) => answer.status === 200);
    // The numbers do exist (the wizard still works with them): the harvest finds them, masked.
    expect(found.length).toBeGreaterThanOrEqual(25);
    const leaks = answers.flatMap((answer) =>
      [...secrets]
        .filter((secret) => wholeWord(secret).test(answer.text))
        .map((secret) => `${answer.numero}: ${secret}`),
    );
    expect(leaks).toEqual([]);
    for (const answer of found)
      for (const item of InfosDossierAnswerSchema.parse(JSON.parse(answer.text)).data)
        expect([item.assure_nom, item.assure_email, item.assure_telephone, item._numero_sinistre]).toEqual([
          '',
          '',
          '',
          '',
        ]);
    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    console.info(
      `identity harvest: ${found.length}/${NUMBERS} found, look-up median ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms, worst ${Math.round(times.at(-1) ?? 0)} ms; legitimate: ${legitimate.map((outcome) => `${outcome.action} ${Math.round(outcome.ms)} ms`).join(', ')}`,
    );
  }, 30_000);
});
