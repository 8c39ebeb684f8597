import { defineConfig } from 'drizzle-kit';

/** drizzle-kit (`npm run db:generate`): writes the next numbered migration from the schema. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
