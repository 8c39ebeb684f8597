import { ensureBuild } from './ensure-build.ts';

/** `npm start`: build the site if its sources changed, then run the server. */
try {
  await ensureBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import('../server/index.ts');
