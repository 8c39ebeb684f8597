import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../contracts/languages.ts';
import { createPhotonProvider, PHOTON_TIMEOUT_MS } from './photon.ts';

/** A real HTTP peer on a free port, standing in for a Photon instance. */
async function startPhoton(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://photon.test'));
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  stops.push(stop);
  return { baseUrl: `http://127.0.0.1:${port}`, requests, stop };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

function answerJson(body: unknown) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify(body));
  };
}

function search(baseUrl: string, query: string, lang: Language = 'fr', signal = new AbortController().signal) {
  return createPhotonProvider(baseUrl).search(query, { lang, signal });
}

/** Features as photon.komoot.io sends them (GeoJSON, GeocodeJSON properties). */
const LYON = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [4.8320114, 45.7578137] },
  properties: {
    osm_type: 'R',
    osm_id: 120965,
    osm_key: 'place',
    osm_value: 'city',
    type: 'city',
    name: 'Lyon',
    county: 'Métropole de Lyon',
    state: 'Auvergne-Rhône-Alpes',
    country: 'France',
    countrycode: 'FR',
    extent: [4.7718134, 45.8082628, 4.8983774, 45.7073666],
  },
};
const RUE_DE_LA_PAIX = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [2.3316624, 48.8691482] },
  properties: {
    osm_type: 'N',
    osm_id: 2831620931,
    osm_key: 'place',
    osm_value: 'house',
    type: 'house',
    housenumber: '12',
    street: 'Rue de la Paix',
    postcode: '75002',
    city: 'Paris',
    district: 'Paris 2e Arrondissement',
    county: 'Paris',
    state: 'Île-de-France',
    country: 'France',
    countrycode: 'FR',
  },
};
const HAUPTSTRASSE = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [13.3510934, 52.4874406] },
  properties: {
    osm_type: 'W',
    osm_id: 4612573,
    osm_key: 'highway',
    osm_value: 'secondary',
    type: 'street',
    name: 'Hauptstraße',
    postcode: '10827',
    city: 'Berlin',
    district: 'Schöneberg',
    state: 'Berlin',
    country: 'Deutschland',
    countrycode: 'DE',
    extent: [13.3476152, 52.4893302, 13.3560781, 52.4845207],
  },
};
/** Photon omits `postcode` where OpenStreetMap has none; its house number may come as a number. */
const VIA_ROMA = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [10.3702341, 46.4681873] },
  properties: {
    osm_type: 'N',
    osm_id: 5112784721,
    osm_key: 'building',
    osm_value: 'yes',
    type: 'house',
    housenumber: 7,
    street: 'Via Roma',
    city: 'Bormio',
    county: 'Sondrio',
    state: 'Lombardia',
    country: 'Italia',
    countrycode: 'it',
  },
};
const FRANCE = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [1.8883335, 46.603354] },
  properties: {
    osm_type: 'R',
    osm_id: 2202162,
    osm_key: 'place',
    osm_value: 'country',
    type: 'country',
    name: 'France',
    country: 'France',
    countrycode: 'FR',
  },
};

