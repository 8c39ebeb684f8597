import { describe, expect, it } from 'vitest';
import { liveAnchors } from './live-anchors.ts';

const built = [
  { id: 'responsable', title: 'Responsable du traitement' },
  { id: 'avis', title: 'Avis clients' },
  { id: 'cookies', title: 'Cookies' },
];

describe('liveAnchors', () => {
  it('When the live paragraphs keep their names, then they keep their ids, even reordered', () => {
    expect(liveAnchors(['Cookies', 'Responsable du traitement', 'Avis clients'], built)).toEqual([
      'cookies',
      'responsable',
      'avis',
    ]);
  });

  it('When one name is reworded and the count is the same, then that paragraph keeps the id of its position', () => {
    expect(liveAnchors(['Responsable du traitement', 'Collecte des avis clients', 'Cookies'], built)).toEqual([
      'responsable',
      'avis',
      'cookies',
    ]);
  });

  it('When a paragraph is new, then its id is made from its name and stays unique', () => {
    expect(liveAnchors(['Avis clients', 'Données collectées', 'Cookies', 'Cookies', '!!!'], built)).toEqual([
      'avis',
      'donnees-collectees',
      'cookies',
      'cookies-2',
      'section-5',
    ]);
  });
});
