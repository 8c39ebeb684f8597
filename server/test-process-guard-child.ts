import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from './logger.ts';
import { guardProcess } from './process-guard.ts';

/**
 * A separate Node process for process-guard.test.ts, run as `node server/test-process-guard-child.ts`:
 * the server's process-level handlers (guardProcess), its JSON logger on stdout, and a small HTTP
 * server whose paths make an error escape:
 * - `/reject`: a promise rejects with nobody to catch it (the process must keep serving);
 * - `/throw`: a timer throws (the process must exit non-zero for its supervisor);
 * - any other path answers `ok`.
 * Each escaping error carries personal data in its second message line and a payload property,
 * which the log must not show. Prints `listening <port>` once it listens.
 */

/** What a careless error could carry: the test checks none of it reaches the log. */
export const PERSONAL_DATA = { lastName: 'MARTIN-GUARD', email: 'jeanne.guard@example.com' };

const logger = createLogger('info');
guardProcess(logger);

/** An error as a careless library might throw it: the payload in its message's second line and a property. */
function carelessError(what: string): Error {
  return Object.assign(new Error(`${what} failed\n  for ${PERSONAL_DATA.lastName} <${PERSONAL_DATA.email}>`), {
    code: 'E_TEST_ESCAPE',
    payload: PERSONAL_DATA,
  });
}

const server = createServer((request, response) => {
  if (request.url === '/reject') void Promise.reject(carelessError('background task'));
  if (request.url === '/throw')
    setTimeout(() => {
      throw carelessError('timer');
    }, 10);
  response.end('ok');
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
