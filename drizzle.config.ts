import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a SQL migration for schema changes; the server applies the
// committed migrations at start on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
