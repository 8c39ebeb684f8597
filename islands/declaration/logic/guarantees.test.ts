import { describe, expect, it } from 'vitest';
import { isSvgPath, sortedReasons, visibleGuarantees } from './guarantees.ts';
import { guarantee } from './test-fixtures.ts';

const ids = (list: { id: number }[]) => list.map((item) => item.id);

describe('visibleGuarantees', () => {
  const groups = [
    guarantee({ id: 7, ordre: 7, priorisation_declare: 1 }),
    guarantee({ id: 1, ordre: 1, priorisation_declare: 1 }),
    guarantee({ id: 3, ordre: 3, priorisation_declare: 0 }),
    guarantee({ id: 2, ordre: 2, priorisation_declare: 1 }),
    guarantee({ id: 9, ordre: 0, sinistre_affiche_declare: 0, priorisation_declare: 1 }),
    guarantee({ id: 5, ordre: 5, priorisation_declare: 1 }),
    guarantee({ id: 4, ordre: 4, priorisation_declare: 1 }),
    guarantee({ id: 6, ordre: 6, priorisation_declare: 1 }),
  ];

  it('When step 1 opens, then at most five priority groups show, by ordre, and more are offered', () => {
    expect(visibleGuarantees(groups, false)).toEqual({
      tiles: groups.filter((group) => [1, 2, 4, 5, 6].includes(group.id)).sort((a, b) => a.ordre - b.ordre),
      hasMore: true,
    });
  });

  it('When the visitor asks for more, then every shown group appears, by ordre, hidden ones never', () => {
    const { tiles, hasMore } = visibleGuarantees(groups, true);
    expect(ids(tiles)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(hasMore).toBe(false);
  });

  it('When no group is a priority, then all show at once (no lone "Voir plus" tile)', () => {
    const plain = [
      guarantee({ id: 2, ordre: 2, priorisation_declare: 0 }),
      guarantee({ id: 1, ordre: 1, priorisation_declare: 0 }),
    ];
    expect(visibleGuarantees(plain, false)).toEqual({ tiles: [plain[1], plain[0]], hasMore: false });
  });

  it('When every shown group is a priority, then nothing more is offered', () => {
    const few = [guarantee({ id: 1 }), guarantee({ id: 2, ordre: 2 })];
    expect(visibleGuarantees(few, false).hasMore).toBe(false);
  });
});

describe('sortedReasons', () => {
  it('When reasons have priorities, then the highest comes first and ties keep the API order', () => {
    const group = guarantee({
      motifs: [
        { id: 1, nom: 'a', priorisation_declare: 1 },
        { id: 2, nom: 'b', priorisation_declare: 9 },
        { id: 3, nom: 'c', priorisation_declare: 1 },
      ],
    });
    expect(ids(sortedReasons(group))).toEqual([2, 1, 3]);
  });
});

describe('isSvgPath', () => {
  it('When a logo is path data, then it is drawn; an image URL is not path data', () => {
    expect(isSvgPath('M4 5h16v15H4zM4 10h16')).toBe(true);
    expect(isSvgPath('https://cdn.example.com/tile.png')).toBe(false);
    expect(isSvgPath('/images/tile.svg')).toBe(false);
  });
});
