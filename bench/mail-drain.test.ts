import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileOutboxDrain } from './mail-drain.ts';

describe('the claim bench waits for the mail of the claims it answered', () => {
  let root: string;
  let dirs: string[];
  const mail = (dir: string, name: string) => writeFileSync(join(dir, 'outbox', name), 'To: bench@example.com\r\n');

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mail-drain-'));
    dirs = [join(root, 'portal-0'), join(root, 'portal-1')];
    for (const dir of dirs) mkdirSync(join(dir, 'outbox'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('When the processes have written fewer confirmations than claims were answered, then the wait ends once the last one is written, across every process', async () => {
    const drain = fileOutboxDrain(dirs);
    expect(await drain(0)).toBe(0);
    mail(dirs[0] ?? '', '1-1.eml');
    const waiting = drain(3);
    let ended = false;
    void waiting.then(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ended).toBe(false);
    mail(dirs[1] ?? '', '1-2.eml');
    // A message still being written (its temporary file) is not a mail that has left.
    mail(dirs[1] ?? '', '1-3.eml.a1b2c3.tmp');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ended).toBe(false);
    mail(dirs[0] ?? '', '1-3.eml');
    expect(await waiting).toBeGreaterThanOrEqual(300);
  });

  it('When mail was already in the folders before the first run, then it is not counted as the claims’ mail', async () => {
    mail(dirs[0] ?? '', 'demo-1.eml');
    mail(dirs[1] ?? '', 'demo-2.eml');
    const drain = fileOutboxDrain(dirs, 300);
    expect(await drain(0)).toBe(0);
    await expect(drain(1)).rejects.toThrow('1 confirmations still pending after 0.3 s');
    mail(dirs[1] ?? '', '2-1.eml');
    expect(await drain(1)).toBeLessThan(100);
  });
});
