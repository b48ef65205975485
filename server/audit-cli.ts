import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { verifyHistory } from './domain/audit/history.js';

// `npm run audit:verify`: re-computes every organization's tamper-evident history chain on the
// database the environment names (DATABASE_URL, or the embedded one in DATA_DIR: stop the server
// first) and names the first row that does not follow. Exit 0 intact, 1 broken.

async function main(): Promise<number> {
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    const result = await verifyHistory(database.db);
    if (result.ok) {
      process.stdout.write(`audit history intact: ${result.rows} rows verified\n`);
      return 0;
    }
    const b = result.firstBroken!;
    process.stdout.write(
      `audit history BROKEN at row ${b.seq} (organization ${b.orgId}, ${b.subject} ${b.subjectId}); ${result.rows} rows read\n`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
