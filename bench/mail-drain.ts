import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * When the claim bench's runs may start: once the portal's mail workers have delivered the mail
 * of every claim answered so far (bench/claim-submit.ts says why a claim counts once mailed).
 */

/**
 * Waits until the mail of every claim answered so far has left, and answers how long that took
 * (ms); a target without mail answers 0 at once. Rejects when the mail does not leave in time.
 */
export type Drain = (answered: number) => Promise<number>;

/** Nothing to wait for: the bare handler sends no mail. */
export const NO_MAIL: Drain = async () => 0;

/** Longest wait for the mail of the runs before: longer means the workers are stuck. */
const DRAIN_TIMEOUT_MS = 180_000;

/**
 * The Drain of portals that deliver through the file transport (no SMTP_URL): a confirmation has
 * left when its `.eml` file is in `<DATA_DIR>/outbox` of one of the processes. A claim answered
 * 200 writes exactly one mail (distinct recipients, no copy asked); an answer the client gave up
 * on may have written one more, hence at least. The files there before the first run (the demo
 * data's few mails due again) are not counted.
 */
export function fileOutboxDrain(dataDirs: readonly string[], timeoutMs = DRAIN_TIMEOUT_MS): Drain {
  const files = () =>
    dataDirs.reduce((sum, dir) => {
      const outbox = join(dir, 'outbox');
      return sum + (existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')).length : 0);
    }, 0);
  let before: number | undefined;
  const delivered = () => {
    before ??= files();
    return files() - before;
  };
  return async (answered) => {
    if (delivered() >= answered) return 0;
    const started = Date.now();
    while (delivered() < answered) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`${answered - delivered()} confirmations still pending after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - started;
  };
}
