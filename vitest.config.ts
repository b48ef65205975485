import { defineConfig } from 'vitest/config';

// Database suites (`*.db.test.ts`) run once per database: always on embedded PGlite, and on a
// real PostgreSQL server when DATABASE_URL is set (CI sets it). Everything else runs once.
const databaseSuites = ['server/**/*.db.test.ts', 'shared/**/*.db.test.ts'];
const onPostgres = Boolean(process.env.DATABASE_URL);

if (!onPostgres) {
  console.warn(
    '\n[vitest] DATABASE_URL is not set: database suites run on PGlite only, the PostgreSQL run is SKIPPED.\n',
  );
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'simulator/**/*.test.ts',
            'shared/**/*.test.ts',
            'bench/**/*.test.ts',
            'docs/**/*.test.ts',
            // The widgets' own tests run in Chromium (web-test-runner), but for these.
            'widgets/**/*.node.test.ts',
          ],
          exclude: databaseSuites,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'db:pglite',
          include: databaseSuites,
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'db:postgres',
                include: databaseSuites,
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
