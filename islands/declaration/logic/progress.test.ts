import { describe, expect, it } from 'vitest';
import { groupPercent, progressOf, progressOfValues } from './progress.ts';

describe('progress', () => {
  it('When a group has 0 to 3 steps, then its bar shows 0, 33, 66 or 100 %', () => {
    expect([0, 1, 2, 3].map(groupPercent)).toEqual([0, 33, 66, 100]);
  });

  it('When the groups are not all complete, then the total is 10 per step', () => {
    expect(progressOf('declare-step1').total).toBe(10);
    expect(progressOf('declare-step4')).toEqual({ request: 3, information: 2, proofs: 0, total: 50 });
    expect(progressOf('confirmation-sinistre')).toEqual({ request: 3, information: 3, proofs: 1, total: 70 });
  });

  it('When every group is complete, then the total is 100', () => {
    expect(progressOfValues(3, 3, 3).total).toBe(100);
  });
});
