import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadAddressProvider } from './address-provider.ts';

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
