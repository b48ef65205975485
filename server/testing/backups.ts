import { createWriteStream } from 'node:fs';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { listTables, tableChecksum, tableId, type SqlSession } from '../backup/catalog.js';
import { readBackupFile } from '../backup/backup-file.js';
import { startExport } from '../backup/export-process.js';
import { BackupWriter } from '../backup/backup-writer.js';
import type { BackupEvent, BackupHeader } from '../backup/format.js';
import { openPrivatePglite } from '../backup/embedded.js';
import { pgliteSession } from '../backup/export.js';
import { migrationsFolder, openPglite, type Database } from '../db/index.js';
import { createApiKey } from '../domain/api-keys.js';
import { createClient } from '../domain/clients.js';
import { createOrganizationWithAdmin } from '../domain/operator.js';
import { bootstrapDefaultOrganization } from '../domain/organizations.js';
import { updateSettings } from '../domain/settings.js';
import { SecretBox } from '../security/secret-box.js';
import { seedOrganization } from './seed-lists.js';

// Databases, backups and bad backups for the backup, restore and move suites.

/** The tables `fillDatabase` puts rows in: every table the application has today. */
export const FILLED_TABLES = [
  'organizations',
  'api_keys',
  'org_settings',
  'remote_sites',
  'clients',
  'matters',
  'bank_accounts',
  'payment_links',
  'aggregate_links',
  'aggregate_link_payment_links',
  'transactions',
  'jobs',
  'webhook_events',
  'webhook_event_transactions',
  'webhook_receipts',
  'integration_state',
  'remote_budgets',
  'remote_request_slots',
].map((t) => `public.${t}`);

/** Text COPY must escape and JSON must quote: a tab, a newline, a backslash, `\.`, non-ASCII. */
const NASTY = 'tab\there, new\nline, back\\slash, \\.\n, "quoted", ünïcode ✓';

/**
 * Rows in every table (FILLED_TABLES), through the domain where it writes them: two
 * organizations, keys, sealed secrets (a rotated webhook secret too), a firm's records, queued
 * jobs, webhook events and their transactions, receipts, a budget and its slots (a sequence).
 */
export async function fillDatabase(
  db: Database,
  box: SecretBox,
  sizes: { clients: number; transactions: number } = { clients: 40, transactions: 200 },
): Promise<{ orgId: string; adminKey: string; otherOrgId: string }> {
  const { organization } = await bootstrapDefaultOrganization(db, {});
  const orgId = organization.id;
  const adminKey = (await createApiKey(db, orgId, { name: 'admin', role: 'admin' })).key;
  await updateSettings(db, box, orgId, { apiToken: 'tok_live_0123456789', webhookSecret: 'one' });
  await updateSettings(db, box, orgId, { webhookSecret: 'whsec-two-0123456789' });
  await seedOrganization(db, orgId, {
    clients: sizes.clients,
    matters: Math.ceil(sizes.clients / 4),
    paymentLinks: Math.ceil(sizes.clients / 2),
    aggregateLinks: 3,
    bankAccounts: 2,
    transactions: sizes.transactions,
    webhookEvents: 10,
  });
  await createClient(db, orgId, { name: `Waiting for its sync: ${NASTY}` });
  const other = await createOrganizationWithAdmin(db, 'Other firm');
  await updateSettings(db, box, other.organization.id, { webhookSecret: 'whsec-other-firm-01' });
  await db.execute(sql`
    insert into webhook_event_transactions (webhook_event_id, org_id, transaction_service_id, outcome)
    select id, org_id, 'tx-' || event_id, 'upserted' from webhook_events limit 3`);
  await db.execute(sql`
    insert into webhook_receipts (org_id, hour, received, verified, rejected, last_received_at)
    values (${orgId}, date_trunc('hour', now()), 12, 11, 1, now())`);
  await db.execute(sql`
    insert into integration_state (org_id, bank_accounts_synced_at, reconcile_result)
    values (${orgId}, now(), jsonb_build_object('fetched', 3, 'note', ${NASTY}::text))`);
  await db.execute(sql`
    insert into remote_budgets (org_id, max_requests) values (${orgId}, 900)`);
  await db.execute(sql`
    insert into remote_request_slots (org_id, holder, started_at, lease_until, finished_at)
    select ${orgId}, 'worker-' || g, now(), now(), case when g > 1 then now() end
    from generate_series(1, 3) g`);
  return { orgId, adminKey, otherOrgId: other.organization.id };
}

