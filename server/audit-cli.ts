import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { HistoryKey } from './book/history/history.js';
import { parseHead, verifyHistory } from './book/history/verify.js';
import { loadSecretsKey, SecretBox } from './security/secret-box.js';

// `npm run audit:verify [-- --head SEQ:HASH]`: re-computes every organization's tamper-evident
// history chain on the database the environment names (DATABASE_URL, or the embedded one in
// DATA_DIR: stop the server first) with the chain's key (derived from SECRETS_KEY or DATA_DIR's
// key file), names the first row that does not follow, then every live ledger row, balance and
// record that differs from what the chain says. With --head (a head printed on a reconciliation
// or in a backup's manifest), also proves that head is still in the chain: a cut tail is caught.
// Exit 0 intact, 1 broken or differing, 2 could not run.

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { head: { type: 'string' } } });
  const kept = values.head === undefined ? undefined : parseHead(values.head);
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const key = new HistoryKey(new SecretBox(loadSecretsKey(config).key));
    const result = await verifyHistory(database.db, key, undefined, kept);
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (result.firstBroken) {
      const b = result.firstBroken;
      out(
        `audit history BROKEN at row ${b.seq} (organization ${b.orgId}, ${b.subject} ${b.subjectId}): ${b.reason}; ${result.rows} rows read`,
      );
      return 1;
    }
    out(`audit history intact: ${result.rows} rows verified`);
    if (kept) out(`head ${kept.seq}:${kept.hash} is in the chain`);
    for (const h of result.heads) out(`head of organization ${h.orgId}: ${h.seq}:${h.hash}`);
    if (result.differenceCount === 0) {
      out('live ledger, balances and records match the history');
      return 0;
    }
    out(`${result.differenceCount} live value(s) differ from the history:`);
    for (const d of result.differences) {
      out(
        `  ${d.table} ${d.id} ${d.field}: history ${JSON.stringify(d.chain)}, live ${JSON.stringify(d.live)}`,
      );
    }
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