describe('createPhotonProvider', () => {
  it('When Photon answers houses, a street and places, then addresses come first in the form’s terms, unusable and repeated ones left out', async () => {
    const photon = await startPhoton(
      answerJson({
        type: 'FeatureCollection',
        features: [LYON, RUE_DE_LA_PAIX, FRANCE, HAUPTSTRASSE, { type: 'Feature' }, RUE_DE_LA_PAIX, VIA_ROMA],
      }),
    );

    expect(await search(photon.baseUrl, 'rue de la paix')).toEqual([
      {
        id: 'N2831620931',
        label: '12 Rue de la Paix, 75002 Paris, France',
        street: '12 Rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
        countryCode: 'FR',
        countryName: 'France',
      },
      {
        id: 'W4612573',
        label: 'Hauptstraße, 10827 Berlin, Deutschland',
        street: 'Hauptstraße',
        postalCode: '10827',
        city: 'Berlin',
        countryCode: 'DE',
        countryName: 'Deutschland',
      },
      {
        id: 'N5112784721',
        label: 'Via Roma 7, Bormio, Italia',
        street: 'Via Roma 7',
        postalCode: '',
        city: 'Bormio',
        countryCode: 'IT',
        countryName: 'Italia',
      },
      {
        id: 'R120965',
        label: 'Lyon, Auvergne-Rhône-Alpes, France',
        street: '',
        postalCode: '',
        city: 'Lyon',
        countryCode: 'FR',
        countryName: 'France',
      },
    ]);
  });

  it('When a point of interest has an address, then its name leads the label and the street fills the address', async () => {
    const photon = await startPhoton(
      answerJson({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [4.3517, 50.8467] },
            properties: {
              osm_type: 'W',
              osm_id: 26390573,
              osm_key: 'tourism',
              osm_value: 'museum',
              type: 'house',
              name: 'Musée Magritte',
              housenumber: '1',
              street: 'Place Royale',
              postcode: '1000',
              city: 'Bruxelles - Brussel',
              country: 'Belgique / België / Belgien',
              countrycode: 'BE',
            },
          },
        ],
      }),
    );

    expect(await search(photon.baseUrl, 'musée magritte')).toEqual([
      expect.objectContaining({
        label: 'Musée Magritte, 1 Place Royale, 1000 Bruxelles - Brussel, Belgique / België / Belgien',
        street: '1 Place Royale',
        city: 'Bruxelles - Brussel',
      }),
    ]);
  });

  it('When searching, then /api is asked for the trimmed text, five results and the page language', async () => {
    const photon = await startPhoton(answerJson({ type: 'FeatureCollection', features: [] }));

    await search(`${photon.baseUrl}/geocoder/`, '  12 rue de la paix ', 'de');

    expect(photon.requests).toHaveLength(1);
    const [request] = photon.requests;
    expect(request?.pathname).toBe('/geocoder/api');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({ q: '12 rue de la paix', limit: '5', lang: 'de' });
  });

  it.each([
    ['fr', 'fr'],
    ['en', 'en'],
    ['de', 'de'],
    ['it', 'default'],
    ['es', 'default'],
    ['nl', 'default'],
    ['pl', 'default'],
    ['da', 'default'],
    ['pt', 'default'],
  ] as const)('When the page is in %s, then Photon is asked for lang=%s', async (lang, expected) => {
    const photon = await startPhoton(answerJson({ type: 'FeatureCollection', features: [] }));

    await search(photon.baseUrl, 'berlin', lang);

    expect(photon.requests[0]?.searchParams.get('lang')).toBe(expected);
  });

  it('When only blanks are typed, then nothing is asked', async () => {
    const photon = await startPhoton(answerJson({ type: 'FeatureCollection', features: [RUE_DE_LA_PAIX] }));

    expect(await search(photon.baseUrl, '   ')).toEqual([]);
    expect(photon.requests).toHaveLength(0);
  });

  it(
    'When Photon never answers, then the search gives up after its timeout with no suggestions',
    async () => {
      const photon = await startPhoton(() => {
        // Holds the request open, as an overloaded instance does.
      });
      const started = performance.now();

      expect(await search(photon.baseUrl, 'rue de la paix')).toEqual([]);

      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(PHOTON_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(PHOTON_TIMEOUT_MS + 1000);
    },
    PHOTON_TIMEOUT_MS + 5000,
  );

  it('When the visitor types on, then the running search is abandoned with no suggestions', async () => {
    const photon = await startPhoton(() => {});
    const typing = new AbortController();
    const started = performance.now();

    const pending = search(photon.baseUrl, 'rue de la', 'fr', typing.signal);
    setTimeout(() => typing.abort(), 50);

    expect(await pending).toEqual([]);
    expect(performance.now() - started).toBeLessThan(PHOTON_TIMEOUT_MS);
  });

  it('When nothing listens on the port, then there are no suggestions', async () => {
    const photon = await startPhoton(() => {});
    await photon.stop();

    expect(await search(photon.baseUrl, 'rue de la paix')).toEqual([]);
  });

  it.each([
    ['a server error', 500, 'application/json', JSON.stringify({ message: 'internal error' })],
    ['a refused language', 400, 'application/json', '{"message":"Language is not supported."}'],
    ['an HTML page', 200, 'text/html', '<!doctype html><title>Bad gateway</title>'],
    ['JSON that is not GeoJSON', 200, 'application/json', '{"features":"none"}'],
    ['features of the wrong kind', 200, 'application/json', '{"features":[null,1,"x",{"properties":[]}]}'],
    ['a truncated body', 200, 'application/json', '{"type":"FeatureCollection","features":[{"ty'],
  ])('When Photon answers %s, then there are no suggestions', async (_case, status, type, body) => {
    const photon = await startPhoton((_request, response) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    });

    expect(await search(photon.baseUrl, 'rue de la paix')).toEqual([]);
  });
});