/** Every table's row count and checksum, and every sequence: what two databases must share. */
export async function fingerprint(session: SqlSession): Promise<Record<string, string>> {
  await session.query(`set timezone to 'UTC'`);
  await session.query(`set datestyle to 'ISO, YMD'`);
  const out: Record<string, string> = {};
  for (const table of await listTables(session)) {
    const { rows, checksum } = await tableChecksum(session, table);
    out[tableId(table)] = `${rows} rows, checksum ${checksum}`;
  }
  // The schema's indexes and constraints too: a load that defers them must make them again.
  // (Not NOT NULL: PostgreSQL 18, in PGlite, lists those as constraints; 15 does not.)
  const schemaObjects = await session.query<{ def: string }>(`
    select pg_get_indexdef(x.indexrelid) as def from pg_index x
    join pg_class c on c.oid = x.indrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public'
    union all
    select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n'
    order by 1`);
  out['schema'] = schemaObjects.map((o) => o.def).join('\n');
  const [seq] = await session.query<{ v: string }>(
    `select last_value::text || ':' || is_called::text as v from remote_request_slots_id_seq`,
  );
  out['sequence remote_request_slots_id_seq'] = seq!.v;
  return out;
}

/**
 * A stopped server's DATA_DIR: a migrated embedded database filled (fillDatabase) with secrets
 * sealed with `key`, and its fingerprint, for a restore or a move to be compared with.
 */
export async function filledDataDir(
  dataDir: string,
  key: Buffer,
): Promise<{ orgId: string; fingerprint: Record<string, string> }> {
  const database = await openPglite(dataDir);
  let orgId: string;
  try {
    await database.migrate();
    ({ orgId } = await fillDatabase(database.db, new SecretBox(key)));
  } finally {
    await database.close();
  }
  const pg = await openPrivatePglite(path.join(dataDir, 'pgdata'));
  try {
    return { orgId, fingerprint: await fingerprint(pgliteSession(pg)) };
  } finally {
    await pg.close();
  }
}

/** A backup of the (stopped) embedded database in `pgdata`, as `npm run backup` writes it. */
export async function exportToFile(
  pgdata: string,
  file: string,
  files: { name: string; path: string }[] = [],
): Promise<void> {
  const child = startExport(pgdata, { gzip: true, files });
  await Promise.all([pipeline(child.output, createWriteStream(file)), child.done]);
}

/**
 * A copy of `file` whose events went through `edit` (a changed header, a row that breaks a
 * constraint...), written anew: a consistent file with its own correct checksums, made by a
 * different (future, or broken) writer.
 */
export async function rewriteBackup(
  file: string,
  out: string,
  edit: {
    header?(header: BackupHeader): BackupHeader;
    rows?(table: string, data: Buffer): Buffer;
  },
): Promise<void> {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(out));
  const writer = new BackupWriter(gzip);
  let table = '';
  const checksums: Record<string, string> = {};
  let totalRows = 0;
  for await (const event of readBackupFile(file) as AsyncIterable<BackupEvent>) {
    if (event.kind === 'header') await writer.header(edit.header?.(event.header) ?? event.header);
    else if (event.kind === 'table') {
      table = event.section.table;
      await writer.beginTable(event.section);
    } else if (event.kind === 'rows') {
      totalRows += await writer.rows(edit.rows?.(table, event.data) ?? event.data);
    } else if (event.kind === 'tableEnd') await writer.endTable();
    else if (event.kind === 'file') await writer.file(event.name, event.content);
    else {
      for (const [id, t] of Object.entries(event.manifest.tables)) checksums[id] = t.checksum;
      await writer.finish({ ...event.manifest, totalRows, checksums });
    }
  }
  await written;
}

/**
 * A copy of the migrations folder with one migration more (a new table, with a foreign key and
 * a sequence): what another branch's migration looks like to a backup.
 */
export function migrationsWithNewTable(dir: string): { folder: string; table: string } {
  const folder = path.join(dir, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  const last = journal.entries.at(-1)!;
  const tag = '9999_backup_probe';
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  writeFileSync(
    path.join(folder, `${tag}.sql`),
    `CREATE TABLE "backup_probes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"note" text
);`,
  );
  return { folder, table: 'public.backup_probes' };
}
