import { loadConfig } from '../server/config.ts';
import { ensureBuild } from './ensure-build.ts';

/**
 * `npm start`: check the configuration, build the site if its sources (or PUBLIC_* variables)
 * changed, then run the server. A wrong variable stops it with one line, before any build.
 */
try {
  loadConfig();
  await ensureBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
await import('../server/index.ts');
