import { describe, expect, it } from 'vitest';
import { serverSources } from '../test-sources.ts';

/**
 * A claim change's effects (history, mail, the live signal to the pages following the claim) are
 * its use case's: the routes and the claims socket call the use case, which writes, mails and then
 * signals. The signal reaches the use case as a dependency wired by the composition root, so no
 * feature module imports the live connections. These checks fail when that is no longer so.
 */

/** The use cases that change a claim: staff's changes, and the claimant's transmission of proofs. */
const USE_CASE_MODULES = ['staff-api/claims/service.ts', 'customer-api/proofs/service.ts'];
/** The composition root: it hands the live connections' signal to the use cases (late, for the claims socket). */
const COMPOSITION_ROOT = ['app.ts', 'index.ts'];

/** A call of the claim change signal, under the use cases' name or the live module's. */
const SIGNAL_CALL = /\b(?:signalClaimChange|claimChanged)\??\.?\(/g;

describe('The live signal of a claim change', () => {
  const sources = serverSources();

  it('When a module calls the claim change signal, then it is a use case (or the composition root passing it on)', () => {
    const callers = sources
      .filter(({ code }) => code.match(SIGNAL_CALL))
      .map(({ path }) => path)
      .toSorted();
    expect(callers.filter((path) => !USE_CASE_MODULES.includes(path) && !COMPOSITION_ROOT.includes(path))).toEqual([]);
    // Each use case module signals: a check that finds nothing would prove nothing.
    for (const path of USE_CASE_MODULES) expect(callers).toContain(path);
  });

  it('When the signal is emitted to the sockets, then it is by the live module only', () => {
    const emitters = sources.filter(({ code }) => /\.emit\(\s*['"]claimChanged['"]/.test(code)).map(({ path }) => path);
    expect(emitters).toEqual(['live/claim-following.ts']);
  });

  it('When a feature module imports the live connections, then it is not one (only live/ and the composition root do)', () => {
    const importers = sources
      .filter(({ path }) => !path.startsWith('live/') && !COMPOSITION_ROOT.includes(path))
      .filter(({ code }) => /from\s+['"][./]*\/live\//.test(code) || /from\s+['"]\.\/live\//.test(code))
      .map(({ path }) => path);
    expect(importers).toEqual([]);
  });
});
