import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { formatStreetLine, loadAddressProvider } from './address-provider.ts';

describe('formatStreetLine', () => {
  it.each([
    ['FR', '12 Rue de la Paix'],
    ['BE', '12 Rue de la Paix'],
    ['GB', '12 Rue de la Paix'],
    ['us', '12 Rue de la Paix'],
  ])('When the country is %s, then the number comes first', (country, expected) => {
    expect(formatStreetLine('12', 'Rue de la Paix', country)).toBe(expected);
  });

  it.each([
    ['DE', 'Hauptstraße 5'],
    ['NL', 'Hauptstraße 5'],
    ['IT', 'Hauptstraße 5'],
    ['', 'Hauptstraße 5'],
  ])('When the country is "%s", then the number follows the street', (country, expected) => {
    expect(formatStreetLine('5', 'Hauptstraße', country)).toBe(expected);
  });

  it('When the number or the street is missing, then only the street is kept', () => {
    expect(formatStreetLine('', ' Hauptstraße ', 'DE')).toBe('Hauptstraße');
    expect(formatStreetLine('5', '', 'DE')).toBe('');
  });
});

describe('loadAddressProvider', () => {
  it('When the setting names a Photon instance, then the loaded provider searches it', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [6.1296, 49.6116] },
              properties: {
                osm_type: 'N',
                osm_id: 1,
                type: 'house',
                housenumber: '2',
                street: 'Rue du Fossé',
                postcode: '1536',
                city: 'Luxembourg',
                country: 'Lëtzebuerg',
                countrycode: 'LU',
              },
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const provider = await loadAddressProvider(`http://127.0.0.1:${port}`);

      const suggestions = await provider.search('rue du fossé', { lang: 'fr', signal: new AbortController().signal });

      expect(suggestions.map((suggestion) => suggestion.street)).toEqual(['2 Rue du Fossé']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
