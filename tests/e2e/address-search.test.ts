import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { expectNoSeriousViolation, storedDraft, type Visitor } from './declaration-journey.ts';
import { openVisitor, type RunningPortal, startPortal, workerBrowser } from './harness.ts';

/**
 * The address field of step 4 with a real geocoder peer: a local HTTP server answering Photon's
 * documented GeoJSON (https://photon.komoot.io/api), configured as a deployment would with
 * PUBLIC_ADDRESS_SEARCH_URL, which pages read when they are built: this file builds its own site,
 * of the neutral brand only (the journeys below are all on it), with the bench's build switch
 * BENCH_BRANDS (bench/astro.config.mjs): a twentieth of the full build, minutes less in the suite.
 */

/** What the peer does: answer, answer after a long time, or fail. */
let mode: 'answer' | 'slow' | 'fail' = 'answer';
const queries: URLSearchParams[] = [];

const FEATURES = [
  {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [-1.5536, 47.2184] },
    properties: {
      osm_type: 'N',
      osm_id: 1,
      osm_key: 'place',
      osm_value: 'house',
      type: 'house',
      housenumber: '12',
      street: 'Rue de la Paix',
      postcode: '44000',
      city: 'Nantes',
      country: 'France',
      countrycode: 'FR',
      name: '12 Rue de la Paix',
    },
  },
  {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [13.4, 52.5] },
    properties: {
      osm_type: 'W',
      osm_id: 2,
      osm_key: 'highway',
      osm_value: 'residential',
      type: 'street',
      name: 'Friedrichstraße',
      housenumber: '8',
      street: 'Friedrichstraße',
      postcode: '10117',
      city: 'Berlin',
      country: 'Deutschland',
      countrycode: 'DE',
    },
  },
];

function answerPhoton(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://photon');
  queries.push(url.searchParams);
  const send = () => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (mode === 'fail') {
      response.statusCode = 500;
      response.end('{"message":"internal error"}');
      return;
    }
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ type: 'FeatureCollection', features: FEATURES }));
  };
  if (mode === 'slow') setTimeout(send, 8_000);
  else send();
}

let photon: Server;
let workDir: string;
let site: string;
let portal: RunningPortal;
let browser: Browser;

/** `astro build` of the neutral brand's pages into `outDir`, with the geocoder configured. */
function buildSite(outDir: string, env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const root = resolve('.');
    const args = ['build', '--config', 'bench/astro.config.mjs', '--outDir', outDir];
    const child = spawn(join(root, 'node_modules', '.bin', 'astro'), args, {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        ...env,
        BENCH_BRANDS: '0',
        // Astro's and Vite's caches of this build stay beside it, away from the main build's.
        BENCH_CACHE_DIR: `${outDir}-cache`,
        PATH: [dirname(process.execPath), process.env['PATH'] ?? ''].join(delimiter),
      },
    });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`astro build exited with ${code}`))));
  });
}

beforeAll(async () => {
  photon = createServer(answerPhoton);
  await new Promise<void>((done) => photon.listen(0, '127.0.0.1', done));
  const searchUrl = `http://127.0.0.1:${(photon.address() as AddressInfo).port}`;
  workDir = mkdtempSync(join(tmpdir(), 'portal-photon-site-'));
  site = join(workDir, 'dist');
  const env = { PUBLIC_ADDRESS_SEARCH_URL: searchUrl };
  await buildSite(site, env);
  [portal, browser] = await Promise.all([startPortal(env, site, { demo: true }), workerBrowser()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((done) => photon?.close(done));
  rmSync(workDir, { recursive: true, force: true });
});

/** Step 4 for `number`, the holder's details typed (the look-up shows them masked only). */
async function atStep4(number: string): Promise<Visitor> {
  const you = await openVisitor(browser, portal.baseUrl);
  await you.walkTo(4, number, getDemoGuarantee(1).names.fr.nom);
  await you.typeContactIfEmpty();
  // The address typed above asked the geocoder: its suggestions close before the test begins.
  await you.page.keyboard.press('Escape');
  return you;
}

describe('Address search on step 4 (Photon)', () => {
  it('When the visitor types an address and picks a suggestion with the keyboard, then street, postal code, city and country are filled', async () => {
    mode = 'answer';
    const you = await atStep4('SO-0000010');
    const { page, t } = you;
    const address = page.getByRole('combobox', { name: t('wizard.step4.address.label') });
    expect(await address.getAttribute('aria-expanded')).toBe('false');
    await address.fill('');
    await address.pressSequentially('12 rue de la', { delay: 20 });
    const listbox = page.getByRole('listbox', { name: t('wizard.step4.address.suggestions') });
    await listbox.waitFor();
    expect(await address.getAttribute('aria-expanded')).toBe('true');
    expect(await listbox.getByRole('option').count()).toBe(2);
    await expectNoSeriousViolation(page, 'open address suggestions');
    const query = queries.at(-1);
    expect(query?.get('q')).toBe('12 rue de la');
    expect(query?.get('lang')).toBe('fr');

    await address.press('ArrowDown');
    const active = await address.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await address.press('Enter');
    // Enter picked the suggestion: the page did not move on to step 5.
    expect(new URL(page.url()).pathname).toBe('/declare-step4');
    await expect(address.inputValue()).resolves.toBe('12 Rue de la Paix');
    await expect(page.getByLabel(t('wizard.step4.cp.label')).inputValue()).resolves.toBe('44000');
    await expect(page.getByLabel(t('wizard.step4.city.label')).inputValue()).resolves.toBe('Nantes');
    await expect(page.getByLabel(t('wizard.step4.country.label')).inputValue()).resolves.toBe('250');
    expect(await address.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(async () => (await storedDraft(page))?.['address']).toBe('12 Rue de la Paix');

    // A German street: the number follows the street, the country is found by its code.
    await address.fill('');
    await address.pressSequentially('Friedrich', { delay: 20 });
    await listbox.waitFor();
    await listbox.getByRole('option', { name: /Friedrichstraße/ }).click();
    await expect(address.inputValue()).resolves.toBe('Friedrichstraße 8');
    await expect(page.getByLabel(t('wizard.step4.country.label')).inputValue()).resolves.toBe('276');
    await you.next();
    await you.expectAt('declare-step5');
    await page.context().close();
  });

  it('When the geocoder fails or is slow, then the address is typed by hand and the form goes on', async () => {
    for (const failure of ['fail', 'slow'] as const) {
      mode = failure;
      const you = await atStep4(failure === 'fail' ? 'SO-0000011' : 'SO-0000012');
      const { page, t } = you;
      const address = page.getByRole('combobox', { name: t('wizard.step4.address.label') });
      await address.fill('');
      await address.pressSequentially('3 impasse des Mimosas', { delay: 10 });
      await page.getByLabel(t('wizard.step4.cp.label')).fill('33000');
      await page.getByLabel(t('wizard.step4.city.label')).fill('Bordeaux');
      expect(await page.getByRole('listbox').isVisible()).toBe(false);
      await you.next();
      await you.expectAt('declare-step5');
      await expect(page.locator('.recap-page').textContent()).resolves.toContain('3 impasse des Mimosas');
      await page.context().close();
    }
    mode = 'answer';
  });
});
